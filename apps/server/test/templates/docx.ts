/**
 * Builds .docx and .odt templates for the tests and the bench, byte for byte: the XML is written here, so a test
 * can split a `${placeholder}` across runs exactly as a word processor does (one run per edit session).
 */
import { strToU8, zipSync } from 'fflate';

const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const r = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One run of text, in `font` when given. */
export const run = (text: string, font?: string) =>
  `<w:r>${font ? `<w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:cs="${font}" w:eastAsia="${font}"/></w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
/** A paragraph of runs (each a string of run XML, or plain text made into one run). */
export const paragraph = (...runs: string[]) => `<w:p>${runs.map((x) => (x.startsWith('<w:r>') ? x : run(x))).join('')}</w:p>`;
export const pageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';

export interface DocxParts {
  /** Paragraph XML of the body. */
  body: string;
  header?: string;
  footer?: string;
  /** The content of word/numbering.xml (its abstract lists and list instances): see decimalList. */
  numbering?: string;
}

/** A decimal list ("1.", "1.1."…) as abstract list 0 and its instance `numId`. */
export const decimalList = (numId = 1) =>
  `<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="hybridMultilevel"/>${Array.from(
    { length: 3 },
    (_, i) =>
      `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="${Array.from({ length: i + 1 }, (_, k) => `%${k + 1}.`).join('')}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${720 * (i + 1)}" w:hanging="360"/></w:pPr></w:lvl>`,
  ).join('')}</w:abstractNum><w:num w:numId="${numId}"><w:abstractNumId w:val="0"/></w:num>`;
/** A paragraph of list `numId` at level `level`. */
export const listItem = (text: string, numId = 1, level = 0) =>
  `<w:p><w:pPr><w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr>${run(text)}</w:p>`;

/** A minimal, valid Word document (opens in Word and LibreOffice), with an optional header and footer. */
export function buildDocx(parts: DocxParts): Buffer {
  const hf = (tag: 'hdr' | 'ftr', content: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:${tag} xmlns:w="${w}" xmlns:r="${r}">${content}</w:${tag}>`;
  const refs = [
    parts.header ? `<w:headerReference w:type="default" r:id="rIdH"/>` : '',
    parts.footer ? `<w:footerReference w:type="default" r:id="rIdF"/>` : '',
  ].join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${w}" xmlns:r="${r}"><w:body>${parts.body}<w:sectPr>${refs}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1417" w:left="1417" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const rels = [
    '<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>',
    parts.header ? '<Relationship Id="rIdH" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>' : '',
    parts.footer ? '<Relationship Id="rIdF" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/>' : '',
    parts.numbering
      ? '<Relationship Id="rIdN" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>'
      : '',
  ].join('');
  const main = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${main}.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="${main}.styles+xml"/>${parts.header ? `<Override PartName="/word/header1.xml" ContentType="${main}.header+xml"/>` : ''}${parts.footer ? `<Override PartName="/word/footer1.xml" ContentType="${main}.footer+xml"/>` : ''}${parts.numbering ? `<Override PartName="/word/numbering.xml" ContentType="${main}.numbering+xml"/>` : ''}</Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ),
    'word/styles.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${w}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Serif" w:hAnsi="Liberation Serif" w:cs="Liberation Serif" w:eastAsia="Liberation Serif"/><w:sz w:val="24"/></w:rPr></w:rPrDefault></w:docDefaults></w:styles>`,
    ),
    'word/document.xml': strToU8(document),
  };
  if (parts.header) files['word/header1.xml'] = strToU8(hf('hdr', parts.header));
  if (parts.footer) files['word/footer1.xml'] = strToU8(hf('ftr', parts.footer));
  if (parts.numbering)
    files['word/numbering.xml'] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="${w}">${parts.numbering}</w:numbering>`,
    );
  return Buffer.from(zipSync(files));
}

/** A contract-like letter of two A4 pages with `${civility} ${firstname} ${lastname}`, `${city}`, `${amount}`. */
export function twoPageLetter(): Buffer {
  const filler = 'Le présent contrat est établi entre les parties nommées ci-dessus, qui déclarent en accepter les termes et conditions sans réserve. '.repeat(
    2,
  );
  const page = (n: number) => Array.from({ length: 10 }, (_, i) => paragraph(`Article ${n * 10 + i + 1}. ${filler}`)).join('');
  return buildDocx({
    header: paragraph('Contrat n° ${reference}'),
    body: [
      paragraph('Madame, Monsieur ', run('${civ'), run('ility} '), run('${firstname}'), ' ', run('${lastname}')),
      paragraph('Demeurant à ${city}, pour un montant de ${amount} euros.'),
      page(0),
      pageBreak,
      paragraph('Fait à ${city}, pour ${firstname} ${lastname}.'),
      page(1),
    ].join(''),
    footer: paragraph('Référence ${reference}'),
  });
}

/**
 * A minimal OpenDocument text whose `${name}` is split across three spans (as LibreOffice writes a placeholder
 * typed in several edits), with `${ref}` in the page header.
 */
export function buildOdt(): Buffer {
  const ns =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"';
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ns} office:version="1.2"><office:automatic-styles><style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style></office:automatic-styles><office:body><office:text><text:p>Bonjour <text:span text:style-name="T1">\${na</text:span>m<text:span text:style-name="T1">e}</text:span>, de \${city}.</text:p></office:text></office:body></office:document-content>`;
  const styles = `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ${ns} office:version="1.2"><office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm"/></style:page-layout></office:automatic-styles><office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"><style:header><text:p>Réf. \${ref}</text:p></style:header></style:master-page></office:master-styles></office:document-styles>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
  return Buffer.from(
    zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
      'content.xml': strToU8(content),
      'styles.xml': strToU8(styles),
      'META-INF/manifest.xml': strToU8(manifest),
    }),
  );
}
