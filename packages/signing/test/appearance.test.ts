import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigningError, inspectPdf, preparePdf, signPdf } from '../src/index.ts';
import { embedFont, engineFont, glyphsOf, textWidth } from '../src/pdf/font/embed.ts';
import { subsetTrueType } from '../src/pdf/font/truetype.ts';
import { MIN_DETAIL_SIZE, layoutAppearance, type AppearanceLayout } from '../src/pdf/layout.ts';
import { PdfReader } from '../src/pdf/reader.ts';
import { PdfUpdate } from '../src/pdf/update.ts';
import { makePdf } from './support/documents.ts';
import { handwritingPng, pngWithHeader } from './support/images.ts';
import { libreOfficePdfA } from './support/libreoffice.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { isDark, pixelBox, render } from './support/render.ts';
import { removeScratch } from './support/scratch.ts';
import { pdfsig, run, tempFile } from './support/validators.ts';

let pki: TestPki;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
}, 30_000);

const details = [
  { text: 'Lu et approuvé', priority: 2 },
  { text: 'Orléans', priority: 1 },
  { text: '2026-03-14 09:26:53 UTC', priority: 3, shorter: ['2026-03-14 09:26 UTC', '2026-03-14'] },
];
const layout = (width: number, height: number, name = 'Éloïse Dupré', imageAspect?: number) =>
  layoutAppearance({ width, height, name, details, imageAspect, measure: textWidth });

/** Every line inside the box, left of nothing, lines not overlapping, image (if any) keeping its 3:1 ratio on the left. */
function expectSane(l: AppearanceLayout, width: number, height: number): void {
  for (const line of l.lines) {
    expect(line.x).toBeGreaterThanOrEqual(0);
    expect(line.x + textWidth(line.text, line.size)).toBeLessThanOrEqual(width + 0.01);
    expect(line.y - line.size * 0.22).toBeGreaterThanOrEqual(0);
    expect(line.y + line.size * 0.75).toBeLessThanOrEqual(height + 0.01);
  }
  for (let i = 1; i < l.lines.length; i++) expect(l.lines[i - 1]!.y - l.lines[i]!.y).toBeGreaterThanOrEqual(l.lines[i]!.size * 0.99);
  if (l.image) {
    expect(l.image.width / l.image.height).toBeCloseTo(3, 5);
    expect(l.image.x + l.image.width).toBeLessThanOrEqual(Math.min(...l.lines.map((x) => x.x)) + 0.01);
    expect(l.image.y).toBeGreaterThanOrEqual(0);
    expect(l.image.y + l.image.height).toBeLessThanOrEqual(height);
  }
}

describe('appearance layout (pure)', () => {
  it.each([
    // box, min name size without / with handwriting, details kept without / with
    [150, 60, 18, 12, 3, 3],
    [200, 70, 20, 16, 3, 3],
    [100, 30, 9, 9, 2, 2],
    [300, 100, 24, 24, 3, 3],
  ])('%i × %i: name ≥ %i pt (≥ %i pt with handwriting), details ≥ 6 pt', (width, height, minName, minNameImage, keptPlain, keptImage) => {
    for (const [aspect, min, kept] of [
      [undefined, minName, keptPlain],
      [3, minNameImage, keptImage],
    ] as const) {
      const l = layout(width, height, 'Éloïse Dupré', aspect);
      expect(l.nameSize).toBeGreaterThanOrEqual(min);
      expect(l.lines.filter((x) => x.size === l.detailSize)).toHaveLength(kept);
      expect(l.detailSize).toBeGreaterThanOrEqual(MIN_DETAIL_SIZE);
      expect(l.detailSize).toBeLessThan(l.nameSize);
      expectSane(l, width, height);
    }
  });

  it('a long name wraps (on hyphens and spaces) rather than shrinking to dust', () => {
    const name = 'Maximilien-Alexandre de La Rochefoucauld-Montbazon';
    for (const [w, h, min] of [
      [200, 70, 9],
      [150, 60, 8],
      [300, 100, 13],
    ] as const) {
      for (const aspect of [undefined, 3]) {
        const l = layout(w, h, name, aspect);
        const nameLines = l.lines.filter((x) => x.size === l.nameSize);
        expect(nameLines.length).toBeGreaterThan(1);
        expect(
          nameLines
            .map((x) => x.text)
            .join(' ')
            .replace(/- /g, '-'),
        ).toBe(name);
        expect(l.nameSize).toBeGreaterThanOrEqual(aspect ? min - 0.6 : min);
        expectSane(l, w, h);
      }
    }
  });

  it('tiny boxes drop details by priority (place, reason, then date) and keep the name ≥ 4 pt', () => {
    const small = layout(100, 30);
    expect(small.dropped).toEqual(['Orléans']);
    const tiny = layout(40, 12);
    expect(tiny.dropped).toEqual(['Orléans', 'Lu et approuvé', '2026-03-14 09:26:53 UTC']);
    expect(tiny.nameSize).toBeGreaterThanOrEqual(4);
    expect(tiny.lines.map((x) => x.text)).toEqual(['Éloïse Dupré']);
    expect(layout(100, 30, 'Éloïse Dupré', 3).lines.map((x) => x.text)).toContain('2026-03-14'); // the date's short form
  });
});

describe('embedded Unicode font', () => {
  const names = ['Éloïse Dupré', 'Łukasz Żółć', 'Σωκράτης', 'Дмитрий'];

  it('names in any Latin, Greek or Cyrillic script: embedded subsets, extractable text, upright rendering', async () => {
    const prepared = await preparePdf(await makePdf(), {
      fields: names.map((_, i) => ({ signerIndex: i, x: 60 + (i % 2) * 250, y: 100 + Math.floor(i / 2) * 120, width: 200, height: 70 })),
      watermark: { text: 'Sans valeur légale — test' },
    });
    let pdf = prepared.pdf;
    const sizes: number[] = [];
    for (const [i, signerName] of names.entries()) {
      const before = pdf.length;
      pdf = await signPdf(pdf, {
        field: prepared.fields[i]!.name,
        signer: pki.signer,
        level: 'B-B',
        appearance: { signerName, reason: 'Lu et approuvé', date: new Date() },
      });
      sizes.push(pdf.length - before);
    }
    const fonts = run('pdffonts', [tempFile(pdf, 'fonts.pdf')])
      .stdout.split('\n')
      .filter((l) => l.includes('LiberationSans'));
    expect(fonts).toHaveLength(names.length + 1); // one subset per appearance + the watermark's
    for (const line of fonts) expect(line).toMatch(/^[A-Z]{6}\+LiberationSans\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    const text = run('pdftotext', ['-enc', 'UTF-8', tempFile(pdf, 'text.pdf'), '-']).stdout;
    for (const n of names) expect(text).toContain(n);
    expect(text).toContain('Lu et approuvé');
    for (const s of pdfsig(pdf, pki)) expect(s.valid).toBe(true);
    // pdffonts/pdftotext run on poppler; MuPDF draws the glyphs (not .notdef boxes): ink in every field.
    const raster = render(pdf, 'mutool');
    for (const f of prepared.fields)
      expect(
        pixelBox(raster, (r, g, b, i) => isDark(r, g, b) && inBox(raster, i, f.box)),
        f.name,
      ).toBeDefined();
  });

  it('Greek, Polish, Japanese and Korean names: each character in the first font that has it, extracted back exactly', async () => {
    const international = ['Αλέξανδρος Παπαδόπουλος', 'Zażółć Gęślą Jaźń', 'Łukasz Wiśniewski', '山田太郎', '김민준 (Kim)'];
    const prepared = await preparePdf(await makePdf(), {
      fields: international.map((_, i) => ({ signerIndex: i, x: 60 + (i % 2) * 250, y: 100 + Math.floor(i / 2) * 120, width: 200, height: 70 })),
      watermark: { text: '見本 — Δείγμα' },
    });
    let pdf = prepared.pdf;
    for (const [i, signerName] of international.entries()) {
      pdf = await signPdf(pdf, {
        field: prepared.fields[i]!.name,
        signer: pki.signer,
        level: 'B-B',
        appearance: { signerName, reason: 'Lu et approuvé', date: new Date() },
      });
    }
    const fonts = run('pdffonts', [tempFile(pdf, 'cjk-fonts.pdf')]).stdout;
    expect(fonts).toMatch(/[A-Z]{6}\+DroidSansFallback\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(fonts).toMatch(/[A-Z]{6}\+NanumSquare\S*\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    const text = run('pdftotext', ['-enc', 'UTF-8', tempFile(pdf, 'cjk-text.pdf'), '-']).stdout;
    for (const n of international) expect(text).toContain(n);
    for (const s of pdfsig(pdf, pki)) expect(s.valid).toBe(true);
    const raster = render(pdf, 'mutool');
    for (const f of prepared.fields)
      expect(
        pixelBox(raster, (r, g, b, i) => isDark(r, g, b) && inBox(raster, i, f.box)),
        f.name,
      ).toBeDefined();
  });

  it('a Latin-only text embeds Liberation Sans alone; a Japanese one adds the fallback, measured with its own advances', () => {
    const update = new PdfUpdate(PdfReader.open(Buffer.from(minimalPdf())));
    expect(
      embedFont(update, ['Éloïse Dupré'])
        .resources('F1')
        .map(([n]) => n),
    ).toEqual(['F1']);
    const mixed = embedFont(update, ['Taro 山田']);
    expect(mixed.resources('F1').map(([n]) => n)).toEqual(['F1', 'F1X1']);
    expect(mixed.show('Taro 山田', 'F1', 12)).toMatch(/^<[0-9a-f]+> Tj \/F1X1 12 Tf <[0-9a-f]{8}> Tj \/F1 12 Tf$/);
    expect(textWidth('山田', 10)).toBeGreaterThan(textWidth('ab', 10));
  });

  it('the subset is a valid TrueType font: same outlines and advances as the original (checked with fontkit)', () => {
    const font = engineFont();
    const gids = [...new Set(glyphsOf(names.join(' ') + ' 0123456789:-'))];
    const { bytes, newId } = subsetTrueType(font, gids);
    const original = fontkit.create(readFileSync(new URL('../assets/fonts/LiberationSans-Regular.ttf', import.meta.url)));
    const subset = fontkit.create(bytes);
    expect(subset.numGlyphs).toBe(newId.size);
    for (const [oldId, id] of newId) {
      const a = original.getGlyph(oldId);
      const b = subset.getGlyph(id);
      expect(b.advanceWidth).toBe(a.advanceWidth);
      expect(b.path.toSVG()).toBe(a.path.toSVG());
    }
  });

  it('a character no font has becomes "?", never an empty box, and the font stays small', () => {
    const update = new PdfUpdate(PdfReader.open(Buffer.from(minimalPdf())));
    const embedded = embedFont(update, ['Éloïse Dupré — ሀ']);
    expect(embedded.show('ሀ', 'F1', 10)).toBe(embedded.show('?', 'F1', 10));
    expect(embedded.resources('F1')).toHaveLength(1);
    expect(embedded.bytes).toBeLessThan(8 * 1024);
  });
});

function inBox(raster: { width: number; height: number }, i: number, box: { x: number; y: number; width: number; height: number }): boolean {
  const col = (i / 4) % raster.width;
  const row = raster.height - 1 - Math.floor(i / 4 / raster.width);
  return col >= box.x && col < box.x + box.width && row >= box.y && row < box.y + box.height;
}

function minimalPdf(): string {
  const objs = ['<</Type /Catalog /Pages 2 0 R>>', '<</Type /Pages /Count 1 /Kids [3 0 R]>>', '<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>'];
  let out = '%PDF-1.7\n';
  const offsets = objs.map((o, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 4\n0000000000 65535 f\r\n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`).join('')}trailer\n<</Size 4 /Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

/** Every object appended after `from`, as text (the engine writes its own objects uncompressed). */
function appended(pdf: Uint8Array, from: number): string {
  return Buffer.from(pdf.subarray(from)).toString('latin1');
}

describe('PDF/A in, PDF/A out (what the engine adds)', () => {
  it.each([
    [2, '2B'],
    [1, '1A'],
  ] as const)('LibreOffice PDF/A-%i: claim kept, every font embedded, annotations with appearances and no hidden flag', async (part, claim) => {
    const original = libreOfficePdfA(part);
    const inspected = await inspectPdf(original);
    expect(inspected.ok && inspected.pdfA).toBe(claim);
    const prepared = await preparePdf(original, {
      fields: [{ signerIndex: 0, x: 60, y: 80, width: 200, height: 70 }],
      watermark: { text: 'Sans valeur légale' },
    });
    const pdf = await signPdf(prepared.pdf, {
      field: 'signer-1',
      signer: pki.signer,
      level: 'B-T',
      tsa: pki.tsa,
      certify: true,
      appearance: { signerName: 'Łukasz Żółć', reason: 'Lu et approuvé', date: new Date(), handwrittenPng: handwritingPng(300, 100) },
    });
    const after = await inspectPdf(prepared.pdf);
    expect(after.ok && after.pdfA).toBe(claim);
    const fonts = run('pdffonts', [tempFile(pdf, 'a.pdf')])
      .stdout.split('\n')
      .slice(2)
      .filter(Boolean);
    for (const line of fonts) expect(line, 'every font embedded').toMatch(/\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$/);
    for (const line of fonts.filter((l) => l.includes('LiberationSans'))) expect(line).toMatch(/CID TrueType\s+Identity-H\s+yes yes yes/);
    const reader = PdfReader.open(pdf);
    for (const pageRef of reader.pageRefs()) {
      for (const a of reader.resolveArray(reader.getDict(pageRef).get('Annots'))) {
        const annot = reader.resolveDict(a)!;
        const flags = annot.get('F') as number;
        expect(flags & 4, 'print flag').toBe(4);
        expect(flags & (1 | 2 | 32 | 256), 'no invisible/hidden/noview flags').toBe(0);
        const rect = reader.resolveArray(annot.get('Rect')) as number[];
        if (rect[2]! - rect[0]! > 0) expect(reader.resolveDict(annot.get('AP'))?.has('N'), 'appearance').toBe(true);
      }
    }
    const added = appended(pdf, original.length);
    expect(added).toContain('/CIDSet');
    if (part === 1) {
      expect(added, 'no soft mask in PDF/A-1').not.toContain('/SMask');
      expect(added, 'no constant alpha in PDF/A-1').not.toMatch(/\/ca\s|\/CA\s/);
      expect(added).toContain('/ImageMask true');
      // The stencil-masked handwriting still shows its stroke, without painting its background.
      const raster = render(pdf, 'mutool');
      const imageArea = { x: 60, y: 80, width: 80, height: 70 }; // left 40 % of the field
      let inked = 0;
      pixelBox(raster, (r, g, b, i) => (r + g + b < 600 && inBox(raster, i, imageArea) ? (inked++, true) : false));
      expect(inked, 'handwriting stroke drawn').toBeGreaterThan(20);
      expect(inked, 'its transparent background left out').toBeLessThan(imageArea.width * imageArea.height * 0.3);
    }
    for (const s of pdfsig(pdf, pki)) expect(s.valid).toBe(true);
  });
});

describe('handwriting image bounds', () => {
  const sign = async (png: Uint8Array) => {
    const prepared = await preparePdf(await makePdf(), { fields: [{ signerIndex: 0 }] });
    return signPdf(prepared.pdf, {
      field: 'signer-1',
      signer: pki.signer,
      level: 'B-B',
      appearance: { signerName: 'X', date: new Date(), handwrittenPng: png },
    });
  };
  const code = (p: Promise<unknown>) =>
    p.then(
      () => 'accepted',
      (e: unknown) => (e instanceof SigningError ? e.code : `not a SigningError: ${String(e)}`),
    );

  it('refuses from the header, before inflating: 12000 × 12000 in 17 KB, a side over 4096', async () => {
    const bomb = pngWithHeader(12000, 12000, deflateSync(Buffer.alloc(12000 * 4 + 1)));
    expect(bomb.length).toBeLessThan(20_000);
    expect(await code(sign(bomb))).toBe('IMAGE_TOO_LARGE');
    expect(await code(sign(pngWithHeader(5000, 10, deflateSync(Buffer.alloc(10 * 20001)))))).toBe('IMAGE_TOO_LARGE');
  });

  it('refuses image data that inflates beyond what its header announces', async () => {
    expect(await code(sign(pngWithHeader(100, 100, deflateSync(Buffer.alloc(50 * 1024 * 1024)))))).toBe('IMAGE_TOO_LARGE');
  });

  it('a file that is not a PNG is UNSUPPORTED; a normal one is fine', async () => {
    expect(await code(sign(Buffer.from('GIF89a not a png at all, sorry')))).toBe('UNSUPPORTED');
    expect(await code(sign(handwritingPng(600, 200)))).toBe('accepted');
  });
});
