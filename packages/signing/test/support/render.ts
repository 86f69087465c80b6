/**
 * Renders PDF pages with the viewers' engines (poppler's pdftoppm, MuPDF's mutool, Ghostscript) at 72 dpi, so one
 * pixel is one point of the page AS SHOWN, and finds where something was drawn. A missing tool fails the test.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './scratch.ts';

const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof import('@pdf-lib/upng') }).default;

export type Renderer = 'pdftoppm' | 'mutool' | 'gs';
export const renderers: Renderer[] = ['pdftoppm', 'mutool', 'gs'];

export interface Raster {
  width: number;
  height: number;
  /** RGBA, row 0 at the top. */
  rgba: Uint8Array;
}

/** Page `page` (1-based) of `pdf` at 72 dpi, the crop box (what viewers show), rotation applied. */
export function render(pdf: Uint8Array, renderer: Renderer, page = 1): Raster {
  const dir = scratchDir(`render-${renderer}`);
  const input = join(dir, 'in.pdf');
  writeFileSync(input, pdf);
  if (renderer === 'pdftoppm') {
    execFileSync('pdftoppm', ['-r', '72', '-cropbox', '-png', '-f', String(page), '-l', String(page), input, join(dir, 'out')]);
  } else if (renderer === 'mutool') {
    execFileSync('mutool', ['draw', '-q', '-r', '72', '-o', join(dir, 'out.png'), input, String(page)], { stdio: 'pipe' });
  } else {
    execFileSync(
      'gs',
      [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-sDEVICE=png16m',
        '-r72',
        '-dUseCropBox',
        `-dFirstPage=${page}`,
        `-dLastPage=${page}`,
        `-sOutputFile=${join(dir, 'out.png')}`,
        input,
      ],
      { stdio: 'pipe' },
    );
  }
  const file = readdirSync(dir).find((f) => f.startsWith('out') && f.endsWith('.png'));
  if (!file) throw new Error(`${renderer} produced no image`);
  const png = readFileSync(join(dir, file));
  const decoded = UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
  return { width: decoded.width, height: decoded.height, rgba: new Uint8Array(UPNG.toRGBA8(decoded)[0]!) };
}

/** A box in visible-page coordinates (origin bottom-left, y up), like PreparedField.box. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Bounding box (visible coordinates) of the pixels for which `match(r, g, b, beforeR, beforeG, beforeB)` holds. */
export function pixelBox(after: Raster, match: (r: number, g: number, b: number, i: number) => boolean): Box | undefined {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let row = 0; row < after.height; row++) {
    for (let col = 0; col < after.width; col++) {
      const i = (row * after.width + col) * 4;
      if (!match(after.rgba[i]!, after.rgba[i + 1]!, after.rgba[i + 2]!, i)) continue;
      minX = Math.min(minX, col);
      maxX = Math.max(maxX, col);
      minY = Math.min(minY, row);
      maxY = Math.max(maxY, row);
    }
  }
  if (minX === Infinity) return undefined;
  // Pixel rows count from the top; visible coordinates from the bottom.
  return { x: minX, y: after.height - 1 - maxY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Pixels that differ between two renders of the same page. */
export function changedBox(before: Raster, after: Raster, threshold = 40): Box | undefined {
  if (before.width !== after.width || before.height !== after.height) throw new Error('renders of different sizes');
  return pixelBox(after, (r, g, b, i) => Math.abs(r - before.rgba[i]!) + Math.abs(g - before.rgba[i + 1]!) + Math.abs(b - before.rgba[i + 2]!) > threshold);
}

/** Pure green (the test handwriting colour), tolerant of anti-aliasing inside the image. */
export const isGreen = (r: number, g: number, b: number) => g > 180 && r < 90 && b < 90;
/** Dark ink: text. */
export const isDark = (r: number, g: number, b: number) => r + g + b < 200;

/** `inner` lies inside `outer`, give or take `slack` pixels. */
export function within(inner: Box, outer: Box, slack = 2): boolean {
  return (
    inner.x >= outer.x - slack &&
    inner.y >= outer.y - slack &&
    inner.x + inner.width <= outer.x + outer.width + slack &&
    inner.y + inner.height <= outer.y + outer.height + slack
  );
}

/** `a` and `b` are the same box, give or take `slack` pixels on every edge. */
export function sameBox(a: Box, b: Box, slack = 2): boolean {
  return (
    Math.abs(a.x - b.x) <= slack &&
    Math.abs(a.y - b.y) <= slack &&
    Math.abs(a.x + a.width - (b.x + b.width)) <= slack &&
    Math.abs(a.y + a.height - (b.y + b.height)) <= slack
  );
}
