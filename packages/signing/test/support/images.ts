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
