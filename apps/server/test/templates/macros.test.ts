/**
 * Macro-enabled or mislabelled office files are refused by content, not by name (docs/security.md): a .docm or a
 * .dotm renamed .docx, a VBA project alone, a macro-enabled content type alone, an .odt with a Basic library or a
 * script bound to an event — each answered 400 INVALID_FILE_TYPE with the field rule `macros` (the web app's
 * translated message) at upload, before any mapping, and nothing kept.
 */
import { sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { buildDocx, buildOdt, paragraph } from './docx.ts';
import { mergeClient, uploadTo } from './support.ts';

/** A package with `changes` applied: a string sets an entry, null removes it (order kept: mimetype stays first). */
function repack(data: Uint8Array, changes: Record<string, string | Uint8Array | null>): Buffer {
  const entries = unzipSync(data);
  const out: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
  for (const [name, bytes] of Object.entries(entries)) if (changes[name] !== null) out[name] = name === 'mimetype' ? [bytes, { level: 0 }] : bytes;
  for (const [name, value] of Object.entries(changes)) if (value !== null) out[name] = typeof value === 'string' ? strToU8(value) : value;
  return Buffer.from(zipSync(out));
}
const docx = () => buildDocx({ body: paragraph('Bonjour ${name}.') });
const contentTypes = (data: Uint8Array) => strFromU8(unzipSync(data)['[Content_Types].xml']!);
const wordMain = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const vba = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);

function docm(): Buffer {
  const plain = docx();
  const types = contentTypes(plain)
    .replace(wordMain, 'application/vnd.ms-word.document.macroEnabled.main+xml')
    .replace('</Types>', '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>');
  const rels = strFromU8(unzipSync(plain)['word/_rels/document.xml.rels']!).replace(
    '</Relationships>',
    '<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>',
  );
  return repack(plain, { '[Content_Types].xml': types, 'word/_rels/document.xml.rels': rels, 'word/vbaProject.bin': vba });
}

describe(`macro-enabled templates are refused by content (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = await mergeClient(t);
  });
  afterAll(async () => t?.close());

  const cases: { what: string; fileName: string; data: () => Buffer; says: RegExp }[] = [
    { what: 'a .docm renamed .docx', fileName: 'contrat.docx', data: docm, says: /VBA project, word\/vbaProject\.bin/ },
    {
      what: 'a VBA project under a plain content type',
      fileName: 'lettre.docx',
      data: () => repack(docx(), { 'word/vbaProject.bin': vba }),
      says: /VBA project/,
    },
    {
      what: 'a macro-enabled content type without its project',
      fileName: 'a.docx',
      data: () => repack(docx(), { '[Content_Types].xml': contentTypes(docx()).replace(wordMain, 'application/vnd.ms-word.document.macroEnabled.main+xml') }),
      says: /macro-enabled content type, macroEnabled/,
    },
    {
      what: 'a .dotm (macro-enabled template) renamed .docx',
      fileName: 'modele.docx',
      data: () =>
        repack(docx(), { '[Content_Types].xml': contentTypes(docx()).replace(wordMain, 'application/vnd.ms-word.template.macroEnabledTemplate.main+xml') }),
      says: /macro-enabled content type/,
    },
    {
      what: 'an .odt with a Basic library',
      fileName: 'lettre.odt',
      data: () =>
        repack(buildOdt(), {
          'Basic/Standard/Module1.xml':
            '<?xml version="1.0"?><script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">Sub Main\nShell("id")\nEnd Sub</script:module>',
        }),
      says: /Basic or script library, Basic\/Standard\/Module1\.xml/,
    },
    {
      what: 'an .odt whose opening runs a macro of the application',
      fileName: 'lettre.odt',
      data: () => {
        const content = strFromU8(unzipSync(buildOdt())['content.xml']!).replace(
          '<office:body>',
          '<office:scripts><office:event-listeners><script:event-listener xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0" script:language="ooo:script" script:event-name="dom:load" xlink:href="vnd.sun.star.script:Tools.Debug.Run?language=Basic&amp;location=application" xmlns:xlink="http://www.w3.org/1999/xlink"/></office:event-listeners></office:scripts><office:body>',
        );
        return repack(buildOdt(), { 'content.xml': content });
      },
      says: /script bound to an event, script:event-listener in content\.xml/,
    },
  ];

  for (const c of cases) {
    it(`refuses ${c.what}, saying why, and keeps nothing`, async () => {
      const count = async () =>
        ((await t.database.db.execute(sql`select count(*)::int as n from merge_templates`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      const before = await count();
      const res = await uploadTo(t, gerant, '/api/Template', { name: c.fileName, data: c.data() });
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('INVALID_FILE_TYPE');
      expect(error.message).toMatch(new RegExp(`^${c.fileName.replace('.', '\\.')} contains macros`));
      expect(error.message).toMatch(c.says);
      expect(error.fields).toEqual([{ field: 'file', rule: 'macros', message: error.message }]);
      expect(await count()).toBe(before);
    });
  }

  it('accepts the same documents without their macros', async () => {
    for (const data of [docx(), buildOdt()]) {
      const res = await uploadTo(t, gerant, '/api/Template', { name: 'ok.docx', data });
      expect(res.statusCode, res.body).toBe(201);
    }
  }, 120_000);
});
