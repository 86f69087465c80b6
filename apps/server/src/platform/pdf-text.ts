import { PDFDocument } from 'pdf-lib';
import { embedTextFonts } from './pdf-fonts.ts';

/**
 * Writes wrapped paragraphs top-down on A4 pages (pdf-lib), a new page when one is full, in `language` (its /Lang)
 * with the embedded Unicode fonts (platform/pdf-fonts.ts). `sample`: every variable text the document will hold
 * (names, addresses…), so a CJK or Hangul fallback font is embedded only when one needs it.
 */
export async function textPdfWriter(opts: { language: string; sample: string }) {
  const pdf = await PDFDocument.create();
  const fonts = embedTextFonts(pdf, opts);
  const a4: [number, number] = [595, 842];
  const margin = 50;
  const width = a4[0] - 2 * margin;
  const state = { page: pdf.addPage(a4), y: a4[1] - margin };
  const newPageIfBelow = (height: number) => {
    if (state.y - height < margin) {
      state.page = pdf.addPage(a4);
      state.y = a4[1] - margin;
    }
  };
  const line = (text: string, size = 10, strong = false) => {
    newPageIfBelow(size);
    fonts.draw(state.page, text, { x: margin, y: state.y, size, bold: strong });
    state.y -= size + 5;
  };
  const paragraph = (text: string, size = 10, strong = false) => {
    for (const l of fonts.wrap(text, size, width, strong)) line(l, size, strong);
    state.y -= 6;
  };
  /** Reserves a blank box of `height` points (a signature field): its page number (1-based) and rectangle. */
  const box = (height: number) => {
    newPageIfBelow(height);
    const rect = { page: pdf.getPageCount(), x: margin, y: state.y - height, width: 200, height };
    state.page.drawRectangle({ ...rect, borderWidth: 0.5, opacity: 0 });
    state.y -= height + 10;
    return rect;
  };
  return { pdf, line, paragraph, box, save: () => pdf.save({ useObjectStreams: false }) };
}
