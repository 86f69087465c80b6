/**
 * Mail-merge copies made by ONE LibreOffice conversion of a merged document, cut by the signing engine, print what
 * each copy's own document prints (issue 28: merged-docx.ts). Compared with the copies converted one per document,
 * page by page: the text (pdftotext -layout, so the position of every line counts) and the page count.
 */
import { describe, expect, it } from 'vitest';
import { splitPdfAtDestinations } from '@paraphe/signing';
import { createOfficeEngine } from '../../src/platform/office/index.ts';
import { extractVariables, fillTemplate } from '../../src/domains/templates/docx.ts';
import { assembleMergedDocx, planMergedDocx } from '../../src/domains/templates/merged-docx.ts';
import { buildDocx, decimalList, listItem, pageBreak, paragraph, twoPageLetter } from './docx.ts';
import { pdfText } from './support.ts';

const engine = createOfficeEngine({ binary: process.env.OFFICE_BINARY ?? 'soffice', converters: 1, timeoutMs: 120_000 });

const pageFooter = '<w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple></w:p>';
const templates: Record<string, () => Buffer> = {
  'the two-page letter (header and footer with variables)': twoPageLetter,
  'a one-page letter numbered in its footer (records start on odd and even pages)': () =>
    buildDocx({ header: paragraph('Dossier ${ref}'), body: paragraph('Bonjour ${name},') + paragraph('Votre dossier ${ref}.'), footer: pageFooter }),
  'one paragraph with its own header (its bookmark was placed a page early once)': () =>
    buildDocx({ header: paragraph('H ${ref}'), body: paragraph('Bonjour ${name}') }),
  'numbered articles (each copy numbers from 1)': () =>
    buildDocx({
      body: [paragraph('Contrat de ${name}'), listItem('Objet : ${ref}'), listItem('Durée', 1, 1), listItem('Prix'), listItem('Résiliation')].join(''),
      numbering: decimalList(),
    }),
  'three pages, the last ending with a table': () =>
    buildDocx({
      body: [
        paragraph('Bonjour ${name}'),
        pageBreak,
        paragraph('Deuxième page'),
        pageBreak,
        '<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/></w:tblPr><w:tr><w:tc><w:p><w:r><w:t>${name}</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>${ref}</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
      ].join(''),
      footer: pageFooter,
    }),
};

describe('merged mail-merge conversion', async () => {
  const office = await engine.status();
  it.skipIf(!office.available).each(Object.keys(templates))('prints each copy as its own document would: %s', async (label) => {
    const template = templates[label]!();
    const variables = extractVariables(template);
    const { plan, fallback } = planMergedDocx(template, variables);
    expect(fallback).toBeUndefined();
    const records = Array.from({ length: 4 }, (_, i) =>
      Object.fromEntries(variables.map((v) => [v, i === 2 ? `${v} ${i} Ünïcode & <« ${'long '.repeat(12)}»>\nsur deux lignes` : `${v}-${i}`])),
    );
    const { docx, marks, endMarks } = assembleMergedDocx(plan!, records);
    const [merged] = await engine.convert([{ name: 'merged', data: docx, format: 'docx', records: records.length }], 'pdf-marked');
    expect(merged?.error).toBeUndefined();
    const parts = splitPdfAtDestinations(merged!.data!, marks, { endNames: endMarks });
    const own = await engine.convert(
      records.map((values, i) => ({ name: String(i), data: fillTemplate(template, variables, values), format: 'docx' as const })),
      'pdf',
    );
    for (const [i, part] of parts.entries()) {
      const expected = await pdfText(own[i]!.data!);
      expect(await pdfText(part.bytes), `record ${i}`).toBe(expected);
      expect(part.pageCount).toBe(expected.split('\f').filter((page) => page.trim()).length);
    }
  });
});
