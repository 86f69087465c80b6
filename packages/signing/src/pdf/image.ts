import { createRequire } from 'node:module';
import { constants, deflateSync, inflateSync } from 'node:zlib';
import { SigningError } from '../errors.ts';
import { PdfDict, PdfStream, name, type PdfRef } from './objects.ts';
import type { PdfUpdate } from './update.ts';

// The package is CommonJS with a nested default export; its typings describe the inner module.
const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof import('@pdf-lib/upng') }).default;

/**
 * Bounds of the handwritten signature image, checked on the PNG header (IHDR) before anything is inflated, then on
 * the inflated size. A signature pad gives a few hundred pixels a side; 4096 a side and 4 Mpx (16 MB as RGBA) leave
 * ample room while keeping the decoding under ≈ 50 MB.
 */
export const HANDWRITING_LIMITS = {
  maxBytes: 8 * 1024 * 1024,
  maxSide: 4096,
  maxPixels: 4 * 1024 * 1024,
} as const;

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function unreadable(message: string, cause?: unknown): SigningError {
  return new SigningError('UNSUPPORTED', `The handwritten signature is not a readable PNG image: ${message}`, undefined, cause ? { cause } : undefined);
}

/** The IHDR fields, read without decoding anything. */
export function readPngHeader(png: Uint8Array): PngHeader {
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (b.length < 33 || !b.subarray(0, 8).equals(SIGNATURE) || b.toString('latin1', 12, 16) !== 'IHDR') throw unreadable('no PNG header');
  const header = { width: b.readUInt32BE(16), height: b.readUInt32BE(20), bitDepth: b[24]!, colorType: b[25]!, interlace: b[28]! };
  if (CHANNELS[header.colorType] === undefined || ![1, 2, 4, 8, 16].includes(header.bitDepth)) throw unreadable('unknown colour type or bit depth');
  return header;
}

/** Refuses an image over the bounds from its header; returns the IDAT data and the most it may inflate to. */
function checkedPng(png: Uint8Array): { header: PngHeader; idat: Buffer; rawSize: number } {
  if (png.byteLength > HANDWRITING_LIMITS.maxBytes) {
    throw new SigningError('IMAGE_TOO_LARGE', `The handwritten signature image is larger than ${HANDWRITING_LIMITS.maxBytes} bytes`, { bytes: png.byteLength });
  }
  const header = readPngHeader(png);
  const { width, height } = header;
  if (!width || !height || width > HANDWRITING_LIMITS.maxSide || height > HANDWRITING_LIMITS.maxSide || width * height > HANDWRITING_LIMITS.maxPixels) {
    throw new SigningError(
      'IMAGE_TOO_LARGE',
      `The handwritten signature image is ${width}×${height} pixels; at most ${HANDWRITING_LIMITS.maxSide} a side and ${HANDWRITING_LIMITS.maxPixels} pixels are accepted`,
      { width, height },
    );
  }
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const parts: Buffer[] = [];
  for (let at = 8; at + 8 <= b.length;) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > b.length) break;
    if (type === 'IDAT') parts.push(b.subarray(at + 8, at + 8 + length));
    if (type === 'acTL') throw unreadable('animated PNGs are not accepted');
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const rowBytes = Math.ceil((width * CHANNELS[header.colorType]! * header.bitDepth) / 8) + 1;
  // Adam7 adds a filter byte per row of each of its 7 passes: bounded by 7 more rows plus one byte per row.
  const rawSize = rowBytes * height + (header.interlace ? 7 * rowBytes + 7 * height : 0);
  return { header, idat: Buffer.concat(parts), rawSize };
}

/** Decodes to RGBA with UPNG, giving it `raw` (the already inflated image data) instead of letting it inflate. */
function decodeRgba(png: Uint8Array, raw: Buffer): Uint8Array {
  const decoder = UPNG.decode as unknown as { _inflate: (data: Uint8Array, buffer: Uint8Array) => Uint8Array };
  const upngInflate = decoder._inflate;
  // Synchronous: nothing else can observe the substitution, undone before returning. Native zlib is both bounded
  // (above) and several times faster than UPNG's JavaScript inflate.
  decoder._inflate = (_data, buffer) => (buffer.length <= raw.length ? raw : Buffer.concat([raw, Buffer.alloc(buffer.length - raw.length)]));
  try {
    const decoded = UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
    return new Uint8Array(UPNG.toRGBA8(decoded)[0]!);
  } finally {
    decoder._inflate = upngInflate;
  }
}

/**
 * The handwriting as an image XObject: RGB with its alpha as a soft mask, or, for PDF/A-1 (no transparency), with
 * a 1-bit stencil /Mask (pixels more than half transparent are left out).
 */
export function imageXObject(update: PdfUpdate, png: Uint8Array, options: { noTransparency?: boolean } = {}): { ref: PdfRef; width: number; height: number } {
  const { header, idat, rawSize } = checkedPng(png);
  let raw: Buffer;
  try {
    // Bounded inflate: image data that expands past what the header announces is refused here, before decoding.
    raw = inflateSync(idat, { maxOutputLength: rawSize + 1024, chunkSize: rawSize + 1025 });
  } catch (cause) {
    if ((cause as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new SigningError('IMAGE_TOO_LARGE', 'The handwritten signature image decompresses beyond the size its header announces', { rawSize });
    }
    throw unreadable('corrupt image data', cause);
  }
  let rgba: Uint8Array;
  try {
    rgba = decodeRgba(png, raw);
  } catch (cause) {
    throw unreadable('it cannot be decoded', cause);
  }
  const { width, height } = header;
  const pixels = width * height;
  if (rgba.length < pixels * 4) throw unreadable('truncated image data');
  const rgb = Buffer.allocUnsafe(pixels * 3);
  const alpha = Buffer.allocUnsafe(pixels);
  let opaque = true;
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = rgba[i * 4]!;
    rgb[i * 3 + 1] = rgba[i * 4 + 1]!;
    rgb[i * 3 + 2] = rgba[i * 4 + 2]!;
    alpha[i] = rgba[i * 4 + 3]!;
    if (alpha[i] !== 255) opaque = false;
  }
  const common = (colorSpace: string) =>
    new PdfDict([
      ['Type', name('XObject')],
      ['Subtype', name('Image')],
      ['Width', width],
      ['Height', height],
      ['ColorSpace', name(colorSpace)],
      ['BitsPerComponent', 8],
      ['Filter', name('FlateDecode')],
    ]);
  // Run-length deflate: handwriting is mostly runs of one colour; zlib's default level spends 4–5× longer for
  // about half the size (1–5 ms per signature for a pad-sized image).
  const pack = (data: Buffer) => deflateSync(data, { strategy: constants.Z_RLE });
  const imageDict = common('DeviceRGB');
  if (!opaque && !options.noTransparency) imageDict.set('SMask', update.add(new PdfStream(common('DeviceGray'), pack(alpha))));
  else if (!opaque) {
    const rowBytes = Math.ceil(width / 8);
    const bits = Buffer.alloc(rowBytes * height);
    // /ImageMask with the default /Decode [0 1]: a 1 sample is masked out, so transparent pixels get a 1.
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (alpha[y * width + x]! < 128) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    const mask = new PdfDict([
      ['Type', name('XObject')],
      ['Subtype', name('Image')],
      ['Width', width],
      ['Height', height],
      ['ImageMask', true],
      ['Filter', name('FlateDecode')],
    ]);
    imageDict.set('Mask', update.add(new PdfStream(mask, pack(bits))));
  }
  return { ref: update.add(new PdfStream(imageDict, pack(rgb))), width, height };
}
