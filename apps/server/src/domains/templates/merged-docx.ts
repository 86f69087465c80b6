/**
 * Many filled copies of a Word template in ONE document, so that LibreOffice converts them in one call (issue 28,
 * mail-merge at campaign scale): its cost is per conversion far more than per page — measured with
 * bench/office-strategies.bench.ts, 37 ms of office CPU per record converted as separate documents against 11–15 ms
 * merged. Each record is a section of its own that starts on a new page, with its own header and footer when they
 * hold variables and its page numbers starting at 1; a bookmark opens each record, exported as a PDF named
 * destination, and the signing engine cuts the PDF there (splitPdfAtDestinations).
 *
 * A merged document must print exactly what the record's own document would. What a template may hold that would
 * print differently once its copies share a document is detected when the plan is made, and such a template is
 * converted one copy per document as before: `planMergedDocx` says why (`fallback`). Those are fields that count or
 * point across the document (NUMPAGES, REF, SEQ, TOC…), footnotes, endnotes and comments, lists numbered through
 * their styles (heading numbering would run on from one copy to the next), several sections, links to bookmarks,
 * odd/even headers, mirrored margins, and variables outside the body, headers and footers. Numbered lists of the body
 * are merged: each copy after the first gets its own instances of the template's lists, restarted (startOverride).
 *
 * The template is filled once by docxtemplater with markers for values (so its reading of split runs, its escaping
 * and its line breaks are the ones every copy gets); each copy is then those parts with its values put in place.
 */
import PizZip from 'pizzip';
import { isNoValue } from '@paraphe/contracts/template-limits';
import { AppError } from '../../platform/errors.ts';
import { fillTemplate } from './docx.ts';

export interface MergedDocxPlan {
  variables: readonly string[];
  /** The template filled with markers: every part the merged document copies unchanged. */
  files: Map<string, string | Uint8Array>;
  documentHead: string;
  /** The body of a copy: its text with the values' places, and the places of its bookmark and its section break. */
  body: (Compiled | typeof BOOKMARK | typeof END_BOOKMARK | typeof SECTION | typeof SECTION_PARAGRAPH)[];
  sectionProperties: Compiled;
  documentTail: string;
  /** Header and footer parts copied for every record (they hold variables); empty when they are shared. */
  perRecordParts: { id: string; target: string; contentType: string; xml: Compiled; rels: string | undefined }[];
  /** The body's numbered lists, restarted in every copy after the first; undefined when the body numbers nothing. */
  lists?: ListInstances;
  /**
   * The XML a copy adds to the merged document, values aside (body, section, own headers and footers): what bounds
   * the copies of one call (generate.ts), as a template's compressed size does not (70 KB can hold 5 MB of text).
   */
  copyBytes: number;
}

interface ListInstances {
  numbering: string;
  /** numId → the list instance written again for another copy (`<w:num>` with its levels restarted), `{id}` for its id. */
  instances: Map<string, string>;
  /** Ids of the copies' instances start above the template's own. */
  firstFreeId: number;
}
export type MergedDocxDecision = { plan: MergedDocxPlan; fallback?: undefined } | { plan?: undefined; fallback: string };

interface Compiled {
  statics: string[];
  slots: { variable: number; lineBreak: string }[];
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const headerType = /\/relationships\/(header|footer)$/;
const marker = (i: number) => `\uE000${i}\uE002\n\uE003${i}\uE001`;
const markerFound = /\uE000(\d+)\uE002([\s\S]*?)\uE003\1\uE001/g;
const hasMarker = (text: string) => text.includes('\uE000');
/** XML 1.0 refuses these characters (docx.ts removes them from every value the same way). */
const forbiddenChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Fields that print the same whatever else the document holds; PAGE is kept right by restarting each record at 1. */
const fieldsAllowed = new Set([
  'PAGE',
  'DATE',
  'TIME',
  'CREATEDATE',
  'SAVEDATE',
  'PRINTDATE',
  'EDITTIME',
  'AUTHOR',
  'TITLE',
  'SUBJECT',
  'KEYWORDS',
  'COMMENTS',
  'LASTSAVEDBY',
  'FILENAME',
  'USERNAME',
  'USERINITIALS',
  'USERADDRESS',
  'SYMBOL',
  'MERGEFIELD',
  'FORMTEXT',
  'FORMCHECKBOX',
  'FORMDROPDOWN',
  'HYPERLINK',
]);

/** Whether the template's copies can share one document, and how: once per template and generation. */
export function planMergedDocx(template: Uint8Array, variables: readonly string[]): MergedDocxDecision {
  const sentinels = Object.fromEntries(variables.map((v, i) => [v, marker(i)]));
  let zip: PizZip;
  try {
    zip = new PizZip(fillTemplate(template, variables, sentinels));
  } catch (error) {
    if (error instanceof AppError) return { fallback: `the template cannot be filled: ${error.message}` };
    throw error;
  }
  const text = (name: string) => zip.file(name)?.asText();
  const document = text('word/document.xml');
  const rels = text('word/_rels/document.xml.rels');
  const types = text('[Content_Types].xml');
  if (!document || !rels || !types) return { fallback: 'the document has no main part' };
  if (!document.includes(`xmlns:w="${W}"`)) return { fallback: 'the document does not use the usual Word prefix' };

  const bodyOpen = /<w:body(?:\s[^>]*)?>/.exec(document);
  const bodyClose = document.lastIndexOf('</w:body>');
  if (!bodyOpen || bodyClose < 0) return { fallback: 'the document has no body' };
  const bodyStart = bodyOpen.index + bodyOpen[0].length;
  const blocks = topLevelElements(document, bodyStart, bodyClose);
  if (!blocks) return { fallback: 'the body could not be read' };
  const last = blocks[blocks.length - 1];
  if (!last || last.name !== 'w:sectPr') return { fallback: 'the body has no section properties' };
  const content = document.slice(bodyStart, last.start);
  const sectPr = document.slice(last.start, last.end);

  const headerParts = new Map<string, { target: string }>();
  for (const rel of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(rel[0], 'Id');
    const type = attribute(rel[0], 'Type');
    const target = attribute(rel[0], 'Target');
    if (id && type && target && headerType.test(type)) headerParts.set(id, { target });
  }
  const parts = [...headerParts.values()].map((p) => `word/${p.target}`);
  const refused = whyNotMerged(zip, content, sectPr, [content, ...parts.map((p) => text(p) ?? '')], parts);
  if (refused) return { fallback: refused };

  const withPageNumbers = [content, ...parts.map((p) => text(p) ?? '')].some((xml) => fieldCodes(xml).includes('PAGE'));
  const variablesInHeaders = parts.some((p) => hasMarker(text(p) ?? ''));
  const perRecordParts = variablesInHeaders
    ? [...headerParts.entries()].map(([id, { target }]) => ({
        id,
        target,
        contentType:
          overrideOf(types, `/word/${target}`) ??
          `application/vnd.openxmlformats-officedocument.wordprocessingml.${target.startsWith('footer') ? 'footer' : 'header'}+xml`,
        xml: compile(text(`word/${target}`) ?? ''),
        rels: text(`word/_rels/${target}.rels`),
      }))
    : [];
  if (perRecordParts.some((p) => !/^[\w.-]+\.xml$/.test(p.target))) return { fallback: 'a header or footer is stored outside the document folder' };

  const lists = listInstances(content, text('word/numbering.xml'));
  if (typeof lists === 'string') return { fallback: lists };
  const placed = withRecordPlaces(content);
  if (!placed) return { fallback: 'the body has no paragraph' };
  const files = new Map<string, string | Uint8Array>();
  for (const name of Object.keys(zip.files)) {
    const entry = zip.files[name]!;
    if (!entry.dir) files.set(name, entry.asUint8Array());
  }
  const body = placed.split(/(\uE010|\uE011|\uE012|\uE013)/).map((piece, i) => (i % 2 ? (piece as typeof BOOKMARK) : compile(piece)));
  const sectionProperties = compile(recordSection(sectPr, withPageNumbers));
  const staticLength = (compiled: Compiled) => compiled.statics.reduce((sum, text) => sum + text.length, 0);
  const copyBytes = [...body.filter((piece): piece is Compiled => typeof piece === 'object'), sectionProperties, ...perRecordParts.map((p) => p.xml)].reduce(
    (sum, compiled) => sum + staticLength(compiled),
    0,
  );
  return {
    plan: {
      variables,
      files,
      documentHead: document.slice(0, bodyStart),
      body,
      sectionProperties,
      documentTail: document.slice(bodyClose),
      perRecordParts,
      lists,
      copyBytes,
    },
  };
}

/** The name of record i's bookmark, and of the PDF named destination it becomes. */
export const recordMark = (i: number) => `paraphe-record-${i}`;

/**
 * The merged document of `records` (each the values of one copy, every variable given: the callers checked) and the
 * named destinations that open each copy, in order.
 */
export function assembleMergedDocx(
  plan: MergedDocxPlan,
  records: readonly Readonly<Record<string, string>>[],
): { docx: Buffer; marks: string[]; endMarks: string[] } {
  const zip = new PizZip();
  for (const [name, data] of plan.files) zip.file(name, data);
  const marks: string[] = [];
  const endMarks: string[] = [];
  const body: string[] = [plan.documentHead];
  let relationships = '';
  let overrides = '';
  const bookmarkBase = 2_000_000_000;
  let instances = '';
  records.forEach((record, r) => {
    const values = plan.variables.map((v) => clean(record[v]));
    const renames = new Map<string, string>();
    for (const part of plan.perRecordParts) {
      const id = `${part.id}_pr${r}`;
      const target = `pr${r}-${part.target}`;
      renames.set(part.id, id);
      zip.file(`word/${target}`, render(part.xml, values));
      if (part.rels !== undefined) zip.file(`word/_rels/${target}.rels`, part.rels);
      const type = part.target.startsWith('footer') ? 'footer' : 'header';
      relationships += `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
      overrides += `<Override PartName="/word/${target}" ContentType="${part.contentType}"/>`;
    }
    let section = render(plan.sectionProperties, values);
    if (renames.size)
      section = section.replace(/<w:(header|footer)Reference\b[^>]*>/g, (tag) =>
        tag.replace(/(\s[\w]+:id=")([^"]*)"/, (all, head: string, id: string) => (renames.has(id) ? `${head}${renames.get(id)}"` : all)),
      );
    const mark = recordMark(r);
    marks.push(mark);
    endMarks.push(`${mark}-end`);
    const numbered = new Map<string, string>();
    if (plan.lists && r > 0)
      for (const [numId, instance] of plan.lists.instances) {
        const id = String(plan.lists.firstFreeId + (r - 1) * plan.lists.instances.size + numbered.size);
        numbered.set(numId, id);
        instances += instance.replace('{id}', id);
      }
    const renumbered = (xml: string) =>
      numbered.size
        ? xml.replace(/(<w:numId\s+w:val=")(\d+)"/g, (all, head: string, id: string) => (numbered.has(id) ? `${head}${numbered.get(id)}"` : all))
        : xml;
    // The last record's section properties close the body, as the template's do.
    const lastRecord = r === records.length - 1;
    for (const piece of plan.body) {
      if (piece === BOOKMARK) body.push(`<w:bookmarkStart w:id="${bookmarkBase + r}" w:name="${mark}"/><w:bookmarkEnd w:id="${bookmarkBase + r}"/>`);
      else if (piece === END_BOOKMARK) {
        const id = bookmarkBase + records.length + r;
        body.push(`<w:bookmarkStart w:id="${id}" w:name="${mark}-end"/><w:bookmarkEnd w:id="${id}"/>`);
      } else if (piece === SECTION) body.push(lastRecord ? '' : section);
      else if (piece === SECTION_PARAGRAPH) body.push(lastRecord ? '' : `<w:p><w:pPr>${section}</w:pPr></w:p>`);
      else body.push(renumbered(render(piece, values)));
    }
    if (lastRecord) body.push(section);
  });
  body.push(plan.documentTail);
  zip.file('word/document.xml', body.join(''));
  if (plan.lists && instances) {
    const numbering = plan.lists.numbering;
    const at = numbering.search(/<w:numIdMacAtCleanup\b|<\/w:numbering>/);
    zip.file('word/numbering.xml', numbering.slice(0, at) + instances + numbering.slice(at));
  }
  if (relationships) {
    const rels = zip.file('word/_rels/document.xml.rels')!.asText();
    zip.file('word/_rels/document.xml.rels', rels.replace('</Relationships>', `${relationships}</Relationships>`));
    const types = zip.file('[Content_Types].xml')!.asText();
    zip.file('[Content_Types].xml', types.replace('</Types>', `${overrides}</Types>`));
  }
  return { docx: zip.generate({ type: 'nodebuffer', compression: 'STORE' }), marks, endMarks };
}

/** A value as fillTemplate writes it: a word for nothing is nothing, characters XML cannot hold are removed. */
const clean = (value: string | undefined) => (value === undefined || isNoValue(value) ? '' : value.replace(forbiddenChars, ''));

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** docxtemplater's escaping (utf8ToWord), so a copy's text is the one fillTemplate would write. */
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

function compile(xml: string): Compiled {
  const statics: string[] = [];
  const slots: Compiled['slots'] = [];
  let at = 0;
  for (const found of xml.matchAll(markerFound)) {
    statics.push(xml.slice(at, found.index));
    slots.push({ variable: Number(found[1]), lineBreak: found[2]! });
    at = found.index + found[0].length;
  }
  statics.push(xml.slice(at));
  return { statics, slots };
}

const preservedText = '<w:t xml:space="preserve">';
/**
 * The part with the values in place. The pieces are then joined as docxtemplater's space-preserve module joins its
 * own: a text run a value leaves empty (`<w:t xml:space="preserve">` then `</w:t>`, empty pieces between) is
 * written `<w:t/>`, so a copy's XML is exactly the one fillTemplate writes.
 */
function render(compiled: Compiled, values: readonly string[]): string {
  const pieces: string[] = [compiled.statics[0]!];
  compiled.slots.forEach((slot, i) => {
    values[slot.variable]!.split('\n').forEach((line, n) => {
      if (n) pieces.push(slot.lineBreak);
      pieces.push(escapeXml(line));
    });
    pieces.push(compiled.statics[i + 1]!);
  });
  let last = -1;
  for (let i = 0; i < pieces.length; i++) {
    if (!pieces[i]) continue;
    if (last >= 0 && pieces[i]!.startsWith('</w:t>') && pieces[last]!.endsWith(preservedText)) {
      pieces[last] = pieces[last]!.slice(0, -preservedText.length) + '<w:t/>';
      pieces[i] = pieces[i]!.slice('</w:t>'.length);
    }
    last = i;
  }
  return pieces.join('');
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

function overrideOf(types: string, partName: string): string | undefined {
  for (const o of types.matchAll(/<Override\b[^>]*>/g)) if (attribute(o[0], 'PartName') === partName) return attribute(o[0], 'ContentType');
  return undefined;
}

/** Why copies of this template cannot share a document without printing differently, or undefined. */
function whyNotMerged(zip: PizZip, content: string, sectPr: string, printed: string[], headerPaths: string[]): string | undefined {
  for (const name of Object.keys(zip.files)) {
    if (name === 'word/document.xml' || headerPaths.includes(name) || zip.files[name]!.dir) continue;
    if (/\.(xml|rels)$/.test(name) && hasMarker(zip.file(name)!.asText())) return `variables in ${name}`;
  }
  if (/<w:sectPr\b/.test(content)) return 'several sections';
  if (/<w:(footnoteReference|endnoteReference|commentReference)\b/.test(content)) return 'footnotes, endnotes or comments';
  if (/<w:altChunk\b/.test(content)) return 'an embedded document';
  if (/<w:hyperlink\b[^>]*\sw:anchor=/.test(content)) return 'links to bookmarks';
  if (/<w:numPr\b/.test(zip.file('word/styles.xml')?.asText() ?? '')) return 'lists numbered through their styles';
  const settings = zip.file('word/settings.xml')?.asText() ?? '';
  if (/<w:(evenAndOddHeaders|mirrorMargins|bookFoldPrinting)(?!\s+w:val="(?:0|false|off)")\b/.test(settings)) return 'odd and even pages differ';
  if (/<w:(headerReference|footerReference)\b[^>]*w:type="even"/.test(sectPr)) return 'odd and even pages differ';
  for (const xml of printed) {
    const refused = fieldCodes(xml).find((code) => !fieldsAllowed.has(code));
    if (refused) return `the field ${refused}`;
    if (/<w:instrText\b[^>]*>[^<]*HYPERLINK[^<]*\\l/.test(xml) || /w:instr="[^"]*HYPERLINK[^"]*\\l/.test(xml)) return 'links to bookmarks';
  }
  return undefined;
}

/** The field codes of a part (`PAGE`, `NUMPAGES`…): simple fields and complex ones (their instruction text until it ends). */
function fieldCodes(xml: string): string[] {
  const codes: string[] = [];
  for (const simple of xml.matchAll(/<w:fldSimple\b[^>]*\sw:instr="([^"]*)"/g)) codes.push(firstWord(simple[1]!));
  const complex = xml.split(/<w:fldChar\b[^>]*w:fldCharType="begin"/);
  for (const segment of complex.slice(1)) {
    const end = segment.search(/<w:fldChar\b[^>]*w:fldCharType="(separate|end|begin)"/);
    const instruction = [...segment.slice(0, end < 0 ? undefined : end).matchAll(/<w:instrText\b[^>]*>([^<]*)<\/w:instrText>/g)].map((m) => m[1]).join('');
    codes.push(firstWord(instruction));
  }
  return codes;
}
const firstWord = (instruction: string) => (/^\s*=/.test(instruction) ? '=' : (/[A-Za-z]+/.exec(instruction)?.[0] ?? '').toUpperCase());

/** The record's section: it starts on a new page and, when the template numbers its pages, at page 1. */
function recordSection(sectPr: string, restartPageNumbers: boolean): string {
  let section = sectPr.replace(/<w:type\b[^>]*\/>/g, '');
  const open = /^<w:sectPr\b[^>]*>/.exec(section);
  if (!open) return section.replace(/<w:sectPr\b([^>]*)\/>/, '<w:sectPr$1><w:type w:val="nextPage"/></w:sectPr>');
  const references = [...section.matchAll(/<w:(?:headerReference|footerReference)\b[^>]*\/>/g)].pop();
  const typeAt = references ? references.index + references[0].length : open[0].length;
  section = `${section.slice(0, typeAt)}<w:type w:val="nextPage"/>${section.slice(typeAt)}`;
  if (!restartPageNumbers) return section;
  if (/<w:pgNumType\b[^>]*\sw:start=/.test(section)) return section;
  if (/<w:pgNumType\b/.test(section)) return section.replace(/<w:pgNumType\b/, '<w:pgNumType w:start="1"');
  const before = section.search(/<w:(cols|formProt|vAlign|noEndnote|titlePg|textDirection|bidi|rtlGutter|docGrid|printerSettings)\b|<\/w:sectPr>/);
  return `${section.slice(0, before)}<w:pgNumType w:start="1"/>${section.slice(before)}`;
}

/**
 * The list instances (`<w:num>`) the body uses, each to be written again for every copy after the first with its
 * levels restarted where the list's definition starts them: else a list runs on from one copy into the next (1. 2.
 * 3. then 4. 5. 6.). A message when a list already overrides its levels (left to the one-by-one conversion).
 */
function listInstances(content: string, numbering: string | undefined): ListInstances | string | undefined {
  const used = new Set([...content.matchAll(/<w:numId\s+w:val="(\d+)"/g)].map((m) => m[1]!).filter((id) => id !== '0'));
  if (!used.size) return undefined;
  if (!numbering) return 'lists without their definitions';
  const abstracts = new Map<string, string>();
  for (const a of numbering.matchAll(/<w:abstractNum\b[^>]*\sw:abstractNumId="(\d+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g)) abstracts.set(a[1]!, a[2]!);
  const nums = new Map<string, { abstractId: string; body: string }>();
  let highest = 0;
  for (const n of numbering.matchAll(/<w:num\b[^>]*\sw:numId="(\d+)"[^>]*>([\s\S]*?)<\/w:num>/g)) {
    highest = Math.max(highest, Number(n[1]));
    const abstractId = /<w:abstractNumId\s+w:val="(\d+)"/.exec(n[2]!)?.[1];
    if (abstractId) nums.set(n[1]!, { abstractId, body: n[2]! });
  }
  const instances = new Map<string, string>();
  for (const id of used) {
    const num = nums.get(id);
    const levels = num && abstracts.get(num.abstractId);
    if (!num || levels === undefined) return 'lists without their definitions';
    if (/<w:lvlOverride\b/.test(num.body)) return 'lists that override their levels';
    let overrides = '';
    for (const level of levels.matchAll(/<w:lvl\b[^>]*\sw:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvl>/g)) {
      // ECMA-376 17.9.26: a level without a start starts at 0.
      const start = /<w:start\s+w:val="(\d+)"/.exec(level[2]!)?.[1] ?? '0';
      overrides += `<w:lvlOverride w:ilvl="${level[1]}"><w:startOverride w:val="${start}"/></w:lvlOverride>`;
    }
    instances.set(id, `<w:num w:numId="{id}"><w:abstractNumId w:val="${num.abstractId}"/>${overrides}</w:num>`);
  }
  return { numbering, instances, firstFreeId: highest + 1 };
}

const BOOKMARK = '\uE010';
/** The record's section properties, inside a paragraph's properties. */
const SECTION = '\uE011';
/** A paragraph of its own holding the record's section properties (a body that ends with a table). */
const SECTION_PARAGRAPH = '\uE012';
/** The end of the record's last paragraph: the PDF's page there is checked against the next record's first page. */
const END_BOOKMARK = '\uE013';

/**
 * The body with the places of a record's bookmarks (at the start of its first paragraph, after the paragraph's
 * properties; at the end of its last one) and of its section break (in the properties of its last paragraph: no extra
 * line that could push a page). The break is a paragraph of its own when the body ends with something else, as a
 * table, or is one paragraph: LibreOffice then places the bookmark opening the paragraph on the page before
 * (measured: the destinations of one-paragraph copies with their own headers were one page early; the end marks,
 * checked by the split, catch any such shift).
 */
function withRecordPlaces(template: string): string | undefined {
  const end = template.lastIndexOf('</w:p>');
  const content = end < 0 ? template + END_BOOKMARK : template.slice(0, end) + END_BOOKMARK + template.slice(end);
  const blocks = topLevelElements(content, 0, content.length);
  if (!blocks) return undefined;
  const last = blocks[blocks.length - 1];
  let xml = content;
  if (last?.name === 'w:p' && blocks.length > 1)
    xml = content.slice(0, last.start) + withSection(content.slice(last.start, last.end)) + content.slice(last.end);
  else xml += SECTION_PARAGRAPH;
  const first = /<w:p(?=[\s>/])[^>]*?(\/?)>/.exec(xml);
  if (!first) return undefined;
  if (first[1]) return xml.slice(0, first.index) + first[0].replace(/\/>$/, '>') + BOOKMARK + '</w:p>' + xml.slice(first.index + first[0].length);
  let at = first.index + first[0].length;
  const properties = /^<w:pPr\b[^>]*?(\/?)>/.exec(xml.slice(at));
  if (properties) at = properties[1] ? at + properties[0].length : xml.indexOf('</w:pPr>', at) + '</w:pPr>'.length;
  return xml.slice(0, at) + BOOKMARK + xml.slice(at);
}

function withSection(paragraph: string): string {
  const open = /^<w:p\b[^>]*?(\/?)>/.exec(paragraph)!;
  if (open[1]) return `${open[0].replace(/\/>$/, '>')}<w:pPr>${SECTION}</w:pPr></w:p>`;
  const rest = paragraph.slice(open[0].length);
  const properties = /^<w:pPr\b[^>]*?(\/?)>/.exec(rest);
  if (!properties) return `${open[0]}<w:pPr>${SECTION}</w:pPr>${rest}`;
  if (properties[1]) return `${open[0]}${properties[0].replace(/\/>$/, '>')}${SECTION}</w:pPr>${rest.slice(properties[0].length)}`;
  const close = rest.indexOf('</w:pPr>');
  return `${open[0]}${rest.slice(0, close)}${SECTION}${rest.slice(close)}`;
}

/**
 * The elements at depth 0 of `xml[from, to)`, by a scan of its tags (comments, processing instructions and CDATA
 * skipped; quoted attribute values may hold '>'). Undefined when the tags do not balance.
 */
export function topLevelElements(xml: string, from: number, to: number): { name: string; start: number; end: number }[] | undefined {
  const tags = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  tags.lastIndex = from;
  const found: { name: string; start: number; end: number }[] = [];
  const open: string[] = [];
  let start = 0;
  for (let m = tags.exec(xml); m && m.index < to; m = tags.exec(xml)) {
    const [, closing, tagName, , selfClosing] = m;
    if (!tagName) continue;
    if (closing) {
      if (open.pop() !== tagName) return undefined;
      if (!open.length) found.push({ name: tagName, start, end: m.index + m[0].length });
    } else if (selfClosing) {
      if (!open.length) found.push({ name: tagName, start: m.index, end: m.index + m[0].length });
    } else {
      if (!open.length) start = m.index;
      open.push(tagName);
    }
  }
  return open.length ? undefined : found;
}
