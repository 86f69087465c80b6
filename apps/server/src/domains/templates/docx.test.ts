import { strToU8, zipSync } from 'fflate';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { buildDocx, paragraph, run } from '../../../test/templates/docx.ts';
import { AppError } from '../../platform/errors.ts';
import { checkTemplateFile, extractVariables, fillTemplate } from './docx.ts';

const documentXml = (docx: Buffer) => new PizZip(docx).file('word/document.xml')!.asText();

describe('template variables', () => {
  it('finds a placeholder a word processor split across three runs, and those of headers and footers, in reading order, once each', () => {
    const docx = buildDocx({
      header: paragraph('Réf. ', run('${ref}')),
      body: paragraph('Bonjour ', run('${first'), run('na', 'Liberation Sans'), run('me}'), ' ${lastname}, ${firstname}'),
      footer: paragraph(run('${'), run('page'), run('Note}')),
    });
    // The split is real: no run holds the whole placeholder.
    expect(documentXml(docx)).toMatch(/>\$\{first<\/w:t>.*>na<\/w:t>.*>me\}<\/w:t>/);
    expect(extractVariables(docx)).toEqual(['ref', 'firstname', 'lastname', 'pageNote']);
  });

  it('trims names and keeps accents and non-Latin names', () => {
    expect(extractVariables(buildDocx({ body: paragraph('${ prénom } ${城市} ${prénom}') }))).toEqual(['prénom', '城市']);
  });

  it('refuses loops, raw XML, empty and unclosed placeholders with a message', () => {
    const refuse = (body: string) => {
      try {
        extractVariables(buildDocx({ body: paragraph(body) }));
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return (error as AppError).message;
      }
      throw new Error('accepted');
    };
    expect(refuse('${#items}x${/items}')).toMatch(/\$\{#items\} is not a variable/);
    expect(refuse('${@xml}')).toMatch(/not a variable|placeholders are not well formed/);
    expect(refuse('a ${} b')).toMatch(/empty/);
    expect(refuse('a ${name b')).toMatch(/not well formed/);
  });
});

describe('filling', () => {
  const docx = buildDocx({ header: paragraph('${ref}'), body: paragraph('Dear ', run('${na'), run('me}'), ', ${city}') });
  const variables = ['ref', 'name', 'city'];

  it('fills body and header, values as escaped text with line breaks', () => {
    const filled = fillTemplate(docx, variables, { ref: 'R-1', name: '<w:t>Tom & "Jerry"</w:t>\u0001', city: 'Zürich\nSuisse' });
    const zip = new PizZip(filled);
    const body = zip.file('word/document.xml')!.asText();
    expect(body).toContain('&lt;w:t&gt;Tom &amp; &quot;Jerry&quot;&lt;/w:t&gt;');
    expect(body).not.toContain('\u0001');
    expect(body).toContain('<w:br/>');
    expect(zip.file('word/header1.xml')!.asText()).toContain('R-1');
  });

  it('names every missing variable', () => {
    try {
      fillTemplate(docx, variables, { ref: 'x' });
      throw new Error('filled');
    } catch (error) {
      expect((error as AppError).code).toBe('VALIDATION_FAILED');
      expect((error as AppError).message).toBe('No value for the variables ${name}, ${city}.');
      expect((error as AppError).details).toEqual({ missing: ['name', 'city'] });
    }
  });
});

describe('template files', () => {
  it('knows a .docx, an .odt, and refuses the rest', async () => {
    expect(await checkTemplateFile(buildDocx({ body: paragraph('x') }), 'a.docx')).toBe('docx');
    const odt = zipSync({ mimetype: strToU8('application/vnd.oasis.opendocument.text'), 'content.xml': strToU8('<office:document-content/>') });
    expect(await checkTemplateFile(odt, 'a.odt')).toBe('odt');
    await expect(checkTemplateFile(strToU8('%PDF-1.7'), 'a.pdf')).rejects.toMatchObject({ code: 'INVALID_FILE_TYPE' });
    await expect(checkTemplateFile(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'a.doc')).rejects.toThrow(/save it as \.docx/);
    await expect(checkTemplateFile(zipSync({ 'xl/workbook.xml': strToU8('<x/>') }), 'a.xlsx')).rejects.toThrow(/not a text document/);
    await expect(checkTemplateFile(new Uint8Array(), 'a.docx')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a zip bomb disguised as a .docx before unpacking it in memory', async () => {
    // 80 MB of zeros deflate to ≈ 80 KB; the sizes it declares are honest here, a lying one fails as damaged.
    const bomb = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': new Uint8Array(80 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // Not "too large" (issue 25): the file is small, it is simply not a valid document.
    await expect(checkTemplateFile(bomb, 'bomb.docx')).rejects.toMatchObject({
      code: 'INVALID_FILE_TYPE',
      message: expect.stringMatching(/^bomb\.docx is not a valid document/),
    });
  });
});
