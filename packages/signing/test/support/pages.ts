/**
 * Hand-written PDFs for the coordinate model: any MediaBox / CropBox / Rotate, set on the page or inherited from
 * the Pages node, plus a few catalog extras. Classic cross-reference table, no compression.
 */
export interface PageSetup {
  mediaBox?: number[];
  cropBox?: number[];
  rotate?: number;
  /** Put MediaBox / CropBox / Rotate on the parent Pages node instead of the page. */
  inherit?: boolean;
  /** Content stream of the page (default: a small black square, so the page is not empty). */
  content?: string;
}

export interface RawPdfParts {
  pages: PageSetup[];
  /** Extra entries in the catalog, e.g. '/OpenAction 9 0 R'. */
  catalogExtra?: string;
  /** Extra entries in each page dictionary, e.g. '/Annots [10 0 R]'. */
  pageExtra?: (index: number) => string;
  /** Extra objects, numbered from `firstExtra()` on (see below). */
  objects?: string[];
  trailerExtra?: string;
}

const box = (b: number[] | undefined, key: string) => (b ? `/${key} [${b.join(' ')}] ` : '');

/** Object numbers: 1 catalog, 2 pages, then per page (page, content), then the extra objects. */
export const firstExtra = (pageCount: number) => 3 + pageCount * 2;

export function rawPdf(parts: RawPdfParts): Buffer {
  const n = parts.pages.length;
  const inherited = parts.pages[0]?.inherit ? parts.pages[0] : undefined;
  const bodies: string[] = [
    `<</Type /Catalog /Pages 2 0 R ${parts.catalogExtra ?? ''}>>`,
    `<</Type /Pages /Count ${n} /Kids [${parts.pages.map((_, i) => `${3 + i * 2} 0 R`).join(' ')}] ` +
      (inherited
        ? `${box(inherited.mediaBox, 'MediaBox')}${box(inherited.cropBox, 'CropBox')}${inherited.rotate !== undefined ? `/Rotate ${inherited.rotate}` : ''}`
        : '') +
      '>>',
  ];
  parts.pages.forEach((p, i) => {
    const own = p.inherit
      ? ''
      : `${box(p.mediaBox ?? [0, 0, 612, 792], 'MediaBox')}${box(p.cropBox, 'CropBox')}${p.rotate !== undefined ? `/Rotate ${p.rotate} ` : ''}`;
    bodies.push(`<</Type /Page /Parent 2 0 R ${own}/Contents ${4 + i * 2} 0 R /Resources <<>> ${parts.pageExtra?.(i) ?? ''}>>`);
    const content = p.content ?? '';
    bodies.push(`<</Length ${content.length}>>\nstream\n${content}\nendstream`);
  });
  bodies.push(...(parts.objects ?? []));
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f\r\n` + offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`).join('');
  out += `trailer\n<</Size ${bodies.length + 1} /Root 1 0 R ${parts.trailerExtra ?? ''}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
