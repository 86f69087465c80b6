import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Operation, Order, OrderImportReport } from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { makePdf, multipartBody, type Part } from '../support/signatures.ts';
import { templateDefinition, templateForm } from '../support/template-factory.ts';
import { xlsxOf } from '../contacts/support.ts';
import { rows } from '../campaigns/support.ts';

/**
 * An operation made from a request template (docs/operations.md "From a template"): the template's one document
 * joins the pool, and each order — typed or imported — only names its people: the document, the roles' kinds and
 * steps, the fields and the prefilled person come from the template.
 */
describe(`operations from a request template (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let reader: TestClient;
  let stranger: TestClient;
  let contract: { id: string };
  let twoDocuments: { id: string };

  // Employee (to name), HR director (prefilled), Accountant (observer, to name): templateDefinition's roles.
  const fromTemplate = (client: TestClient, body: unknown) => client.call('POST', '/api/batches/from-template', 'operation', body);
  const save = async (id: string, parts: Part[]) => {
    const { payload, headers } = multipartBody(parts);
    return t.request({ method: 'POST', url: `/api/batches/${id}`, token: await gerant.token('operation'), body: payload, headers });
  };
  const ordersOf = async (id: string): Promise<Order[]> => (await gerant.call('GET', `/api/batches/${id}/orders?limit=50`, 'operation')).json().data;
  const operationCount = async () => (await rows<{ n: number }>(t, sql`select count(*)::int as n from operations`))[0]!.n;
  const person = (name: string) => ({ firstname: name, lastname: 'Tester', emailAddress: `${name.toLowerCase()}@example.com` });

  beforeAll(async () => {
    t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'off' } });
    const tenant = await t.factory.tenant({ doubleAuth: false, features: { operation: true } });
    gerant = await t.login(tenant.gerant.email);
    reader = await t.login((await t.factory.user(tenant.appId, { profile: 'COMPTABLE' })).email);
    const other = await t.factory.tenant({ doubleAuth: false, features: { operation: true } });
    stranger = await t.login(other.gerant.email);
    const pdf = await makePdf(2, 'Contract');
    const made = await templateForm(t, gerant, templateDefinition({ optionsRequest: { language: 'en' } }), [{ fileName: 'contract.pdf', data: pdf }]);
    expect(made.statusCode, made.body).toBe(201);
    contract = { id: made.json().data.id };
    const two = templateDefinition({
      name: 'Two documents',
      documents: [
        { fileName: 'contract.pdf', title: 'Contract' },
        { fileName: 'annex.pdf', title: 'Annex' },
      ],
    });
    const both = await templateForm(t, gerant, two, [
      { fileName: 'contract.pdf', data: pdf },
      { fileName: 'annex.pdf', data: pdf },
    ]);
    expect(both.statusCode, both.body).toBe(201);
    twoDocuments = { id: both.json().data.id };
  });
  afterAll(async () => t?.close());

  it("makes a draft with the template's document, level and options; typed orders name only the people", async () => {
    const res = await fromTemplate(gerant, { templateId: contract.id, label: 'Contracts — spring' });
    expect(res.statusCode, res.body).toBe(201);
    const operation: Operation = res.json().data;
    expect(operation).toMatchObject({ status: 'draft', label: 'Contracts — spring', level: 1, orderCount: 0 });
    expect(operation.options.language).toBe('en');
    expect(operation.documents?.map((d) => [d.fileName, d.title, d.pageCount])).toEqual([['contract.pdf', 'Contract', 2]]);
    expect(operation.fromTemplate).toEqual({
      templateId: contract.id,
      templateName: 'Employment contract',
      version: 1,
      document: 'contract.pdf',
      roles: [
        { name: 'Employee', role: 'signer', step: null, prefill: null },
        { name: 'HR director', role: 'signer', step: null, prefill: { firstname: 'Hélène', lastname: 'Directrice', emailAddress: 'hr@example.com' } },
        { name: 'Accountant', role: 'observer', step: null, prefill: null },
      ],
    });
    const audits = await rows<{ data: unknown }>(
      t,
      sql`select data from audit_events where action = 'operation.created_from_template' and target_id = ${operation.id}`,
    );
    expect(audits).toEqual([{ data: { templateId: contract.id, templateName: 'Employment contract', version: 1 } }]);

    // A typed order gives every role's person (the form fills a prefilled role's row with its person, changeable).
    const saved = await save(operation.id, [
      { name: 'appendOrders', value: JSON.stringify([{ transactionSigners: [person('Ann'), person('Ignored'), person('Acc')] }]) },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const [order] = await ordersOf(operation.id);
    expect(order!.document).toBe('contract.pdf');
    expect(order!.transactionSigners.map((s) => [s.emailAddress, s.role])).toEqual([
      ['ann@example.com', 'signer'],
      ['ignored@example.com', 'signer'],
      ['acc@example.com', 'observer'],
    ]);
    // The template's fields, per role: the employee on page 1, the director on page 2; the observer signs nothing.
    expect(order!.signatureFields.map((f) => [f.signerIndex, f.page, f.x, f.y])).toEqual([
      [0, 1, 100, 100],
      [1, 2, 300, 100],
    ]);

    const tooMany = await save(operation.id, [
      { name: 'appendOrders', value: JSON.stringify([{ transactionSigners: [1, 2, 3, 4].map((n) => person(`P${n}`)) }]) },
    ]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields[0]).toMatchObject({ field: 'appendOrders.0.transactionSigners', rule: 'invalid_value' });
    expect(tooMany.json().error.message).toMatch(/has 3 role\(s\)/);
    const missing = await save(operation.id, [{ name: 'appendOrders', value: JSON.stringify([{ transactionSigners: [person('Solo')] }]) }]);
    // Role 2 is prefilled, role 3 (the accountant) is not: someone must be named for it.
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/Who is "Accountant"\?/);
    expect(await ordersOf(operation.id)).toHaveLength(1);
  });

  it('imports a sheet without a document column: signer n is role n, a prefilled role left blank is its person; then sends', async () => {
    const operation: Operation = (await fromTemplate(gerant, { templateId: contract.id })).json().data;
    const sheet = await xlsxOf([
      ['signer1_firstname', 'signer1_lastname', 'signer1_email', 'signer2_email', 'signer3_firstname', 'signer3_lastname', 'signer3_email'],
      ['Ann', 'One', 'ann.one@example.com', '', 'Acc', 'Count', 'acc.count@example.com'],
      ['Bob', 'Two', 'bob.two@example.com', 'deputy.hr@example.com', 'Acc', 'Count', 'acc.count@example.com'],
      ['Cid', 'Three', 'cid.three@example.com', '', '', '', ''],
    ]);
    const { payload, headers } = multipartBody([{ name: 'file', fileName: 'orders.xlsx', contentType: 'application/octet-stream', data: sheet }]);
    const imported = await t.request({
      method: 'POST',
      url: `/api/batches/${operation.id}/import?preview=0`,
      token: await gerant.token('operation'),
      body: payload,
      headers,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const report = imported.json().data as OrderImportReport;
    expect(report).toMatchObject({ rows: 3, kept: 2, rejected: 1, missingDocuments: [] });
    expect(report.lines[2]).toMatchObject({ line: 4, outcome: 'rejected', reasons: [{ signer: 2, reason: 'role_missing' }] });
    const orders = (await ordersOf(operation.id)).sort((a, b) => a.rowIndex - b.rowIndex);
    expect(orders.map((o) => [o.document, o.transactionSigners.map((s) => `${s.emailAddress}:${s.role}`)])).toEqual([
      ['contract.pdf', ['ann.one@example.com:signer', 'hr@example.com:signer', 'acc.count@example.com:observer']],
      ['contract.pdf', ['bob.two@example.com:signer', 'deputy.hr@example.com:signer', 'acc.count@example.com:observer']],
    ]);

    const sent = await t.request({
      method: 'PATCH',
      url: `/api/batches/${operation.id}/status`,
      token: await gerant.token('operation'),
      body: { status: 'pending' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.waitFor(async () => ((await gerant.call('GET', `/api/batches/${operation.id}`, 'operation')).json().data as Operation).status === 'ready');
    // Each request: the template's document with its fields where the template puts them.
    const fields = await rows<{ email: string; page: number; x: number; y: number }>(
      t,
      sql`select s.email, f.page, f.x, f.y from signature_requests r
          join signature_documents d on d.request_id = r.id join signature_fields f on f.document_id = d.id
          join signers s on s.request_id = r.id and s.signer_index = f.signer_index
          where r.source_id = ${operation.id} order by s.email`,
    );
    expect(fields).toEqual([
      { email: 'ann.one@example.com', page: 1, x: 100, y: 100 },
      { email: 'bob.two@example.com', page: 1, x: 100, y: 100 },
      { email: 'deputy.hr@example.com', page: 2, x: 300, y: 100 },
      { email: 'hr@example.com', page: 2, x: 300, y: 100 },
    ]);
  });

  it('an erasure removes a prefilled person from the operations that copied it; the role stays', async () => {
    const operation: Operation = (await fromTemplate(gerant, { templateId: contract.id })).json().data;
    const model = async () =>
      (await rows<{ m: { roles: { prefill: unknown }[] } }>(t, sql`select order_model as m from operations where id = ${operation.id}`))[0]!.m;
    expect((await model()).roles[1]!.prefill).toMatchObject({ email: 'hr@example.com' });
    const [{ app_id: appId }] = (await rows<{ app_id: string }>(t, sql`select app_id from operations where id = ${operation.id}`)) as [{ app_id: string }];
    const { eraseOrderSignersOf } = await import('../../src/domains/operations/index.ts');
    await t.database.inTenant(appId, (tx) => eraseOrderSignersOf(tx, appId, 'HR@example.com'));
    expect((await model()).roles.map((r) => r.prefill)).toEqual([null, null, null]);
    const view: Operation = (await gerant.call('GET', `/api/batches/${operation.id}`, 'operation')).json().data;
    expect(view.fromTemplate?.roles.map((r) => [r.name, r.prefill])).toEqual([
      ['Employee', null],
      ['HR director', null],
      ['Accountant', null],
    ]);
  });

  it('refuses a template with two documents, an unknown version, and makes nothing', async () => {
    const before = await operationCount();
    const two = await fromTemplate(gerant, { templateId: twoDocuments.id });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.fields[0]).toMatchObject({ field: 'templateId', rule: 'invalid_value' });
    expect(two.json().error.message).toMatch(/signs one document: the template "Two documents" has 2/);
    const version = await fromTemplate(gerant, { templateId: contract.id, version: 9 });
    expect(version.statusCode).toBe(400);
    expect(version.json().error.fields[0]).toMatchObject({ field: 'version' });
    expect((await fromTemplate(gerant, { templateId: 'nope' })).statusCode).toBe(400);
    expect(await operationCount()).toBe(before);
  });

  it('ladder: 401 without a session, 403 without operations.manage, 404 for another tenant — nothing made', async () => {
    const before = await t.snapshot();
    expect((await t.request({ method: 'POST', url: '/api/batches/from-template', body: { templateId: contract.id } })).statusCode).toBe(401);
    expect((await fromTemplate(reader, { templateId: contract.id })).statusCode).toBe(403);
    const other = await fromTemplate(stranger, { templateId: contract.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('NOT_FOUND');
    expect(await t.snapshot()).toBe(before);
  });
});
