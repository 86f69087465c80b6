import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { Operation, OrderImportReport } from '@paraphe/contracts';
import { readSpreadsheet } from '../../src/platform/spreadsheets/index.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { signAsInvited } from '../support/signing-flow.ts';
import { messagesTo, multipartBody, samplePdf, type Part } from '../support/signatures.ts';
import { workbookOf, xlsxOf } from '../contacts/support.ts';
import { rows } from '../campaigns/support.ts';

const person = (name: string) => ({
  firstname: name,
  lastname: 'Tester',
  emailAddress: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
});

describe(`operations (${engine})`, () => {
  let t: TestContext;
  let client: TestClient;
  let pdf: Uint8Array;

  const newId = async (c: TestClient = client) => {
    const res = await c.call('GET', '/api/batches/ids', 'operation');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const save = async (id: string, parts: Part[], method: 'POST' | 'PUT' = 'POST', c: TestClient = client) => {
    const { payload, headers } = multipartBody(parts);
    return t.request({ method, url: `/api/batches/${id}`, token: await c.token('operation'), body: payload, headers });
  };
  const files = (...names: string[]): Part[] => names.map((n) => ({ name: 'files', fileName: n, contentType: 'application/pdf', data: pdf }));
  const get = async (id: string): Promise<Operation> => (await client.call('GET', `/api/batches/${id}`, 'operation')).json().data;

  beforeAll(async () => {
    t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'off' } });
    const tenant = await t.factory.tenant({ doubleAuth: false, features: { operation: true } });
    client = await t.login(tenant.gerant.email);
    pdf = await samplePdf();
  });
  afterAll(async () => t?.close());

  it('starts a new operation from the user\u2019s own defaults (settings, tab User), as the single request form does', async () => {
    const tenant = await t.factory.tenant({ doubleAuth: false, features: { operation: true } });
    const gerant = await t.login(tenant.gerant.email);
    const optionsOf = async (id: string) => ((await gerant.call('GET', `/api/batches/${id}`, 'operation')).json().data as Operation).options;
    expect(await optionsOf(await newId(gerant))).toMatchObject({ handwritten: 'disabled', expiryDays: 30 });
    const mine = {
      handwritten: 'enabled',
      expiryDays: 12,
      language: 'de',
      reminders: { mail: { firstAfterDays: 2, intervalDays: 3 } },
      signedDocuments: { toObservers: true },
    };
    const patched = await gerant.call('PATCH', '/api/Users/additionnalData', 'user', { signatureDefaults: mine });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await optionsOf(await newId(gerant))).toMatchObject({
      handwritten: 'enabled',
      expiryDays: 12,
      language: 'de',
      chainingMode: 'email',
      reminders: { mail: { firstAfterDays: 2, intervalDays: 3 }, sms: { firstAfterDays: 0, intervalDays: 0 } },
      signedDocuments: { toRequester: true, toSigners: true, toObservers: true, sendCopy: false },
    });
  });

  it('authorization: 401 without token, 403 without the feature or the permission, 404 for another tenant; nothing changes', async () => {
    const id = await newId();
    expect((await save(id, [{ name: 'label', value: 'Mine' }])).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/batches' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/batches', token: await client.token('campaign') })).statusCode).toBe(401);

    const noFeature = await t.login((await t.factory.tenant({ doubleAuth: false, features: {} })).gerant.email);
    const off = await noFeature.call('GET', '/api/batches', 'operation');
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('FEATURE_DISABLED');

    const comptable = await t.login((await t.factory.user(client.appId, { profile: 'COMPTABLE' })).email);
    expect((await comptable.call('GET', `/api/batches/${id}`, 'operation')).statusCode).toBe(200);
    expect((await comptable.call('DELETE', `/api/batches/${id}`, 'operation')).statusCode).toBe(403);
    expect((await comptable.call('GET', '/api/batches/ids', 'operation')).statusCode).toBe(403);

    const other = await t.login((await t.factory.tenant({ doubleAuth: false, features: { operation: true } })).gerant.email);
    const before = JSON.stringify(await get(id));
    for (const [method, url] of [
      ['GET', `/api/batches/${id}`],
      ['DELETE', `/api/batches/${id}`],
      ['PATCH', `/api/batches/${id}/status`],
      ['GET', `/api/batches/${id}/orders`],
      ['GET', `/api/batches/${id}/orders/export`],
      ['GET', `/api/batches/${id}/statistics`],
    ] as const) {
      expect((await other.call(method, url, 'operation', method === 'PATCH' ? { status: 'canceled' } : undefined)).statusCode, url).toBe(404);
    }
    expect((await save(id, [{ name: 'label', value: 'Theirs' }], 'PUT', other)).statusCode).toBe(404);
    expect((await other.call('GET', '/api/batches', 'operation')).json().countAll).toBe(0);
    expect(JSON.stringify(await get(id))).toBe(before);
  });

  it("the pool's orders per file follow the orders (kept by the database): saved, appended, edited, removed, replaced", async () => {
    const id = await newId();
    const order = (name: string, document: string) => ({ transactionSigners: [person(name)], document });
    const usage = async () => Object.fromEntries((await get(id)).documents!.map((d) => [d.fileName, d.orders]));
    const saved = await save(id, [
      { name: 'label', value: 'Usage' },
      { name: 'transactionOrders', value: JSON.stringify([order('Ann', 'a.pdf'), order('Bob', 'a.pdf'), order('Cid', 'b.pdf')]) },
      ...files('a.pdf', 'b.pdf', 'c.pdf'),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await usage()).toEqual({ 'a.pdf': 2, 'b.pdf': 1, 'c.pdf': 0 });

    expect((await save(id, [{ name: 'appendOrders', value: JSON.stringify([order('Dan', 'c.pdf')]) }], 'PUT')).statusCode).toBe(200);
    expect(await usage()).toEqual({ 'a.pdf': 2, 'b.pdf': 1, 'c.pdf': 1 });

    const listed = (await client.call('GET', `/api/batches/${id}/orders?limit=20`, 'operation')).json().data as { id: string; document: string }[];
    const onB = listed.find((o) => o.document === 'b.pdf')!;
    const edited = await client.call('PATCH', `/api/batches/${id}/orders/${onB.id}`, 'operation', order('Cid', 'a.pdf'));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await usage()).toEqual({ 'a.pdf': 3, 'b.pdf': 0, 'c.pdf': 1 });

    const onC = listed.find((o) => o.document === 'c.pdf')!;
    expect((await client.call('DELETE', `/api/batches/${id}/orders/${onC.id}`, 'operation')).statusCode).toBe(200);
    expect(await usage()).toEqual({ 'a.pdf': 3, 'b.pdf': 0, 'c.pdf': 0 });

    // Replaced: the draft's orders are deleted and the new ones inserted, in one transaction.
    expect((await save(id, [{ name: 'transactionOrders', value: JSON.stringify([order('Eve', 'b.pdf')]) }], 'PUT')).statusCode).toBe(200);
    expect(await usage()).toEqual({ 'a.pdf': 0, 'b.pdf': 1, 'c.pdf': 0 });
    // A file no longer used keeps no row at 0; one named by no file of the pool is counted all the same.
    expect((await save(id, [{ name: 'appendOrders', value: JSON.stringify([order('Fay', 'later.pdf')]) }], 'PUT')).statusCode).toBe(200);
    expect(await rows(t, sql`select document_name as name, orders from operation_document_usage where operation_id = ${id} order by 1`)).toEqual([
      { name: 'b.pdf', orders: 1 },
      { name: 'later.pdf', orders: 1 },
    ]);
    expect((await client.call('DELETE', `/api/batches/${id}`, 'operation')).statusCode).toBe(200);
    expect(await rows(t, sql`select 1 from operation_document_usage where operation_id = ${id}`)).toHaveLength(0);
  });

  it('ids sweep unsaved drafts; save rules name the missing files; the state machine allows its targets only', async () => {
    // A draft asked for but never saved, older than a day, is swept by the next GET ids.
    const stale = await newId();
    await t.database.db.execute(sql`update operations set created_at = now() - interval '2 days' where id = ${stale}`);
    await newId();
    expect(await rows(t, sql`select id from operations where id = ${stale}`)).toHaveLength(0);

    const id = await newId();
    const empty = await client.call('PATCH', `/api/batches/${id}/status`, 'operation', { status: 'pending' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['label', 'transactionDocument', 'transactionOrders']);

    const orders = [
      { transactionSigners: [person('Ann')], document: 'a.pdf' },
      { transactionSigners: [person('Bob')], document: 'b.pdf' },
      { transactionSigners: [person('Cid')], document: 'c.pdf' },
    ];
    const saved = await save(id, [{ name: 'label', value: 'Missing files' }, { name: 'transactionOrders', value: JSON.stringify(orders) }, ...files('a.pdf')]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 'draft', orderCount: 3, counts: { draft: 3 }, documents: [{ fileName: 'a.pdf', orders: 1 }] });
    const missing = await save(id, [{ name: 'transactionRequest', value: JSON.stringify({ send: true }) }], 'PUT');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('b.pdf, c.pdf');

    // Stamping before signing needs a stamp account (this tenant has none): refused at send, naming the option.
    await save(id, [...files('b.pdf', 'c.pdf'), { name: 'optionsRequest', value: JSON.stringify({ stampBeforeSigning: true }) }]);
    const stamped = await save(id, [{ name: 'transactionRequest', value: JSON.stringify({ send: true }) }], 'PUT');
    expect(stamped.statusCode, stamped.body).toBe(409);
    expect(stamped.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['optionsRequest.stampAccount']);
    expect((await get(id)).status).toBe('draft');
    await save(id, [{ name: 'optionsRequest', value: JSON.stringify({ stampBeforeSigning: false }) }], 'PUT');

    // Bad input: a signerIndex beyond the order's signers.
    const bad = await save(id, [
      {
        name: 'transactionOrders',
        value: JSON.stringify([{ transactionSigners: [person('Dan')], document: 'a.pdf', signatureFields: [{ signerIndex: 1, page: 1, x: 1, y: 1 }] }]),
      },
    ]);
    expect(bad.statusCode).toBe(400);

    // Targets: a draft cannot be completed; ready/expired are not asked for.
    for (const status of ['completed', 'ready', 'expired', 'draft'])
      expect((await client.call('PATCH', `/api/batches/${id}/status`, 'operation', { status })).statusCode, status).toBe(409);
    const canceled = await client.call('PATCH', `/api/batches/${id}/status`, 'operation', { status: 'canceled' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data).toMatchObject({ status: 'canceled', counts: { canceled: 3 }, statusTargets: [] });
    expect((await client.call('PATCH', `/api/batches/${id}/status`, 'operation', { status: 'pending' })).statusCode).toBe(409);
    expect((await client.call('DELETE', `/api/batches/${id}`, 'operation')).statusCode).toBe(200);
    expect((await client.call('GET', `/api/batches/${id}`, 'operation')).statusCode).toBe(404);
  });

  it('imports a spreadsheet of orders with a per-row report (preview first, nothing lost), a signer step column checked as a typed one', async () => {
    const id = await newId();
    expect((await save(id, files('a.pdf', 'b.pdf'))).statusCode).toBe(200);
    const sheet = await xlsxOf([
      [
        'document',
        'signer1_firstname',
        'signer1_lastname',
        'signer1_email',
        'signer1_phone',
        'signer1_language',
        'signer1_page',
        'signer1_x',
        'signer1_y',
        'signer2_firstname',
        'signer2_lastname',
        'signer2_email',
        'signer2_step',
      ],
      ['a.pdf', 'Ann', 'One', 'ann.one@example.com', '+33612345678', 'fr', '1', '100', '600', 'Bob', 'Two', 'bob.two@example.com', '1'],
      ['b.pdf', 'Cid', 'Three', 'not-an-email', '', '', '', '', '', '', '', '', ''],
      ['b.pdf', 'Dee', 'Four', 'dee.four@example.com', '', 'klingon', '', '', '', '', '', '', ''],
      ['a.pdf', 'Eli', 'Five', 'eli.five@example.com', '', '', '', '', '', 'Fay', 'Six', 'fay.six@example.com', 'soon'],
    ]);
    const upload = async (preview: boolean) => {
      const { payload, headers } = multipartBody([{ name: 'file', fileName: 'orders.xlsx', contentType: 'application/octet-stream', data: sheet }]);
      return t.request({
        method: 'POST',
        url: `/api/batches/${id}/import?preview=${preview ? 1 : 0}`,
        token: await client.token('operation'),
        body: payload,
        headers,
      });
    };
    const preview = await upload(true);
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().data as OrderImportReport;
    expect(report).toMatchObject({ preview: true, rows: 4, kept: 2, rejected: 2, missingDocuments: [] });
    expect(report.lines.map((l) => [l.line, l.outcome])).toEqual([
      [2, 'kept'],
      [3, 'rejected'],
      [4, 'kept'],
      [5, 'rejected'],
    ]);
    expect(report.lines[1]!.reasons).toEqual([{ signer: 0, reason: 'invalid_email' }]);
    expect(report.lines[3]!.reasons).toEqual([{ signer: 1, reason: 'invalid_step' }]);
    expect(report.lines[2]!.reasons).toEqual([{ signer: 0, reason: 'language_unknown' }]);
    expect((await get(id)).orderCount).toBe(0);

    const saved = await upload(false);
    expect(saved.json().data).toMatchObject({ preview: false, kept: 2 });
    const list = (await client.call('GET', `/api/batches/${id}/orders?order=ASC&orderBy=rowIndex`, 'operation')).json();
    expect(list.countAll).toBe(2);
    expect(list.data[0]).toMatchObject({
      document: 'a.pdf',
      transactionSigners: [
        { emailAddress: 'ann.one@example.com', phoneNum: '+33612345678', step: null },
        { emailAddress: 'bob.two@example.com', step: 1 },
      ],
      signatureFields: [
        { page: 1, x: 100, y: 600, signerIndex: 0 },
        { page: -1, signerIndex: 1 },
      ],
    });
    expect(list.data[1].transactionSigners[0]).toMatchObject({ phoneNum: null, language: 'fr' });
    // Placed nowhere: the default place (last page), as a single request's form gives.
    expect(list.data[1].signatureFields).toEqual([expect.objectContaining({ page: -1, signerIndex: 0 })]);
    // One more typed order goes after the imported ones.
    const added = await save(id, [{ name: 'appendOrders', value: JSON.stringify([{ transactionSigners: [person('Eve')], document: 'c.pdf' }]) }], 'PUT');
    expect(added.json().data).toMatchObject({ orderCount: 3, counts: { draft: 3 } });
    const search = (await client.call('GET', `/api/batches/${id}/orders?search=dee.four`, 'operation')).json();
    expect(search.data.map((o: { document: string }) => o.document)).toEqual(['b.pdf']);
    const template = await client.call('GET', '/api/batches/import-template', 'operation');
    expect(template.body.split('\r\n')[0]).toContain('signer1_email');
  });

  it('judges each order row with its sheet row number: a document not uploaded, a path, an invalid e-mail or mobile is rejected; names match across NFC/NFD and case when unambiguous; the valid rows send', async () => {
    const id = await newId();
    const nfc = '\u00c9ch\u00e9ancier.pdf'; // "Échéancier.pdf" as one code point per letter
    const nfd = nfc.normalize('NFD'); // the same name as macOS spells it (E + combining acute)
    expect(nfd).not.toBe(nfc);
    const pooled = await save(id, [{ name: 'label', value: 'Row by row' }, ...files(nfc, 'Contract-A.pdf', 'Case.pdf', 'CASE.pdf')]);
    expect(pooled.statusCode, pooled.body).toBe(200);
    const mail = (n: string) => `${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const sheet = await xlsxOf([
      ['document', 'signer1_firstname', 'signer1_lastname', 'signer1_email', 'signer1_phone'],
      [nfd, 'Ann', 'One', mail('ann'), '+33612345678'],
      ['contract-a.pdf', 'Bob', 'Two', mail('bob'), ''],
      ['../x.pdf', 'Cid', 'Three', mail('cid'), ''],
      ['dir/x.pdf', 'Dee', 'Four', mail('dee'), ''],
      ['', 'Eli', 'Five', mail('eli'), ''],
      ['absent.pdf', 'Fay', 'Six', mail('fay'), ''],
      ['Contract-A.pdf', 'Gus', 'Seven', 'not-an-email', ''],
      ['Contract-A.pdf', 'Hal', 'Eight', mail('hal'), '0612'],
      ['case.pdf', 'Ivy', 'Nine', mail('ivy'), ''],
    ]);
    const upload = async (preview: boolean) => {
      const { payload, headers } = multipartBody([{ name: 'file', fileName: 'orders.xlsx', contentType: 'application/octet-stream', data: sheet }]);
      return t.request({
        method: 'POST',
        url: `/api/batches/${id}/import?preview=${preview ? 1 : 0}`,
        token: await client.token('operation'),
        body: payload,
        headers,
      });
    };
    const preview = await upload(true);
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().data as OrderImportReport;
    expect(report).toMatchObject({ rows: 9, kept: 2, rejected: 7, missingDocuments: [] });
    expect(report.lines.map((l) => [l.line, l.outcome, l.reasons.map((r) => r.reason)])).toEqual([
      [2, 'kept', []],
      [3, 'kept', []],
      [4, 'rejected', ['document_path']],
      [5, 'rejected', ['document_path']],
      [6, 'rejected', ['document_missing']],
      [7, 'rejected', ['document_not_uploaded']],
      [8, 'rejected', ['invalid_email']],
      [9, 'rejected', ['mobile_invalid']],
      [10, 'rejected', ['document_ambiguous']],
    ]);
    // The kept rows name the pool's own file (the one that will be signed).
    expect(report.lines.slice(0, 2).map((l) => l.document)).toEqual([nfc, 'Contract-A.pdf']);

    const imported = await upload(false);
    expect(imported.json().data).toMatchObject({ preview: false, kept: 2, rejected: 7 });
    const list = (await client.call('GET', `/api/batches/${id}/orders?order=ASC&orderBy=rowIndex`, 'operation')).json();
    expect(list.data.map((o: { document: string }) => o.document)).toEqual([nfc, 'Contract-A.pdf']);
    // The valid rows go: nothing blocks the send.
    const sent = await client.call('PATCH', `/api/batches/${id}/status`, 'operation', { status: 'pending' });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('reads the headers people type, in their language (accents and case ignored), besides the template\u2019s', async () => {
    const id = await newId();
    expect((await save(id, files('a.pdf', 'b.pdf'))).statusCode).toBe(200);
    const sheet = await xlsxOf([
      [
        'Fichier',
        'Prénom 1',
        'NOM 1',
        'Courriel 1',
        'Portable 1',
        'Langue 1',
        'Prénom signataire 2',
        'Nom signataire 2',
        'E-mail signataire 2',
        'Étape 2',
        'Notes',
      ],
      ['a.pdf', 'Anne', 'Martin', 'anne.martin@example.com', '+33612345678', 'fr', 'Paul', 'Durand', 'paul.durand@example.com', '1', 'call first'],
    ]);
    const german = await xlsxOf([
      ['Datei', 'Vorname', 'Nachname', 'E-Mail', 'Unterzeichner 2 Vorname', 'Unterzeichner 2 Nachname', 'Unterzeichner 2 E-Mail'],
      ['b.pdf', 'Jürgen', 'Schmidt', 'juergen.schmidt@example.com', 'Eva', 'Weber', 'eva.weber@example.com'],
    ]);
    const upload = async (data: Buffer) => {
      const { payload, headers } = multipartBody([{ name: 'file', fileName: 'commandes.xlsx', contentType: 'application/octet-stream', data }]);
      return t.request({ method: 'POST', url: `/api/batches/${id}/import?preview=0`, token: await client.token('operation'), body: payload, headers });
    };
    for (const data of [sheet, german]) {
      const res = await upload(data);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ rows: 1, kept: 1, rejected: 0 });
    }
    const list = (await client.call('GET', `/api/batches/${id}/orders?order=ASC&orderBy=rowIndex`, 'operation')).json();
    expect(list.data[0]).toMatchObject({
      document: 'a.pdf',
      transactionSigners: [
        { firstname: 'Anne', lastname: 'Martin', emailAddress: 'anne.martin@example.com', phoneNum: '+33612345678', language: 'fr' },
        { firstname: 'Paul', lastname: 'Durand', emailAddress: 'paul.durand@example.com', step: 1 },
      ],
    });
    expect(list.data[1]).toMatchObject({
      document: 'b.pdf',
      transactionSigners: [
        { firstname: 'Jürgen', lastname: 'Schmidt' },
        { firstname: 'Eva', emailAddress: 'eva.weber@example.com' },
      ],
    });
  });

  it('reads a workbook\u2019s active sheet by default and the sheet the user picks; an unknown sheet is named', async () => {
    const id = await newId();
    expect((await save(id, files('a.pdf', 'b.pdf'))).statusCode).toBe(200);
    const head = ['document', 'signer1_firstname', 'signer1_lastname', 'signer1_email'];
    const book = await workbookOf(
      [
        ['Instructions', [['Fill the Orders sheet']]],
        ['Orders', [head, ['a.pdf', 'Ann', 'Active', 'ann.active@example.com']]],
        ['Next week', [head, ['b.pdf', 'Bob', 'Picked', 'bob.picked@example.com'], ['a.pdf', 'Cid', 'Picked', 'cid.picked@example.com']]],
      ],
      1,
    );
    const upload = async (sheet?: string) => {
      const { payload, headers } = multipartBody([
        ...(sheet === undefined ? [] : [{ name: 'sheet', value: sheet }]),
        { name: 'file', fileName: 'orders.xlsx', contentType: 'application/octet-stream', data: book },
      ]);
      return t.request({ method: 'POST', url: `/api/batches/${id}/import?preview=1`, token: await client.token('operation'), body: payload, headers });
    };
    const active = (await upload()).json().data as OrderImportReport;
    expect(active).toMatchObject({ sheetName: 'Orders', sheets: ['Instructions', 'Orders', 'Next week'], rows: 1, kept: 1 });
    const picked = (await upload('Next week')).json().data as OrderImportReport;
    expect(picked).toMatchObject({ sheetName: 'Next week', rows: 2, kept: 2 });
    expect(picked.lines.map((l) => l.document)).toEqual(['b.pdf', 'a.pdf']);
    const unknown = await upload('Archive');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('orders.xlsx: The workbook has no sheet named "Archive". Choose one of its sheets.');
    // A sheet without the columns (the one it opens on here): refused naming it, with the sheets to choose from.
    const instructions = await upload('Instructions');
    expect(instructions.statusCode).toBe(400);
    expect(instructions.json().error.message).toMatch(/^The first row must name the columns, .* \(sheet "Instructions"\)$/);
    expect(instructions.json().error.fields[0].params).toEqual({ sheet: 'Instructions', sheets: JSON.stringify(['Instructions', 'Orders', 'Next week']) });
  });

  it('sends: each order becomes a request with its own document and signers; signing moves the counters; completed; cancel', async () => {
    const [ann, bob, cid] = [person('Ann'), person('Bob'), person('Cid')];
    const id = await newId();
    const orders = [
      {
        transactionSigners: [ann, bob],
        document: 'one.pdf',
        signatureFields: [
          { signerIndex: 0, page: 1, x: 100, y: 100 },
          { signerIndex: 1, page: 1, x: 300, y: 100 },
        ],
      },
      { transactionSigners: [cid], document: 'two.pdf' },
    ];
    const sent = await save(id, [
      { name: 'label', value: 'Batch one' },
      { name: 'transactionOrders', value: JSON.stringify(orders) },
      { name: 'transactionRequest', value: JSON.stringify({ send: true }) },
      ...files('one.pdf', 'two.pdf'),
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('pending');
    const ready = await t.waitFor(async () => {
      const o = await get(id);
      return o.status === 'ready' ? o : null;
    });
    expect(ready.counts).toMatchObject({ ready: 2, beforeSend: 0 });
    expect(ready.progress).toMatchObject({ total: 2, dispatched: 2, percent: 100 });

    const requests = await rows<{ id: string; source: string; file: string; signers: number }>(
      t,
      sql`select r.id, r.source, d.file_name as file, (select count(*)::int from signers s where s.request_id = r.id) as signers
          from signature_requests r join signature_documents d on d.request_id = r.id where r.source_id = ${id} order by d.file_name`,
    );
    expect(requests.map((r) => [r.source, r.file, r.signers])).toEqual([
      ['operation', 'one.pdf', 2],
      ['operation', 'two.pdf', 1],
    ]);
    // Chaining by e-mail: the first signer is invited, the second waits for their turn.
    expect(await messagesTo(t, ann.emailAddress, 'signature-invitation')).toHaveLength(1);
    expect(await messagesTo(t, bob.emailAddress, 'signature-invitation')).toHaveLength(0);
    // Orders are not in the signatures list.
    const list = (await client.call('GET', '/api/transactions?limit=100', 'history')).json();
    expect(list.data.some((r: { id: string }) => requests.some((q) => q.id === r.id))).toBe(false);

    await signAsInvited(t, ann.emailAddress);
    await t.waitFor(async () => (await get(id)).counts.pending === 1);
    await t.waitFor(async () => (await messagesTo(t, bob.emailAddress, 'signature-invitation')).length === 1);
    await signAsInvited(t, bob.emailAddress);
    const oneDone = await t.waitFor(async () => {
      const o = await get(id);
      return o.counts.completed === 1 ? o : null;
    }, 60_000);
    expect(oneDone).toMatchObject({ status: 'ready', counts: { completed: 1, ready: 1 } });
    await signAsInvited(t, cid.emailAddress);
    const done = await t.waitFor(async () => {
      const o = await get(id);
      return o.status === 'completed' ? o : null;
    }, 60_000);
    expect(done.counts).toMatchObject({ completed: 2 });
    const stats = (await client.call('GET', `/api/batches/${id}/statistics`, 'operation')).json().data;
    expect(stats).toMatchObject({ total: 2, sent: 2, percent: { completed: 100 } });
    const exported = await client.call('GET', `/api/batches/${id}/orders/export`, 'operation');
    const sheet = await readSpreadsheet(exported.rawPayload, { stripFormulaGuard: false });
    expect(sheet.rows.slice(1).map((r) => [r[1], r[3]])).toEqual([
      ['one.pdf', 'completed'],
      ['two.pdf', 'completed'],
    ]);
    // The owner hears of the operation, not of each order.
    const notices = await t.waitFor(async () => {
      const found = await rows<{ type: string }>(t, sql`select type from notifications where app_id = ${client.appId} and data->>'operationId' = ${id}`);
      return found.some((n) => n.type === 'batch.end') ? found : null;
    });
    expect(notices.map((n) => n.type).sort()).toEqual(['batch.dispatched', 'batch.end', 'batch.start']);
    expect(await rows(t, sql`select type from notifications where app_id = ${client.appId} and type like 'signature.%'`)).toHaveLength(0);

    // Archive: the completed documents of both orders, once their requests are finalised.
    await t.waitFor(
      async () =>
        (await rows<{ n: number }>(t, sql`select count(*)::int as n from signature_requests where source_id = ${id} and status = 'completed'`))[0]!.n === 2,
      60_000,
    );
    expect((await client.call('POST', `/api/batches/${id}/archive`, 'operation')).statusCode).toBe(202);
    await t.waitFor(async () => (await get(id)).archiveAvailable);
    const zip = await client.call('GET', `/api/batches/${id}/archive`, 'operation');
    expect(zip.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).sort()).toEqual(['000001/one.pdf', '000002/two.pdf']);

    // Cancel: a sent operation's orders are cancelled through their requests (a job).
    const dan = person('Dan');
    const second = await newId();
    await save(second, [
      { name: 'label', value: 'To cancel' },
      { name: 'transactionOrders', value: JSON.stringify([{ transactionSigners: [dan], document: 'one.pdf' }]) },
      { name: 'status', value: 'pending' },
      ...files('one.pdf'),
    ]);
    await t.waitFor(async () => (await get(second)).status === 'ready');
    const relaunch = await client.call('PATCH', `/api/batches/${second}/relaunch`, 'operation');
    expect(relaunch.json().data.queued).toBe(1);
    await t.waitFor(async () => (await messagesTo(t, dan.emailAddress, 'signature-reminder')).length === 1);
    const cancel = await client.call('PATCH', `/api/batches/${second}/status`, 'operation', { status: 'canceled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const canceled = await t.waitFor(async () => {
      const o = await get(second);
      return o.counts.canceled === 1 ? o : null;
    }, 30_000);
    expect(canceled).toMatchObject({ status: 'canceled', counts: { ready: 0 } });
    await t.waitFor(async () => (await messagesTo(t, dan.emailAddress, 'signature-canceled')).length === 1);
  }, 120_000);

  it('parallel steps in an order: signers sharing a step are invited together, the next one waits for both; a bad step is refused as in a single request', async () => {
    const [ann, bob, cid] = [person('Ann'), person('Bob'), person('Cid')];
    const id = await newId();
    const badStep = await save(id, [
      { name: 'transactionOrders', value: JSON.stringify([{ transactionSigners: [{ ...ann, step: 0 }], document: 'one.pdf' }]) },
    ]);
    expect(badStep.statusCode, badStep.body).toBe(400);
    expect(badStep.json().error.code).toBe('VALIDATION_FAILED');
    expect(badStep.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['transactionOrders.0.transactionSigners.0.step']);
    expect((await get(id)).orderCount).toBe(0);

    const order = { transactionSigners: [ann, { ...bob, step: 1 }, cid], document: 'one.pdf' };
    const sent = await save(id, [
      { name: 'label', value: 'Parallel' },
      { name: 'transactionOrders', value: JSON.stringify([order]) },
      { name: 'status', value: 'pending' },
      ...files('one.pdf'),
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    await t.waitFor(async () => (await get(id)).status === 'ready');
    const [saved] = (await client.call('GET', `/api/batches/${id}/orders`, 'operation')).json().data;
    expect(saved.transactionSigners.map((s: { step: number | null }) => s.step)).toEqual([null, 1, null]);
    const signers = await rows<{ step: number | null; status: string }>(
      t,
      sql`select s.step, s.status from signers s join signature_requests r on r.id = s.request_id where r.source_id = ${id} order by s.signer_index`,
    );
    expect(signers).toEqual([
      { step: null, status: 'ready' },
      { step: 1, status: 'ready' },
      { step: null, status: 'waiting' },
    ]);
    const invitations = async (email: string) => (await messagesTo(t, email, 'signature-invitation')).length;
    expect([await invitations(ann.emailAddress), await invitations(bob.emailAddress), await invitations(cid.emailAddress)]).toEqual([1, 1, 0]);
    // The next step waits for both: Bob signing alone does not reach Cid, Ann's signature does.
    await signAsInvited(t, bob.emailAddress);
    expect(await invitations(cid.emailAddress)).toBe(0);
    await signAsInvited(t, ann.emailAddress);
    await t.waitFor(async () => (await invitations(cid.emailAddress)) === 1);
  }, 60_000);

  it("stamp before signing: each order's document is sealed by the stamp account before its invitation (its own seal, DocMDP P=2)", async () => {
    const sealing = await t.login((await t.factory.tenant({ doubleAuth: false, features: { operation: true, stamp: true } })).gerant.email);
    const account = await sealing.call('POST', '/api/stamp-accounts', 'history', { label: 'Cachet des lots', reason: 'Conforme' });
    expect(account.statusCode, account.body).toBe(201);
    const id = await newId(sealing);
    const orders = [
      { transactionSigners: [person('Eve')], document: 'one.pdf' },
      { transactionSigners: [person('Fay')], document: 'one.pdf' },
    ];
    const options = { stampBeforeSigning: true, stampAccount: account.json().data.id };
    const parts = [
      { name: 'label', value: 'Sealed batch' },
      { name: 'transactionOrders', value: JSON.stringify(orders) },
      { name: 'optionsRequest', value: JSON.stringify(options) },
      { name: 'transactionRequest', value: JSON.stringify({ send: true }) },
      ...files('one.pdf'),
    ];
    const sent = await save(id, parts, 'POST', sealing);
    expect(sent.statusCode, sent.body).toBe(200);
    await t.waitFor(async () => (await sealing.call('GET', `/api/batches/${id}`, 'operation')).json().data.status === 'ready');
    // Two orders on the same file: two requests, each with its own sealed version 1 (their fields differ per order).
    const versions = await rows<{ kind: string; version: number; storage_key: string; request_id: string }>(
      t,
      sql`select v.kind, v.version, v.storage_key, d.request_id from document_versions v join signature_documents d on d.id = v.document_id
          join signature_requests r on r.id = d.request_id where r.source_id = ${id} order by v.storage_key`,
    );
    expect(versions.map((v) => [v.kind, v.version])).toEqual([
      ['sealed', 1],
      ['sealed', 1],
    ]);
    expect(new Set(versions.map((v) => v.storage_key)).size).toBe(2);
    expect(new Set(versions.map((v) => v.request_id)).size).toBe(2);
    const history = (await sealing.call('GET', '/api/stamps', 'history')).json().data as { seals: { operationId?: string; certify?: number }[] }[];
    expect(history.flatMap((h) => h.seals)).toEqual([
      expect.objectContaining({ operationId: id, certify: 2 }),
      expect.objectContaining({ operationId: id, certify: 2 }),
    ]);
    for (const o of orders) expect(await messagesTo(t, o.transactionSigners[0]!.emailAddress, 'signature-invitation')).toHaveLength(1);
  }, 60_000);
});
