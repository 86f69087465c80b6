import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { Encodings, Font, FontNames } from '@pdf-lib/standard-fonts';
import { SigningError } from '../errors.ts';
import { PdfDict, PdfRef, PdfStream, name } from './objects.ts';
import { serializeNumber as num } from './serialize.ts';
import type { PdfUpdate } from './update.ts';

// The package is CommonJS with a nested default export; its typings describe the inner module.
const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof import('@pdf-lib/upng') }).default;

export interface VisibleAppearance {
  signerName: string;
  reason?: string;
  location?: string;
  date: Date;
  /** Handwritten signature image (PNG, alpha kept as a soft mask). */
  handwrittenPng?: Uint8Array;
}

let helvetica: Font | undefined;
function font(): Font {
  helvetica ??= Font.load(FontNames.Helvetica);
  return helvetica;
}

/** Text to WinAnsi bytes (what the standard Helvetica understands); unmappable characters become '?'. */
export function winAnsi(text: string): { bytes: Buffer; width1000: number } {
  const codes: number[] = [];
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const glyph = Encodings.WinAnsi.canEncodeUnicodeCodePoint(cp) ? Encodings.WinAnsi.encodeUnicodeCodePoint(cp) : { code: 0x3f, name: 'question' };
    codes.push(glyph.code);
    width += font().getWidthOfGlyph(glyph.name) || 556;
  }
  return { bytes: Buffer.from(codes), width1000: width };
}

function formatDate(date: Date): string {
  return date.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
}

function imageXObject(update: PdfUpdate, png: Uint8Array): { ref: PdfRef; width: number; height: number } {
  let decoded: ReturnType<typeof UPNG.decode>;
  let rgba: Uint8Array;
  try {
    decoded = UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
    rgba = new Uint8Array(UPNG.toRGBA8(decoded)[0]!);
  } catch (cause) {
    throw new SigningError('UNSUPPORTED', 'The handwritten signature is not a readable PNG image', undefined, { cause });
  }
  const { width, height } = decoded;
  if (!width || !height || width * height > 16_000_000) throw new SigningError('UNSUPPORTED', 'The handwritten signature image is too large');
  const pixels = width * height;
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
  const imageDict = common('DeviceRGB');
  if (!opaque) imageDict.set('SMask', update.add(new PdfStream(common('DeviceGray'), deflateSync(alpha))));
  return { ref: update.add(new PdfStream(imageDict, deflateSync(rgb))), width, height };
}

/**
 * The widget's normal appearance (/AP /N): a Form XObject holding the handwriting and the text, so that
 * signing never touches page content (pdfsig cannot see page changes made after a signature).
 */
export function buildAppearance(update: PdfUpdate, width: number, height: number, a: VisibleAppearance): PdfRef {
  const resources = new PdfDict();
  const fontRef = update.add(
    new PdfDict([
      ['Type', name('Font')],
      ['Subtype', name('Type1')],
      ['BaseFont', name('Helvetica')],
      ['Encoding', name('WinAnsiEncoding')],
    ]),
  );
  resources.set('Font', new PdfDict([['F1', fontRef]]));
  const ops: string[] = [];
  const pad = Math.min(4, width * 0.05, height * 0.05);
  let textLeft = pad;
  if (a.handwrittenPng) {
    const img = imageXObject(update, a.handwrittenPng);
    resources.set('XObject', new PdfDict([['Im1', img.ref]]));
    const boxW = width * 0.45 - pad;
    const boxH = height - 2 * pad;
    const scale = Math.min(boxW / img.width, boxH / img.height);
    const w = img.width * scale;
    const h = img.height * scale;
    ops.push(`q ${num(w)} 0 0 ${num(h)} ${num(pad + (boxW - w) / 2)} ${num(pad + (boxH - h) / 2)} cm /Im1 Do Q`);
    textLeft = width * 0.45 + pad;
  }
  const lines = [a.signerName, a.reason, a.location, formatDate(a.date)].filter((l): l is string => !!l && l.trim() !== '');
  const encoded = lines.map(winAnsi);
  const textWidth = Math.max(1, width - textLeft - pad);
  const maxWidth1000 = Math.max(...encoded.map((e) => e.width1000), 1);
  const size = Math.max(2, Math.min(10, (height - 2 * pad) / (lines.length * 1.2), (textWidth * 1000) / maxWidth1000));
  ops.push('BT', '0 g', `/F1 ${num(size)} Tf`, `${num(size * 1.2)} TL`);
  ops.push(`${num(textLeft)} ${num(height - pad - size)} Td`);
  encoded.forEach((e, i) => ops.push(`${i ? 'T* ' : ''}<${e.bytes.toString('hex')}> Tj`));
  ops.push('ET');
  const form = new PdfDict([
    ['Type', name('XObject')],
    ['Subtype', name('Form')],
    ['BBox', [0, 0, width, height]],
    ['Resources', resources],
  ]);
  return update.add(new PdfStream(form, Buffer.from(ops.join('\n'), 'latin1')));
}
