import fc from 'fast-check';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { buildDocx, decimalList, listItem, pageBreak, paragraph, run, twoPageLetter } from '../../../test/templates/docx.ts';
import { extractVariables, fillTemplate } from './docx.ts';
import { assembleMergedDocx, planMergedDocx, recordMark, topLevelElements } from './merged-docx.ts';

const part = (docx: Buffer, name: string) => new PizZip(docx).file(name)!.asText();
const pageField = '<w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple></w:p>';
const complexField = (code: string) =>
  `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${code.slice(0, 3)}</w:instrText></w:r><w:r><w:instrText>${code.slice(3)} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>2</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;

/** The records' bodies of a merged document, each as its own document's body would read (bookmark and break taken out). */
function recordBodies(merged: string, count: number): string[] {
  const body = merged.slice(merged.indexOf('<w:body>') + '<w:body>'.length, merged.lastIndexOf('<w:sectPr'));
  const clean = (xml: string) =>
    xml
      .replace(/<w:bookmarkStart w:id="\d+" w:name="paraphe-record-\d+(?:-end)?"\/><w:bookmarkEnd w:id="\d+"\/>/g, '')
      .replace(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g, '')
      .replace(/<w:pPr><\/w:pPr>/g, '');
  const starts = Array.from({ length: count }, (_, r) => body.indexOf(`w:name="${recordMark(r)}"`));
  return starts.map((_, r) => {
    // Each record starts at the paragraph holding its bookmark.
    const from = body.lastIndexOf('<w:p', starts[r]!);
    const to = r + 1 < count ? body.lastIndexOf('<w:p', starts[r + 1]!) : body.length;
    return clean(body.slice(from, to));
  });
}
const bodyOf = (document: string) =>
  document.slice(document.indexOf('<w:body>') + '<w:body>'.length, document.lastIndexOf('<w:sectPr')).replace(/<w:pPr><\/w:pPr>/g, '');

describe('merged mail-merge documents', () => {
  it('writes each record exactly as fillTemplate writes its own document: any text, line breaks, XML characters, words for nothing', () => {
    const template = buildDocx({
      header: paragraph('Réf. ', run('${ref}')),
      body: [
        paragraph('Bonjour ', run('${first'), run('na', 'Liberation Sans'), run('me}'), ' ${lastname}'),
        pageBreak,
        paragraph('Fait pour ${firstname} (${ref}).'),
      ].join(''),
      footer: paragraph('${lastname}'),
    });
    const variables = extractVariables(template);
    const { plan } = planMergedDocx(template, variables);
    expect(plan, 'a plain letter is merged').toBeDefined();
    const value = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('', 'undefined', 'NaN', 'a\nb\n', '<w:t>&amp;"\'', '\uE000 1 \uE002'));
    const record = fc.record(Object.fromEntries(variables.map((v) => [v, value])) as Record<string, fc.Arbitrary<string>>);
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 4 }), (records) => {
        const { docx, marks } = assembleMergedDocx(plan!, records);
        expect(marks).toEqual(records.map((_, r) => recordMark(r)));
        const bodies = recordBodies(part(docx, 'word/document.xml'), records.length);
        records.forEach((values, r) => {
          const own = fillTemplate(template, variables, values);
          expect(bodies[r]).toBe(bodyOf(part(own, 'word/document.xml')));
          expect(part(docx, `word/pr${r}-header1.xml`)).toBe(part(own, 'word/header1.xml'));
          expect(part(docx, `word/pr${r}-footer1.xml`)).toBe(part(own, 'word/footer1.xml'));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('gives each record a section of its own: new page, its header and footer, pages numbered from 1 when the template numbers them', () => {
    const template = buildDocx({ header: paragraph('Dossier ${ref}'), body: paragraph('Bonjour ${name}') + paragraph('Cordialement'), footer: pageField });
    const variables = extractVariables(template);
    const { docx } = assembleMergedDocx(planMergedDocx(template, variables).plan!, [
      { ref: 'A', name: 'Ann' },
      { ref: 'B', name: 'Bob' },
      { ref: 'C', name: 'Cid' },
    ]);
    const document = part(docx, 'word/document.xml');
    const sections = [...document.matchAll(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g)].map((m) => m[0]);
    expect(sections).toHaveLength(3);
    sections.forEach((section, r) => {
      expect(section).toContain('<w:type w:val="nextPage"/>');
      expect(section).toContain('<w:pgNumType w:start="1"/>');
      expect(section).toContain(`r:id="rIdH_pr${r}"`);
      expect(section).toContain(`r:id="rIdF_pr${r}"`);
    });
    // Two section breaks sit in the properties of each record's last paragraph: no extra paragraph, no extra line.
    expect(document.match(/<w:p>/g)).toHaveLength(6);
    expect(document.match(/w:name="paraphe-record-\d-end"/g), 'and each record ends with a mark').toHaveLength(3);
    expect(part(docx, 'word/_rels/document.xml.rels')).toContain(
      'Id="rIdH_pr2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="pr2-header1.xml"',
    );
    expect(part(docx, '[Content_Types].xml')).toContain(
      '<Override PartName="/word/pr1-footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>',
    );
    expect(part(docx, 'word/pr1-header1.xml')).toContain('Dossier B');
  });

  it('gives a one-paragraph body its section break in a paragraph of its own (LibreOffice would place its bookmark a page early)', () => {
    const { docx } = assembleMergedDocx(planMergedDocx(buildDocx({ body: paragraph('Bonjour ${name}') }), ['name']).plan!, [{ name: 'A' }, { name: 'B' }]);
    expect(part(docx, 'word/document.xml')).toMatch(
      /Bonjour A<\/w:t><\/w:r><w:bookmarkStart w:id="\d+" w:name="paraphe-record-0-end"\/><w:bookmarkEnd w:id="\d+"\/><\/w:p><w:p><w:pPr><w:sectPr>/,
    );
  });

  it('shares the header and footer when they hold no variable, and numbers nothing when the template does not', () => {
    const template = buildDocx({ header: paragraph('Contrat'), body: paragraph('Bonjour ${name}') });
    const { docx } = assembleMergedDocx(planMergedDocx(template, ['name']).plan!, [{ name: 'A' }, { name: 'B' }]);
    const document = part(docx, 'word/document.xml');
    expect(document).not.toContain('_pr');
    expect(document).not.toContain('pgNumType');
    expect(document.match(/r:id="rIdH"/g)).toHaveLength(2);
  });

  it('places the section break after a body that ends with a table, and the bookmark in the first paragraph of a first-cell', () => {
    const table = '<w:tbl><w:tr><w:tc><w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:t>${name}</w:t></w:r></w:p></w:tc></w:tr></w:tbl>';
    const template = buildDocx({ body: table });
    const { docx } = assembleMergedDocx(planMergedDocx(template, ['name']).plan!, [{ name: 'A' }, { name: 'B' }]);
    const body = part(docx, 'word/document.xml');
    expect(body).toContain('<w:pPr><w:jc w:val="center"/></w:pPr><w:bookmarkStart w:id="2000000000" w:name="paraphe-record-0"/>');
    expect(body).toContain('</w:tbl><w:p><w:pPr><w:sectPr>');
  });

  it('converts one copy per document what would print differently in a shared document, saying why', () => {
    const why = (parts: Parameters<typeof buildDocx>[0]) => {
      const template = buildDocx(parts);
      return planMergedDocx(template, extractVariables(template)).fallback;
    };
    expect(why({ body: paragraph('${a}') + complexField('NUMPAGES') })).toBe('the field NUMPAGES');
    expect(why({ body: paragraph('${a}'), footer: complexField('SECTIONPAGES') })).toBe('the field SECTIONPAGES');
    expect(why({ body: paragraph('${a}') + '<w:p><w:fldSimple w:instr=" REF _Ref1 \\h "><w:r><w:t>x</w:t></w:r></w:fldSimple></w:p>' })).toBe('the field REF');
    expect(why({ body: paragraph('${a}') + listItem('x', 3) })).toBe('lists without their definitions');
    expect(
      why({
        body: paragraph('${a}') + listItem('x'),
        numbering: decimalList().replace('</w:num>', '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="4"/></w:lvlOverride></w:num>'),
      }),
    ).toBe('lists that override their levels');
    expect(why({ body: paragraph('${a}') + '<w:p><w:pPr><w:sectPr><w:pgSz w:w="16838" w:h="11906"/></w:sectPr></w:pPr></w:p>' + paragraph('annexe') })).toBe(
      'several sections',
    );
    expect(why({ body: paragraph('${a}') + '<w:p><w:r><w:footnoteReference w:id="1"/></w:r></w:p>' })).toBe('footnotes, endnotes or comments');
    expect(why({ body: '<w:p><w:hyperlink w:anchor="art2"><w:r><w:t>${a}</w:t></w:r></w:hyperlink></w:p>' })).toBe('links to bookmarks');
    // What prints the same anywhere is merged: the page number (restarted), the date.
    expect(why({ body: paragraph('${a}') + complexField('DATE'), footer: pageField })).toBeUndefined();
  });

  it('restarts the numbered lists of every copy after the first: their own list instances, levels started again', () => {
    const template = buildDocx({ body: paragraph('${a}') + listItem('un', 7) + listItem('deux', 7, 1) + listItem('trois', 7), numbering: decimalList(7) });
    const { docx } = assembleMergedDocx(planMergedDocx(template, ['a']).plan!, [{ a: '1' }, { a: '2' }, { a: '3' }]);
    const numIds = [...part(docx, 'word/document.xml').matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]);
    expect(numIds).toEqual(['7', '7', '7', '8', '8', '8', '9', '9', '9']);
    const numbering = part(docx, 'word/numbering.xml');
    for (const id of ['8', '9'])
      expect(numbering).toContain(
        `<w:num w:numId="${id}"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride><w:lvlOverride w:ilvl="1"><w:startOverride w:val="1"/></w:lvlOverride><w:lvlOverride w:ilvl="2"><w:startOverride w:val="1"/></w:lvlOverride></w:num>`,
      );
    expect(numbering.indexOf('w:numId="8"'), "after the template's own instances").toBeGreaterThan(numbering.indexOf('w:numId="7"'));
  });

  it('merges the test letter of every mail-merge test', () => {
    expect(planMergedDocx(twoPageLetter(), extractVariables(twoPageLetter())).fallback).toBeUndefined();
  });

  it("measures the XML a copy adds, which bounds a call's copies where the compressed size does not", () => {
    const long = buildDocx({ body: Array.from({ length: 2_000 }, (_, i) => paragraph(`Article ${i} ${'clause '.repeat(20)} \${name}`)).join('') });
    const { plan } = planMergedDocx(long, ['name']);
    const { docx } = assembleMergedDocx(plan!, [{ name: 'A' }, { name: 'B' }]);
    // Two copies stored (no compression) are about twice the copy, whatever the template compresses to.
    expect(long.length).toBeLessThan(plan!.copyBytes / 10);
    expect(docx.length).toBeGreaterThan(2 * plan!.copyBytes);
    expect(docx.length).toBeLessThan(2 * plan!.copyBytes + 64 * 1024);
  });
});

describe('topLevelElements', () => {
  it('finds the elements at depth 0, skipping comments, processing instructions, CDATA and quoted >', () => {
    const xml = '<a x="1>2"><b/><a>t</a></a><!-- <c> --><?pi <d>?><c/><![CDATA[<e>]]><f>x</f>';
    expect(topLevelElements(xml, 0, xml.length)?.map((e) => [e.name, xml.slice(e.start, e.end)])).toEqual([
      ['a', '<a x="1>2"><b/><a>t</a></a>'],
      ['c', '<c/>'],
      ['f', '<f>x</f>'],
    ]);
  });

  it('says undefined when the tags do not balance, and never throws on any text', () => {
    expect(topLevelElements('<a><b></a></b>', 0, 15)).toBeUndefined();
    expect(topLevelElements('<a>', 0, 3)).toBeUndefined();
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('<', '>', '/', 'a', 'b', '"', "'", ' ', '=', '!', '-', '?', '[') }), (text) => {
        const found = topLevelElements(text, 0, text.length);
        if (found) for (const e of found) expect(e.end).toBeGreaterThan(e.start);
      }),
      { numRuns: 500 },
    );
  });
});
