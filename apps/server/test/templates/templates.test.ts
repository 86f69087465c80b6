import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSpreadsheet, xlsxBuffer } from '../../src/platform/spreadsheets/index.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { buildDocx, buildOdt, paragraph, run } from './docx.ts';
import { mergeClient, pdfFonts, pdfText, uploadTo } from './support.ts';
import { multipartBody } from '../support/signatures.ts';

/** Split across three runs in the body, one in the header, one in the footer. */
const letter = () =>
  buildDocx({
    header: paragraph('Réf. ${ref}'),
    body:
      paragraph('Bonjour ', run('${first'), run('na', 'Liberation Sans'), run('me}'), ' ${lastname}, de ${city}.') +
      paragraph(run('Ville : ${city}', 'Liberation Mono')) +
      paragraph(run('Police absente : ${ref}', 'Frutiger Paraphe')),
    footer: paragraph(run('${sig'), run('nature}')),
  });
const accents = { ref: 'R-42', firstname: 'Zoë Ångström', lastname: 'Straße Жуков', city: '北京 中关村', signature: '<b>&amp;</b>' };

describe(`mail-merge templates (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let templateId: string;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = await mergeClient(t);
  });
  afterAll(async () => t?.close());

  it('answers the variables of a .docx (split runs, header, footer) in reading order, and stores it', async () => {
    const res = await uploadTo(t, gerant, '/api/Template', { name: 'lettre.docx', data: letter() });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ fileName: 'lettre.docx', format: 'docx', variables: ['ref', 'firstname', 'lastname', 'city', 'signature'] });
    templateId = data.id;
    const again = await gerant.call('GET', `/api/Template/${templateId}`, 'template');
    expect(again.json().data).toEqual(data);
  });

  it('fills it into a PDF whose text holds the values (accents, ß, Cyrillic, Chinese) in the template fonts', async () => {
    const res = await gerant.call('POST', '/api/Template/generate/pdf', 'template', { templateId, values: accents });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Réf. R-42');
    expect(text).toContain('Bonjour Zoë Ångström Straße Жуков, de 北京 中关村.');
    expect(text).toContain('<b>&amp;</b>'); // a value is text, never markup
    const fonts = await pdfFonts(res.rawPayload);
    // A value takes the formatting of the run where its placeholder starts: here the body's Liberation Serif, and
    // Liberation Mono for the paragraph written in it.
    expect(fonts).toContain('LiberationSerif');
    expect(fonts).toContain('LiberationMono');
    expect(text).toContain('Ville : 北京 中关村');
    // Chinese is not in Liberation: LibreOffice takes the glyphs from a font of the machine that has them; a font
    // the machine lacks altogether is replaced (fontconfig's closest match): the text is there, in another face.
    expect(fonts.some((f) => !f.startsWith('Liberation'))).toBe(true);
    expect(text).toContain('Police absente : R-42');
  });

  it('names the missing variables instead of generating', async () => {
    const res = await gerant.call('POST', '/api/Template/generate/pdf', 'template', { templateId, values: { ref: 'x', firstname: 'y' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'No value for the variables ${lastname}, ${city}, ${signature}.',
      details: { missing: ['lastname', 'city', 'signature'] },
    });
  });

  it('reads an .odt (converted to .docx once, at upload), split spans and header included', async () => {
    const res = await uploadTo(t, gerant, '/api/Template', { name: 'lettre.odt', data: buildOdt() });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ format: 'odt', variables: ['ref', 'name', 'city'] });
    const pdf = await gerant.call('POST', '/api/Template/generate/pdf', 'template', {
      templateId: data.id,
      values: { ref: 'O-1', name: 'Jérôme', city: 'Köln' },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Réf. O-1');
    expect(text).toContain('Bonjour Jérôme, de Köln.');
  });

  it('refuses bad files with a 4xx that says why, never a 500', async () => {
    const bomb = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': new Uint8Array(80 * 1024 * 1024) }, { level: 9 });
    const cases: [string, Uint8Array | null, number, string, RegExp][] = [
      ['not-a-docx.docx', strToU8('%PDF-1.7 not a word file'), 400, 'INVALID_FILE_TYPE', /not a Word or OpenDocument text/],
      ['old.doc', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 400, 'INVALID_FILE_TYPE', /save it as \.docx/],
      ['sheet.docx', await xlsxBuffer({ sheetName: 'a', columns: [{ key: 'a', header: 'a' }], rows: [] }), 400, 'INVALID_FILE_TYPE', /not a text document/],
      // Issue 25 item 16: a bomb is "not a valid document", not "too large" (the file is a few kilobytes).
      ['bomb.docx', bomb, 400, 'INVALID_FILE_TYPE', /^bomb\.docx is not a valid document: .*zip bomb/],
      ['big.docx', new Uint8Array(10 * 1024 * 1024 + 1), 413, 'FILE_TOO_LARGE', /exceeds 10 MB/],
      ['empty.docx', new Uint8Array(), 400, 'VALIDATION_FAILED', /empty/],
      ['loop.docx', buildDocx({ body: paragraph('${#rows}x${/rows}') }), 400, 'VALIDATION_FAILED', /only plain \$\{name\} variables/],
      ['unclosed.docx', buildDocx({ body: paragraph('Hello ${name') }), 400, 'VALIDATION_FAILED', /not well formed/],
      ['no-file', null, 400, 'VALIDATION_FAILED', /part named "file"/],
    ];
    for (const [name, data, status, code, message] of cases) {
      const res = await uploadTo(t, gerant, '/api/Template', data ? { name, data } : null);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().error.code, name).toBe(code);
      expect(res.json().error.message, name).toMatch(message);
    }
    expect((await uploadTo(t, gerant, '/api/Template', { name: 'bomb.docx', data: bomb })).json().error.fields[0].rule).toBe('not_a_document');
  });

  it('converts xlsx → csv and csv → xlsx (formula-like text stays text)', async () => {
    const xlsx = await xlsxBuffer({
      sheetName: 'S',
      columns: [
        { key: 'a', header: 'Nom' },
        { key: 'b', header: 'Note' },
      ],
      rows: [
        { a: 'Zoë', b: '=1+2' },
        { a: 'Li 李', b: '0612' },
      ],
    });
    const csv = await uploadTo(t, gerant, '/api/Converter/xlsxToCsv', { name: 'people.xlsx', data: xlsx });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain('people.csv');
    expect(csv.body).toBe('\uFEFFNom;Note\r\nZoë;"\'=1+2"\r\nLi 李;0612\r\n');

    const back = await uploadTo(t, gerant, '/api/Converter/csvToXlsx', { name: 'people.csv', data: csv.rawPayload });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.headers['content-disposition']).toContain('people.xlsx');
    expect((await readSpreadsheet(back.rawPayload)).rows).toEqual([
      ['Nom', 'Note'],
      ['Zoë', '=1+2'],
      ['Li 李', '0612'],
    ]);

    expect((await uploadTo(t, gerant, '/api/Converter/csvToXlsx', { name: 'people.xlsx', data: xlsx })).json().error.code).toBe('INVALID_FILE_TYPE');
    expect((await uploadTo(t, gerant, '/api/Converter/xlsxToCsv', { name: 'people.csv', data: csv.rawPayload })).json().error.code).toBe('INVALID_FILE_TYPE');
    expect((await uploadTo(t, gerant, '/api/Converter/xlsxToCsv', { name: 'x.xlsx', data: strToU8('PK\u0003\u0004broken') })).statusCode).toBe(400);
  });

  describe('who may call', () => {
    let otherTemplateId: string;
    beforeAll(async () => {
      const other = await mergeClient(t);
      otherTemplateId = (await uploadTo(t, other, '/api/Template', { name: 'other.docx', data: letter() })).json().data.id;
    });
    const routes = () => [
      { method: 'POST', url: '/api/Template', multipart: true },
      { method: 'GET', url: `/api/Template/${templateId}` },
      { method: 'POST', url: '/api/Template/generate/pdf', body: { templateId, values: accents } },
      { method: 'POST', url: '/api/batch/generate/pdf', multipart: true },
      { method: 'GET', url: `/api/batch/generate/pdf/${randomUUID()}` },
      { method: 'GET', url: `/api/batch/generate/pdf/${randomUUID()}/zip` },
      { method: 'POST', url: '/api/Converter/xlsxToCsv', multipart: true },
      { method: 'POST', url: '/api/Converter/csvToXlsx', multipart: true },
    ];
    const call = async (client: TestClient | undefined, r: ReturnType<typeof routes>[number], audience: 'template' | 'user' = 'template') => {
      if (r.multipart) return uploadTo(t, client, r.url, { name: 'a.docx', data: letter() });
      return t.request({ method: r.method, url: r.url, body: r.body, token: client ? await client.token(audience) : undefined });
    };

    it('lists every route of mail-merge', () => {
      const spec = t.server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const served = Object.entries(spec.paths)
        .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
        .filter((r) => / \/api\/(Template|batch\/generate|Converter)/.test(r));
      expect(served).toHaveLength(routes().length);
    });

    it('answers 401 without a token or with another audience', async () => {
      for (const r of routes()) {
        expect((await call(undefined, r)).statusCode, `${r.method} ${r.url}`).toBe(401);
        if (!r.multipart) expect((await call(gerant, r, 'user')).statusCode, `${r.method} ${r.url}`).toBe(401);
      }
    });

    it('answers 403 to a profile without campaigns.manage (COMPTABLE) and to a tenant without mail-merge', async () => {
      const comptable = await t.login((await t.factory.user(gerant.appId, { profile: 'COMPTABLE' })).email);
      const noMailing = await mergeClient(t, { mailing: false });
      for (const r of routes()) {
        const res = await call(comptable, r);
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
        const off = await call(noMailing, r);
        expect(off.statusCode, `${r.method} ${r.url}: ${off.body}`).toBe(403);
        expect(off.json().error.code).toBe('FEATURE_DISABLED');
      }
    });

    it("answers 404 to another tenant's template", async () => {
      expect((await gerant.call('GET', `/api/Template/${otherTemplateId}`, 'template')).statusCode).toBe(404);
      expect((await gerant.call('POST', '/api/Template/generate/pdf', 'template', { templateId: otherTemplateId, values: accents })).statusCode).toBe(404);
      const sheet = await xlsxBuffer({ sheetName: 'S', columns: [{ key: 'a', header: 'ref' }], rows: [{ a: '1' }] });
      const batch = await uploadTo(
        t,
        gerant,
        '/api/batch/generate/pdf',
        { name: 's.xlsx', data: sheet },
        { request: JSON.stringify({ templateId: otherTemplateId, mapping: {} }) },
      );
      expect(batch.statusCode, batch.body).toBe(404);
    });
  });
});

describe(`mail-merge without LibreOffice (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  beforeAll(async () => {
    t = await createTestContext({ env: { OFFICE_BINARY: '/nonexistent/soffice' } });
    gerant = await mergeClient(t);
  });
  afterAll(async () => t?.close());

  it('answers 503 CONVERSION_UNAVAILABLE with how to enable it; what needs no conversion keeps working', async () => {
    const uploaded = await uploadTo(t, gerant, '/api/Template', { name: 'lettre.docx', data: letter() });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const res = await gerant.call('POST', '/api/Template/generate/pdf', 'template', { templateId: uploaded.json().data.id, values: accents });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('CONVERSION_UNAVAILABLE');
    expect(res.json().error.message).toMatch(/not installed.*apt-get install -y libreoffice-writer-nogui/);
    expect(res.json().error.details.howToEnable).toMatch(/OFFICE_BINARY/);
    expect((await uploadTo(t, gerant, '/api/Template', { name: 'lettre.odt', data: buildOdt() })).statusCode).toBe(503);
    const csv = await uploadTo(t, gerant, '/api/Converter/csvToXlsx', { name: 'a.csv', data: strToU8('a;b\n1;2\n') });
    expect(csv.statusCode).toBe(200);

    // A mail-merge campaign can be prepared; sending it says why it cannot be, and it stays a draft.
    const mapping = Object.fromEntries(uploaded.json().data.variables.map((v: string) => [v, { value: 'x' }]));
    const parts = [
      { name: 'label', value: 'Sans LibreOffice' },
      { name: 'transactionSigners', value: JSON.stringify([{ firstname: 'A', lastname: 'B', emailAddress: 'a.b@example.com' }]) },
      {
        name: 'mergeDocument',
        value: JSON.stringify({ templateId: uploaded.json().data.id, mapping, signatureFields: [{ signerIndex: 0, page: 1, x: 100, y: 100 }] }),
      },
    ];
    const { payload, headers } = multipartBody(parts);
    const created = await t.request({ method: 'POST', url: '/api/campains/publipostage', token: await gerant.token('campaign'), body: payload, headers });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await gerant.call('PUT', `/api/campains/${created.json().data.id}/send`, 'campaign');
    expect(sent.statusCode).toBe(503);
    expect(sent.json().error.code).toBe('CONVERSION_UNAVAILABLE');
    expect((await gerant.call('GET', `/api/campains/${created.json().data.id}`, 'campaign')).json().data.status).toBe('draft');

    // The health probe tells the operator, without calling the server degraded.
    const health = await t.request({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', office: 'unavailable' });
    expect(health.json().officeNetwork).toBeUndefined();
  });
});
