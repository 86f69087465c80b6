/**
 * Every reference out of the package removed from a .docx / .odt before LibreOffice opens it (the second wall of
 * docs/security.md "Office conversion never touches the network"; the first is the converter's network namespace):
 *
 * - .docx: relationships with `TargetMode="External"` (linked images `r:link`, OLE links, attached templates,
 *   sub-documents, frames…) or whose target leaves the package, except hyperlinks (a link in the PDF, never
 *   fetched); the instructions of INCLUDEPICTURE, INCLUDETEXT, INCLUDE, LINK, DDE, DDEAUTO, IMPORT and RD fields,
 *   and of any field naming a URL or a network path (HYPERLINK excepted) — the field keeps its last result as
 *   plain text; VML `src` / `o:href` URLs; `w:updateFields`.
 * - .odt: every `xlink:href` that leaves the package (a scheme, `/`, `../`, `\\`) except on hyperlinks (`text:a`,
 *   `draw:a`): linked images, sections, objects, frames, table sources; the document's own LinkUpdateMode is set to
 *   "never".
 *
 * A package with nothing to remove is given back as it is (no rewrite).
 */
import path from 'node:path';
import { unzipSync, zipSync, type Zippable } from 'fflate';

export interface StrippedPackage {
  data: Uint8Array;
  /** How many references were removed (0: `data` is the input). */
  removed: number;
}

const dangerousFields = new Set(['INCLUDEPICTURE', 'INCLUDETEXT', 'INCLUDE', 'LINK', 'DDE', 'DDEAUTO', 'IMPORT', 'RD']);
const unescapeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** A URL with a scheme, a protocol-relative or network path. */
const outsideUrl = /^\s*([a-z][a-z0-9+.-]*:|\/\/|\\\\)/i;

/** Whether a field instruction (Word's field code) can fetch something. */
export function fieldReachesOut(instruction: string): boolean {
  const text = unescapeXml(instruction).trim();
  const command = text.split(/[\s"\\]/)[0]!.toUpperCase();
  if (dangerousFields.has(command)) return true;
  if (command === 'HYPERLINK') return false;
  return /[a-z][a-z0-9+.-]*:\/\/|\\\\\\\\|\\\\[a-z0-9]/i.test(text);
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
const attrValue = (tag: string, name: string) => {
  const m = attr(tag, name);
  return m ? unescapeXml(m[2] ?? m[3] ?? '') : undefined;
};

/** A relationship target that is not a part of this package. */
function leavesPackage(relsFile: string, target: string): boolean {
  if (outsideUrl.test(target)) return true;
  if (target.startsWith('/')) return false; // absolute within the package
  // word/_rels/document.xml.rels → relative to word/
  const base = path.posix.dirname(path.posix.dirname(relsFile));
  return path.posix.normalize(path.posix.join(base, target)).startsWith('../');
}

function stripRelationships(name: string, xml: string, count: { n: number }): string {
  return xml.replace(/<Relationship\b[^>]*?(\/>|>[\s\S]*?<\/Relationship>)/g, (tag) => {
    const external = attrValue(tag, 'TargetMode')?.toLowerCase() === 'external' || leavesPackage(name, attrValue(tag, 'Target') ?? '');
    if (!external || /\/hyperlink$/i.test(attrValue(tag, 'Type') ?? '')) return tag;
    count.n++;
    return '';
  });
}

/** Complex fields (begin … instrText … separate … end, possibly nested) and simple ones (`w:fldSimple w:instr`). */
function stripFields(xml: string, count: { n: number }): string {
  const token =
    /<w:fldChar\b[^>]*?w:fldCharType\s*=\s*["'](begin|separate|end)["'][^>]*>|<w:(instrText|delInstrText)\b([^>]*)>([\s\S]*?)<\/w:\2>|<w:(instrText|delInstrText)\b[^>]*\/>/g;
  const stack: { instructions: { index: number; length: number; text: string }[]; judged: boolean }[] = [];
  const blank: { index: number; length: number; tag: string }[] = [];
  const judge = (field: (typeof stack)[number]) => {
    if (field.judged) return;
    field.judged = true;
    if (!fieldReachesOut(field.instructions.map((i) => i.text).join(''))) return;
    count.n++;
    for (const i of field.instructions) blank.push({ index: i.index, length: i.length, tag: '<w:instrText xml:space="preserve"> </w:instrText>' });
  };
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    if (m[1] === 'begin') stack.push({ instructions: [], judged: false });
    else if (m[1] === 'separate') {
      const field = stack.at(-1);
      if (field) judge(field);
    } else if (m[1] === 'end') {
      const field = stack.pop();
      if (field) judge(field);
    } else if (m[2] && stack.length) stack.at(-1)!.instructions.push({ index: m.index, length: m[0].length, text: m[4] ?? '' });
  }
  while (stack.length) judge(stack.pop()!); // unterminated: judged all the same
  let out = xml;
  for (const b of blank.sort((a, c) => c.index - a.index)) out = out.slice(0, b.index) + b.tag + out.slice(b.index + b.length);
  return out.replace(/(<w:fldSimple\b[^>]*?\sw:instr\s*=\s*)("([^"]*)"|'([^']*)')/g, (whole, head: string, _q, dq?: string, sq?: string) => {
    if (!fieldReachesOut(dq ?? sq ?? '')) return whole;
    count.n++;
    return `${head}" "`;
  });
}

function stripWordXml(xml: string, count: { n: number }): string {
  let out = stripFields(xml, count);
  // VML images by URL (v:imagedata src=, o:href=): Word writes r:id for embedded ones.
  out = out.replace(/\s(src|o:href|href)\s*=\s*("([^"]*)"|'([^']*)')/g, (whole, _n, _q, dq?: string, sq?: string) => {
    if (!outsideUrl.test(unescapeXml(dq ?? sq ?? ''))) return whole;
    count.n++;
    return '';
  });
  return out.replace(/<w:updateFields\b[^>]*\/>/g, () => (count.n++, ''));
}

function stripOdfXml(xml: string, count: { n: number }): string {
  let out = xml.replace(/<([a-zA-Z][\w.-]*:[\w.-]+)\b([^>]*?\sxlink:href\s*=\s*(?:"[^"]*"|'[^']*')[^>]*)>/g, (tag, element: string) => {
    if (element === 'text:a' || element === 'draw:a') return tag;
    const href = attrValue(tag, 'xlink:href') ?? '';
    if (!(outsideUrl.test(href) || href.startsWith('/') || href.startsWith('../') || href === '..')) return tag;
    count.n++;
    return tag.replace(/\sxlink:href\s*=\s*("[^"]*"|'[^']*')/, '');
  });
  out = out.replace(
    /(<config:config-item\b[^>]*config:name\s*=\s*["']LinkUpdateMode["'][^>]*>)\s*([0-9]+)\s*(<\/config:config-item>)/g,
    (whole, open: string, value: string, close: string) => {
      if (value === '0') return whole;
      count.n++;
      return `${open}0${close}`;
    },
  );
  return out;
}

const decoder = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** The package without outside references (see the file's head). A package that does not unzip is given back unread. */
export function stripExternalReferences(data: Uint8Array, format: 'docx' | 'odt'): StrippedPackage {
  const isMarkup = (name: string) => /\.(xml|rels)$/i.test(name);
  let markup: Record<string, Uint8Array>;
  try {
    // Only the XML parts are inflated to be read (images and embedded files are not): the usual, clean, case.
    markup = unzipSync(data, { filter: (file) => isMarkup(file.name) });
  } catch {
    return { data, removed: 0 }; // LibreOffice will refuse it too; nothing of it is read here
  }
  const count = { n: 0 };
  const changed: Record<string, Uint8Array> = {};
  for (const [name, bytes] of Object.entries(markup)) {
    const lower = name.toLowerCase();
    const before = count.n;
    const xml = decoder.decode(bytes);
    const out = format === 'docx' ? (lower.endsWith('.rels') ? stripRelationships(name, xml, count) : stripWordXml(xml, count)) : stripOdfXml(xml, count);
    if (count.n !== before) changed[name] = encoder.encode(out);
  }
  if (!count.n) return { data, removed: 0 };
  const entries = unzipSync(data);
  const files: Zippable = {};
  for (const [name, bytes] of Object.entries(entries)) files[name] = [changed[name] ?? bytes, { level: 0 }];
  return { data: zipSync(files), removed: count.n };
}
