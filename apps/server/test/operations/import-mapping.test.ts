import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderImportColumns, OrderImportReport } from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { multipartBody, samplePdf, type Part } from '../support/signatures.ts';
import { xlsxOf } from '../contacts/support.ts';

/** The order import's two steps (docs/operations.md "Import"): columns and mapping proposed, then the mapping the user confirms. */
describe(`operation order import mapping (${engine})`, () => {
  let t: TestContext;
  let client: TestClient;
  let pdf: Uint8Array;

  // Headers no guess reads ("Dossier PDF", "Contact", "Adresse de contact"), and one it reads wrongly on purpose:
  // "Nom" (a last name) holds the full name here, "Référence" holds the e-mail of nobody.
  const unusualSheet = () =>
    xlsxOf([
      ['Dossier PDF', 'Nom', 'Adresse de contact', 'Référence'],
      ['a.pdf', 'Ann One', 'ann.one@example.com', 'R-1'],
      ['b.pdf', 'Bob Two', 'not-an-email', 'R-2'],
      ['absent.pdf', 'Cid Three', 'cid.three@example.com', 'R-3'],
    ]);

  const newOperation = async (c: TestClient = client) => {
    const id = (await c.call('GET', '/api/batches/ids', 'operation')).json().data.id as string;
    const { payload, headers } = multipartBody(
      ['a.pdf', 'b.pdf'].map((n): Part => ({ name: 'files', fileName: n, contentType: 'application/pdf', data: pdf })),
    );
    const saved = await t.request({ method: 'POST', url: `/api/batches/${id}`, token: await c.token('operation'), body: payload, headers });
    expect(saved.statusCode, saved.body).toBe(200);
    return id;
  };
  const columns = async (id: string, data: Buffer, c: TestClient = client) => {
    const { payload, headers } = multipartBody([{ name: 'file', fileName: 'orders.xlsx', contentType: 'application/octet-stream', data }]);
    return t.request({ method: 'POST', url: `/api/batches/${id}/import/columns`, token: await c.token('operation'), body: payload, headers });
  };
  const importWith = async (
    id: string,
    data: Buffer,
    opts: { preview?: boolean; mapping?: Record<string, number> | string; remember?: boolean } = {},
    c: TestClient = client,
  ) => {
    const parts: Part[] = [{ name: 'file', fileName: 'orders.xlsx', contentType: 'application/octet-stream', data }];
    if (opts.mapping !== undefined) parts.unshift({ name: 'mapping', value: typeof opts.mapping === 'string' ? opts.mapping : JSON.stringify(opts.mapping) });
    if (opts.remember) parts.unshift({ name: 'rememberMapping', value: '1' });
    const { payload, headers } = multipartBody(parts);
    return t.request({
      method: 'POST',
      url: `/api/batches/${id}/import?preview=${opts.preview ? 1 : 0}`,
      token: await c.token('operation'),
      body: payload,
      headers,
    });
  };
  const orderCount = async (id: string, c: TestClient = client) => (await c.call('GET', `/api/batches/${id}`, 'operation')).json().data.orderCount as number;

  beforeAll(async () => {
    t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'off' } });
    const tenant = await t.factory.tenant({ doubleAuth: false, features: { operation: true } });
    client = await t.login(tenant.gerant.email);
    pdf = await samplePdf();
  });
  afterAll(async () => t?.close());

  it('step 1 answers the columns, the guessed mapping, the sheets and the first rows, and creates no order', async () => {
    const id = await newOperation();
    const sheet = await xlsxOf([
      ['Fichier', 'Prénom 1', 'Nom 1', 'Courriel 1', 'Notes', 'E-mail signataire 2'],
      ...Array.from({ length: 7 }, (_, i) => [`${i}.pdf`, `P${i}`, `N${i}`, `p${i}@example.com`, `note ${i}`, '']),
    ]);
    const res = await columns(id, sheet);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data as OrderImportColumns;
    expect(answer).toMatchObject({ fileName: 'orders.xlsx', sheetName: 'Contacts', sheets: ['Contacts'], rows: 7, remembered: false });
    expect(answer.columns.map((c) => c.header)).toEqual(['Fichier', 'Prénom 1', 'Nom 1', 'Courriel 1', 'Notes', 'E-mail signataire 2']);
    expect(answer.mapping).toEqual({ document: 0, signer1_firstname: 1, signer1_lastname: 2, signer1_email: 3, signer2_email: 5 });
    expect(answer.sampleRows).toHaveLength(5);
    expect(answer.sampleRows[0]).toEqual(['0.pdf', 'P0', 'N0', 'p0@example.com', 'note 0', '']);
    expect(await orderCount(id)).toBe(0);
  });

  it('step 2 reads the rows with the mapping the user changed; without a mapping the headers are refused as before', async () => {
    const id = await newOperation();
    const sheet = await unusualSheet();
    const proposed = (await columns(id, sheet)).json().data as OrderImportColumns;
    // "Nom" is guessed as the last name; nothing names the document or the e-mail.
    expect(proposed.mapping).toEqual({ signer1_lastname: 1 });
    const refused = await importWith(id, sheet, { preview: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^The first row must name the columns/);

    const mapping = { document: 0, signer1_lastname: 1, signer1_email: 2 };
    const preview = await importWith(id, sheet, { preview: true, mapping });
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().data as OrderImportReport;
    expect(report).toMatchObject({ preview: true, rows: 3, kept: 1, rejected: 2, mapping });
    expect(report.lines.map((l) => [l.line, l.outcome, l.reasons.map((r) => r.reason)])).toEqual([
      [2, 'kept', ['name_missing']],
      [3, 'rejected', ['invalid_email']],
      [4, 'rejected', ['document_not_uploaded', 'name_missing']],
    ]);
    expect(await orderCount(id)).toBe(0);

    const imported = await importWith(id, sheet, { mapping });
    expect(imported.json().data).toMatchObject({ preview: false, kept: 1, rejected: 2 });
    const orders = (await client.call('GET', `/api/batches/${id}/orders`, 'operation')).json();
    expect(orders.data).toEqual([
      expect.objectContaining({
        document: 'a.pdf',
        transactionSigners: [expect.objectContaining({ lastname: 'Ann One', emailAddress: 'ann.one@example.com' })],
      }),
    ]);
  });

  it('a mapping without a required field, with a column twice or an unknown field is refused naming the field, and nothing is imported', async () => {
    const id = await newOperation();
    const sheet = await unusualSheet();
    const cases: [Record<string, number> | string, string, RegExp][] = [
      [{ signer1_email: 2 }, 'mapping.document', /"document"/],
      [{ document: 0, signer1_lastname: 1 }, 'mapping.signer1_email', /"signer1_email"/],
      [{ document: 0 }, 'mapping.signer1_email', /"signer1_email"/],
      [{ document: 0, signer1_email: 2, signer2_firstname: 1 }, 'mapping.signer2_email', /"signer2_email"/],
      [{ document: 0, signer1_email: 0 }, 'mapping.signer1_email', /Column A is mapped to both "document" and "signer1_email"/],
      [{ document: 0, signer1_email: 9 }, 'mapping.signer1_email', /no column J for "signer1_email"/],
      [{ document: 0, signer1_email: 2, signer1_shoe: 3 }, 'mapping.signer1_shoe', /"signer1_shoe" is not a field of an order/],
      ['{"document": "A"}', 'mapping', /JSON object/],
    ];
    for (const [mapping, field, message] of cases) {
      const res = await importWith(id, sheet, { mapping });
      expect(res.statusCode, JSON.stringify(mapping)).toBe(400);
      expect(res.json().error.message).toMatch(message);
      expect(res.json().error.fields[0].field).toBe(field);
    }
    expect(await orderCount(id)).toBe(0);
  });

  it('a remembered mapping pre-fills the next sheet whose headers match (it wins over the guess), and is the default of a one-call import', async () => {
    const tenant = await t.factory.tenant({ doubleAuth: false, features: { operation: true } });
    const gerant = await t.login(tenant.gerant.email);
    const id = await newOperation(gerant);
    const sheet = await unusualSheet();
    // "Référence" would be nothing, "Nom" a last name: the user maps "Nom" to the first name this time.
    const mapping = { document: 0, signer1_firstname: 1, signer1_email: 2 };
    expect((await importWith(id, sheet, { mapping, remember: true }, gerant)).statusCode).toBe(200);

    // Another file, columns in another order and spelled in other cases: the same fields by header text.
    const next = await xlsxOf([
      ['ADRESSE DE CONTACT', 'dossier pdf', 'Nom', 'Courriel 2', 'Other'],
      ['dee.four@example.com', 'b.pdf', 'Dee', 'eve@example.com', 'x'],
    ]);
    const second = await newOperation(gerant);
    const proposed = (await columns(second, next, gerant)).json().data as OrderImportColumns;
    expect(proposed.remembered).toBe(true);
    expect(proposed.mapping).toEqual({ signer1_email: 0, document: 1, signer1_firstname: 2, signer2_email: 3 });
    // Without a mapping part, the import reads what step 1 proposed.
    const report = (await importWith(second, next, {}, gerant)).json().data as OrderImportReport;
    expect(report).toMatchObject({ kept: 1, rejected: 0, mapping: proposed.mapping });
    const orders = (await gerant.call('GET', `/api/batches/${second}/orders`, 'operation')).json();
    expect(orders.data[0].transactionSigners.map((s: { firstname: string; emailAddress: string }) => [s.firstname, s.emailAddress])).toEqual([
      ['Dee', 'dee.four@example.com'],
      ['-', 'eve@example.com'],
    ]);

    // Another tenant does not get it; forgetting it brings the guess back.
    expect(((await columns(await newOperation(), next)).json().data as OrderImportColumns).remembered).toBe(false);
    expect((await gerant.call('DELETE', '/api/batches/import-mapping', 'operation')).statusCode).toBe(200);
    const forgotten = (await columns(second, next, gerant)).json().data as OrderImportColumns;
    expect(forgotten).toMatchObject({ remembered: false, mapping: { signer2_email: 3 } });
    expect(forgotten.mapping.document).toBeUndefined();
  });

  it('authorization: 401 without token, 403 without the feature or the permission, 404 for another tenant; nothing changes', async () => {
    const id = await newOperation();
    const sheet = await unusualSheet();
    const mapping = { document: 0, signer1_email: 2 };
    const { payload, headers } = multipartBody([{ name: 'file', fileName: 'orders.xlsx', contentType: 'application/octet-stream', data: sheet }]);
    expect((await t.request({ method: 'POST', url: `/api/batches/${id}/import/columns`, body: payload, headers })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: '/api/batches/import-mapping' })).statusCode).toBe(401);

    const noFeature = await t.login((await t.factory.tenant({ doubleAuth: false, features: {} })).gerant.email);
    expect((await columns(id, sheet, noFeature)).statusCode).toBe(403);
    expect((await noFeature.call('DELETE', '/api/batches/import-mapping', 'operation')).statusCode).toBe(403);

    // Read-only profile: it may not import, nor remember or forget a mapping.
    expect((await importWith(id, sheet, { mapping, remember: true })).statusCode).toBe(200);
    const comptable = await t.login((await t.factory.user(client.appId, { profile: 'COMPTABLE' })).email);
    expect((await columns(id, sheet, comptable)).statusCode).toBe(403);
    expect((await importWith(id, sheet, { mapping: { document: 0, signer1_email: 2, signer1_lastname: 1 }, remember: true }, comptable)).statusCode).toBe(403);
    expect((await comptable.call('DELETE', '/api/batches/import-mapping', 'operation')).statusCode).toBe(403);

    const other = await t.login((await t.factory.tenant({ doubleAuth: false, features: { operation: true } })).gerant.email);
    expect((await columns(id, sheet, other)).statusCode).toBe(404);
    expect((await importWith(id, sheet, { mapping, remember: true }, other)).statusCode).toBe(404);
    // The other tenant forgets its own (none): ours stays, and our orders are as they were.
    expect((await other.call('DELETE', '/api/batches/import-mapping', 'operation')).statusCode).toBe(200);
    const still = (await columns(id, sheet)).json().data as OrderImportColumns;
    expect(still).toMatchObject({ remembered: true, mapping });
    expect(await orderCount(id)).toBe(1);
  });
});
