export type TextPart = { kind: 'text'; value: string } | { kind: 'link'; value: string };

const urlPattern = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than the address. */
const trailing = /[.,;:!?)\]]+$/;

/** Splits a plain-text mail into text and http(s) links, so links in the outbox are clickable. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index ?? 0;
    const url = match[0].replace(trailing, '');
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

/** Mail HTML for a sandboxed frame: links open in the top window (same app links like /#/confirm work). */
export function frameDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_top"></head><body>${html}</body></html>`;
}
