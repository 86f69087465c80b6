/** The second wall of office conversion (references.ts): every outside reference of the hostile templates removed. */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx, paragraph } from '../../../test/templates/docx.ts';
import { hostileTemplates } from '../../../test/templates/hostile.ts';
import { fieldReachesOut, stripExternalReferences } from './references.ts';

const base = 'http://127.0.0.1:9';
const texts = (data: Uint8Array) => Object.entries(unzipSync(data)).map(([name, bytes]) => ({ name, text: strFromU8(bytes) }));

describe('stripExternalReferences', () => {
  for (const hostile of hostileTemplates(base)) {
    it(`leaves no outside reference in: ${hostile.kind}`, () => {
      const format = hostile.fileName.endsWith('.odt') ? 'odt' : 'docx';
      const before = texts(hostile.data).filter((e) => e.text.includes(base));
      expect(before.length).toBeGreaterThan(0);
      const stripped = stripExternalReferences(hostile.data, format);
      expect(stripped.removed).toBeGreaterThan(0);
      const after = texts(stripped.data);
      expect(after.filter((e) => e.text.includes(base)).map((e) => e.name)).toEqual([]);
      // The text and the ${name} placeholder stay; the package's entries all stay (mimetype first for ODF).
      expect(after.map((e) => e.name)).toEqual(texts(hostile.data).map((e) => e.name));
      expect(after.find((e) => e.name === (format === 'odt' ? 'content.xml' : 'word/document.xml'))!.text).toContain('Bonjour ${name}.');
      if (format === 'odt') expect(after.find((e) => e.name === 'settings.xml')!.text).toMatch(/LinkUpdateMode" config:type="short">0</);
    });
  }

  it('keeps hyperlinks (a link in the PDF is never fetched) and gives a clean package back untouched', () => {
    const clean = buildDocx({ body: paragraph('Hello') });
    expect(stripExternalReferences(clean, 'docx')).toEqual({ data: clean, removed: 0 });
    expect(fieldReachesOut(' HYPERLINK "https://example.com/" ')).toBe(false);
    expect(fieldReachesOut(' PAGE \\* MERGEFORMAT ')).toBe(false);
    expect(fieldReachesOut(' includepicture "x.png" ')).toBe(true);
    expect(fieldReachesOut(' SET a "\\\\\\\\server\\\\share" ')).toBe(true);
    expect(fieldReachesOut(' QUOTE "ftp://host/x" ')).toBe(true);
  });

  it('gives back what does not unzip, unread', () => {
    const junk = new Uint8Array([1, 2, 3]);
    expect(stripExternalReferences(junk, 'docx')).toEqual({ data: junk, removed: 0 });
  });
});
