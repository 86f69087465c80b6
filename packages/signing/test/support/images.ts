import { createRequire } from 'node:module';

const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof import('@pdf-lib/upng') }).default;

/** A small RGBA PNG with a transparent background and a dark diagonal stroke, like signature_pad output. */
export function handwritingPng(width = 120, height = 40): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let x = 0; x < width; x++) {
    const y = Math.round(height / 2 + Math.sin(x / 8) * (height / 3));
    for (let dy = -1; dy <= 1; dy++) {
      const i = ((y + dy) * width + x) * 4;
      if (i >= 0 && i < rgba.length) rgba.set([10, 20, 90, 255], i);
    }
  }
  return new Uint8Array(UPNG.encode([rgba.buffer], width, height, 0));
}

/** An opaque single-colour PNG (default pure green): where it lands on a render is easy to find. */
export function solidPng(width = 300, height = 100, rgb: [number, number, number] = [0, 255, 0]): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([...rgb, 255], i * 4);
  return new Uint8Array(UPNG.encode([rgba.buffer], width, height, 0));
}

/** A PNG header (IHDR) claiming `width` × `height`, with `idat` as its compressed data. */
export function pngWithHeader(width: number, height: number, idat: Uint8Array, colorType = 6): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    Buffer.from(data).copy(out, 8);
    out.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data)])), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array()),
  ]);
}

function crc32(data: Uint8Array): number {
  let c = ~0;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
