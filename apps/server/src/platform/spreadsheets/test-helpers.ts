/** Helpers for this folder's tests (not exported by index.ts). */
import { strFromU8, unzipSync, zipSync, type Zippable } from 'fflate';

/** The files of a ZIP archive as text. */
export function unzipText(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
}

/** A ZIP archive from text files (deflated), in the given order. */
export function zipText(files: Record<string, string | Uint8Array>): Uint8Array {
  const input: Zippable = {};
  for (const [name, content] of Object.entries(files)) input[name] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return zipSync(input, { level: 6 });
}

/** The cells (`<c>` elements) of a worksheet's XML, by reference (A1). */
export function sheetCells(sheetXml: string): Map<string, string> {
  const cells = new Map<string, string>();
  for (const match of sheetXml.matchAll(/<c r="([A-Z]+\d+)"[^>]*?(?:\/>|>[^]*?<\/c>)/g)) cells.set(match[1]!, match[0]);
  return cells;
}

/** Windows-1252 bytes of a text made of Latin-1 characters and a few of 0x80–0x9F (enough for the tests). */
export function windows1252(text: string): Uint8Array {
  const extra: Record<string, number> = { '€': 0x80, '’': 0x92, Œ: 0x8c, œ: 0x9c, Š: 0x8a, '…': 0x85 };
  return Uint8Array.from(text, (ch) => {
    if (extra[ch] !== undefined) return extra[ch];
    const code = ch.charCodeAt(0);
    if (code > 0xff) throw new Error(`not in the test encoder: ${ch}`);
    return code;
  });
}

/** Minimal OOXML package parts around one worksheet XML (shared strings optional). */
export function xlsxPackage(sheetXml: string, options: { sharedStrings?: string; styles?: string; workbookPr?: string; extra?: Record<string, string> } = {}) {
  const files: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${options.workbookPr ?? ''}<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>${options.sharedStrings ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' : ''}${options.styles ? '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' : ''}</Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetXml}</sheetData></worksheet>`,
    ...options.extra,
  };
  if (options.sharedStrings) files['xl/sharedStrings.xml'] = options.sharedStrings;
  if (options.styles) files['xl/styles.xml'] = options.styles;
  return files;
}
