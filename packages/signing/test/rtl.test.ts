import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePdf, signPdf } from '../src/index.ts';
import { fontFile, textDepth, textWidth } from '../src/pdf/font/embed.ts';
import { readsRightToLeft, shapeLine } from '../src/pdf/font/shape.ts';
import { layoutAppearance } from '../src/pdf/layout.ts';
import { makePdf } from './support/documents.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { isDark, pixelBox, render, type Raster } from './support/render.ts';
import { removeScratch } from './support/scratch.ts';
import { pdfsig, run, tempFile } from './support/validators.ts';

let pki: TestPki;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
}, 30_000);

const arabicFont = fontFile('NotoSansArabic-Regular.ttf');
const chain = {
  font: (n: number) => (n === 0 ? fontFile('LiberationSans-Regular.ttf') : arabicFont),
  fontOf: (cp: number) => (fontFile('LiberationSans-Regular.ttf').glyphOf(cp) ? 0 : arabicFont.glyphOf(cp) ? 1 : undefined),
};

describe('right-to-left and joining scripts (font/shape.ts)', () => {
  it('an Arabic name is shaped (joined forms, not the isolated letters) and drawn right to left', () => {
    const line = shapeLine('محمد', chain);
    expect(line.complex).toBe(true);
    // Drawn left to right on the page: the last letter (dal) first, the first letter (meem) last.
    expect(line.glyphs.map((g) => g.text).join('')).toBe('دمحم');
    // Joined forms: at least three of the four glyphs are not the isolated form the cmap gives.
    const isolated = [...'دمحم'].map((ch) => arabicFont.glyphOf(ch.codePointAt(0)!));
    expect(line.glyphs.filter((g, i) => g.gid !== isolated[i]).length).toBeGreaterThanOrEqual(3);
    // Lam-alef is one ligature glyph standing for both letters.
    const lamAlef = shapeLine('لا', chain);
    expect(lamAlef.glyphs).toHaveLength(1);
    // Its ToUnicode text is reversed like the run, so that extractors reversing the run give 'لا' back.
    expect(lamAlef.glyphs[0]!.text).toBe('ال');
  });

  it('mixed text follows the bidi algorithm: Latin and digits inside Arabic stay left to right, brackets mirror', () => {
    const line = shapeLine('أحمد (Ahmed) 42', chain);
    const drawn = line.glyphs.map((g) => g.text).join('');
    expect(drawn).toBe('42 )Ahmed( دمحأ');
    // The bracket characters are swapped in order but drawn with mirrored glyphs, so the page shows "(Ahmed)".
    const liberation = fontFile('LiberationSans-Regular.ttf');
    const open = line.glyphs.find((g) => g.text === ')')!;
    expect(open.gid).toBe(liberation.glyphOf('('.codePointAt(0)!));
    expect(readsRightToLeft('أحمد (Ahmed) 42')).toBe(true);
    expect(readsRightToLeft('Ahmed أحمد')).toBe(false);
    expect(readsRightToLeft('דוד לוי')).toBe(true);
  });

  it('no letter of Arabic, Persian or Hebrew becomes "?"', () => {
    for (const name of ['محمد بن سلمان', 'فاطمة الزهراء', 'پرویز ژاله گلشیفته', 'דוד בן־גוריון', 'שָׁלוֹם']) {
      const line = shapeLine(name, { font: (n) => [fontFile('LiberationSans-Regular.ttf'), arabicFont][n]!, fontOf: chain.fontOf });
      expect(
        line.glyphs.some((g) => g.text === '?'),
        name,
      ).toBe(false);
      expect(
        line.glyphs.every((g) => g.gid > 0),
        name,
      ).toBe(true);
    }
  });
});

describe('visible signature layout: the reason is never cut, right-to-left names sit on the right', () => {
  it('a long Greek reason wraps on lines that each fit the box, no ellipsis, nothing lost', () => {
    const reason = 'Υπογράφηκε ηλεκτρονικά από Ελένη Παπαδοπούλου-Χατζηγεωργίου (Ανώνυμη Εταιρεία Ελληνικών Λογισμικών)';
    const l = layoutAppearance({
      width: 150,
      height: 60,
      name: 'Ελένη Παπαδοπούλου-Χατζηγεωργίου',
      details: [
        { text: reason, priority: 2 },
        { text: '2026-03-14 09:26:53 UTC', priority: 3, shorter: ['2026-03-14 09:26 UTC', '2026-03-14'] },
      ],
      measure: textWidth,
    });
    const detailLines = l.lines.filter((line) => line.size === l.detailSize);
    for (const line of l.lines) {
      expect(line.text).not.toContain('…');
      expect(line.x + textWidth(line.text, line.size)).toBeLessThanOrEqual(150);
    }
    expect(
      detailLines
        .map((line) => line.text)
        .slice(0, -1)
        .join(' '),
    ).toBe(reason);
  });

  it('a wrapped line keeps its paragraph direction: the reason "Signed electronically by محمد …" stays left to right on every line', () => {
    const reason = 'Signed electronically by محمد بن عبد الرحمن آل سعود (Acme Corporation)';
    const l = layoutAppearance({
      width: 150,
      height: 60,
      name: 'محمد بن عبد الرحمن آل سعود',
      details: [{ text: reason, priority: 2 }],
      measure: textWidth,
      rightToLeft: readsRightToLeft,
      depth: textDepth,
    });
    const detailLines = l.lines.filter((line) => line.size === l.detailSize);
    expect(detailLines.length).toBeGreaterThan(1);
    expect(detailLines[1]!.text.startsWith('سعود') || detailLines[1]!.text.startsWith('آل')).toBe(true);
    for (const line of detailLines) expect(line.direction).toBe('ltr');
    expect(l.lines[0]!.direction).toBe('rtl');
  });

  it('a name whose letters go deeper than Latin (Arabic dots) gets the room under its baseline: no glyph reaches the line below', () => {
    const input = {
      width: 200,
      height: 60,
      details: [{ text: 'Signed electronically', priority: 2 }],
      measure: textWidth,
      rightToLeft: readsRightToLeft,
      depth: textDepth,
    };
    for (const name of ['بن علي', 'Leïla بن علي', 'Jean Dupont']) {
      const l = layoutAppearance({ ...input, name });
      const [nameLine, detail] = [l.lines[0]!, l.lines[1]!];
      const lowest = nameLine.y - textDepth(name) * nameLine.size;
      expect(lowest, name).toBeGreaterThanOrEqual(detail.y + detail.size * 0.75);
    }
  });

  it('an Arabic name is aligned on the right edge of the text area, a Latin one on the left', () => {
    const input = { width: 200, height: 60, details: [], measure: textWidth, rightToLeft: readsRightToLeft };
    const arabic = layoutAppearance({ ...input, name: 'محمد' }).lines[0]!;
    const latin = layoutAppearance({ ...input, name: 'Jean' }).lines[0]!;
    expect(arabic.x + textWidth(arabic.text, arabic.size)).toBeCloseTo(200 - (latin.x as number), 1);
    expect(latin.x).toBeLessThan(10);
  });
});

describe('signed with Arabic and Hebrew names', () => {
  it('shaped in the PDF, text extracted in reading order, both renderers draw it, pdfsig accepts the signatures', async () => {
    const names = ['محمد بن سلمان', 'דוד בן־גוריון', 'Leïla بن علي', 'عبد الله'];
    const prepared = await preparePdf(await makePdf(), {
      fields: names.map((_, i) => ({ signerIndex: i, x: 60 + (i % 2) * 250, y: 100 + Math.floor(i / 2) * 120, width: 200, height: 70 })),
    });
    let pdf = prepared.pdf;
    for (const [i, signerName] of names.entries()) {
      pdf = await signPdf(pdf, {
        field: prepared.fields[i]!.name,
        signer: pki.signer,
        level: 'B-B',
        appearance: { signerName, reason: `Signed electronically by ${signerName} (Acme)`, date: new Date() },
      });
    }
    for (const s of pdfsig(pdf, pki)) expect(s.valid).toBe(true);
    const fonts = run('pdffonts', [tempFile(pdf, 'rtl-fonts.pdf')]).stdout;
    expect(fonts).toMatch(/[A-Z]{6}\+NotoSansArabic\S*\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    // pdftotext runs the bidi algorithm back (glyphs are drawn in visual order) and marks each right-to-left run
    // with RLE … PDF, which only steer how a terminal shows it.
    const text = run('pdftotext', ['-enc', 'UTF-8', tempFile(pdf, 'rtl-text.pdf'), '-']).stdout.replace(/[\u202a-\u202e]/g, '');
    for (const n of names) expect(text).toContain(n);
    expect(text).not.toContain('?');
    for (const renderer of ['mutool', 'pdftoppm'] as const) {
      const raster = render(pdf, renderer);
      for (const f of prepared.fields)
        expect(
          pixelBox(raster, (r, g, b, i) => isDark(r, g, b) && inBox(raster, i, f.box)),
          `${renderer} ${f.name}`,
        ).toBeDefined();
    }
  });
});

function inBox(raster: Raster, i: number, box: { x: number; y: number; width: number; height: number }): boolean {
  const col = (i / 4) % raster.width;
  const row = raster.height - 1 - Math.floor(i / 4 / raster.width);
  return col >= box.x && col < box.x + box.width && row >= box.y && row < box.y + box.height;
}
