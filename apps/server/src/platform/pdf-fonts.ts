import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { type Color, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { languageTag } from '@paraphe/contracts';
import { engineFontFiles, fontFileUrl } from '@paraphe/signing';

/**
 * The fonts of the PDFs the server lays out with pdf-lib (evidence file, invoice and credit note, time-stamp
 * receipt, SEPA mandates, text PDFs): the signing engine's vendored files (packages/signing/assets/fonts),
 * embedded as subsets with ToUnicode (text extracts back exactly). Liberation Sans regular and bold draw Latin,
 * Greek and Cyrillic; a character they lack is drawn with the first fallback that has it (Droid Sans Fallback: CJK;
 * NanumSquare: Hangul), embedded only when a text of the document needs it; a character no font has becomes '?'.
 * The document's catalog gets /Lang (its language's BCP 47 tag).
 */

const fileBytes = new Map<string, Buffer>();
const bytesOf = (file: string) => {
  let bytes = fileBytes.get(file);
  if (!bytes) fileBytes.set(file, (bytes = readFileSync(fontFileUrl(file))));
  return bytes;
};

/** Code-point coverage of a font file, read once per process (what a fallback is embedded for). */
type Coverage = (codePoint: number) => boolean;
const coverages = new Map<string, Coverage>();
function coverageOf(file: string): Coverage {
  let coverage = coverages.get(file);
  if (!coverage) {
    const font = fontkit.create(bytesOf(file));
    coverages.set(file, (coverage = (cp) => font.hasGlyphForCodePoint(cp)));
  }
  return coverage;
}

/** A PDF's texts: line breaks and tabs flattened, NFC, narrow no-break spaces (Intl's French) as plain ones. */
export const pdfText = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '');

export interface PdfTextFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Width of `text` at `size` points, each run in its font. */
  width(text: string, size: number, bold?: boolean): number;
  /** Draws `text` from (x, y), each run of characters in the first font that has them. */
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; bold?: boolean; color?: Color }): void;
  /** `text` wrapped on `width` (by words; a word longer than the line is cut). */
  wrap(text: string, size: number, width: number, bold?: boolean): string[];
}

/**
 * Embeds the fonts `sample` needs in `doc` (`sample`: every text the document may draw, e.g. its input as JSON,
 * so a fallback is embedded only when needed) and sets the catalog's /Lang to `language`.
 */
export async function embedTextFonts(doc: PDFDocument, opts: { language: string; sample: string }): Promise<PdfTextFonts> {
  doc.registerFontkit(fontkit);
  doc.setLanguage(languageTag(opts.language));
  const regular = await doc.embedFont(bytesOf(engineFontFiles.regular), { subset: true });
  const bold = await doc.embedFont(bytesOf(engineFontFiles.bold), { subset: true });
  const primaryHas = coverageOf(engineFontFiles.regular);
  const needed = new Set<number>();
  for (const ch of pdfText(opts.sample)) {
    const cp = ch.codePointAt(0)!;
    if (!primaryHas(cp)) needed.add(cp);
  }
  const fallbacks: { font: PDFFont; has: Coverage }[] = [];
  for (const file of engineFontFiles.fallbacks) {
    if (!needed.size) break;
    const has = coverageOf(file);
    const covered = [...needed].filter(has);
    if (!covered.length) continue;
    fallbacks.push({ font: await doc.embedFont(bytesOf(file), { subset: true }), has });
    for (const cp of covered) needed.delete(cp);
  }

  /** Consecutive characters drawn with the same font. */
  const runs = (text: string, strong: boolean): { font: PDFFont; text: string }[] => {
    const main = strong ? bold : regular;
    const out: { font: PDFFont; text: string }[] = [];
    for (const ch of pdfText(text)) {
      const cp = ch.codePointAt(0)!;
      const font = primaryHas(cp) ? main : fallbacks.find((f) => f.has(cp))?.font;
      const drawn = font ?? main;
      const last = out.at(-1);
      if (last?.font === drawn) last.text += font ? ch : '?';
      else out.push({ font: drawn, text: font ? ch : '?' });
    }
    return out;
  };
  const width = (text: string, size: number, strong = false) => runs(text, strong).reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, size), 0);
  return {
    regular,
    bold,
    width,
    draw(page, text, at) {
      let x = at.x;
      for (const run of runs(text, at.bold ?? false)) {
        page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, ...(at.color ? { color: at.color } : {}) });
        x += run.font.widthOfTextAtSize(run.text, at.size);
      }
    },
    wrap(text, size, maxWidth, strong = false) {
      const lines: string[] = [];
      let current = '';
      const fits = (s: string) => width(s, size, strong) <= maxWidth;
      for (const word of pdfText(text).split(' ')) {
        const candidate = current ? `${current} ${word}` : word;
        if (fits(candidate) || !current) current = candidate;
        else {
          lines.push(current);
          current = word;
        }
        // A word longer than the line (a hash, a user agent, a name without spaces): cut where it overflows.
        while (!fits(current) && [...current].length > 1) {
          const chars = [...current];
          let cut = chars.length - 1;
          while (cut > 1 && !fits(chars.slice(0, cut).join(''))) cut--;
          lines.push(chars.slice(0, cut).join(''));
          current = chars.slice(cut).join('');
        }
      }
      lines.push(current);
      return lines;
    },
  };
}
