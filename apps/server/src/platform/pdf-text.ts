import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * pdf-lib's standard fonts (Helvetica…) use the WinAnsi encoding and throw on any other character: keep Latin-1 and
 * the few WinAnsi extras, replace the rest by `?`, and flatten line breaks (a file name may hold anything).
 */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const winAnsiText = (text: string) =>
  [...text.replace(/[\r\n\t]+/g, ' ').replace(/[\u202f\u00a0]/g, ' ')].map((c) => (c.charCodeAt(0) < 256 || winAnsiExtras.has(c) ? c : '?')).join('');

/** Writes wrapped paragraphs top-down on A4 pages (pdf-lib), a new page when one is full. */
export async function textPdfWriter() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
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
    state.page.drawText(winAnsiText(text), { x: margin, y: state.y, size, font: strong ? bold : font });
    state.y -= size + 5;
  };
  const paragraph = (text: string, size = 10, strong = false) => {
    let current = '';
    for (const word of winAnsiText(text).split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (current && (strong ? bold : font).widthOfTextAtSize(next, size) > width) {
        line(current, size, strong);
        current = word;
      } else current = next;
    }
    if (current) line(current, size, strong);
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
