import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  apiKeyEndpoints,
  apiV1CampaignEndpoints as campaignsV1,
  apiV1OperationEndpoints as operationsV1,
  pathOf,
  problemContentType,
  type EndpointSpec,
} from '@paraphe/contracts';
import { consumptions } from '../../src/domains/billing/schema.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { makePdf, multipartBody, samplePdf } from '../support/signatures.ts';
import { createCampaign, rows, signatory } from '../campaigns/support.ts';

/**
 * /api/v1/campaigns and /api/v1/operations: create (JSON, multipart), list (keyset cursor), get, status, send, cancel,
 * signatories and orders page by page; ladders, features, metering.
 */
let t: TestContext;
let pdfBase64: string;
let a: { appId: string; client: TestClient };
let b: { appId: string; client: TestClient };

const tenant = async (features: Record<string, boolean>) => {
  const created = await t.factory.tenant({ doubleAuth: false, features });
  return { appId: created.appId, client: await t.login(created.gerant.email) };
};

beforeAll(async () => {
  t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'off' } });
  pdfBase64 = Buffer.from(await makePdf(1)).toString('base64');
  a = await tenant({ api: true, campaign: true, operation: true });
  b = await tenant({ api: true, campaign: true, operation: true });
}, 60_000);
afterAll(() => t?.close());

async function newKey(client: TestClient, scopes: string[]) {
  const res = await client.call('POST', pathOf(apiKeyEndpoints.create), 'application', { label: `key ${scopes.join('+')}`, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; secret: string };
}

const call = (
  endpoint: EndpointSpec,
  key: string | undefined,
  opts: { params?: Record<string, string>; body?: unknown; query?: string; headers?: Record<string, string> } = {},
) =>
  t.request({
    method: endpoint.method,
    url: pathOf(endpoint, opts.params) + (opts.query ? `?${opts.query}` : ''),
    token: key,
    body: opts.body,
    headers: opts.headers,
  });

function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, code: string): Record<string, unknown> {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain(problemContentType);
  expect(res.json()).toMatchObject({ status, code });
  return res.json() as Record<string, unknown>;
}

const campaignBody = (extra: Record<string, unknown> = {}) => ({
  label: 'Renewals via API',
  signatories: [signatory(1), signatory(2)],
  documents: [{ fileName: 'contract.pdf', contentBase64: pdfBase64 }],
  ...extra,
});

/**
 * A snapshot once the background work of earlier tests (copies cancelled, their notifications, webhooks) has settled:
 * no job due or running, and the data the same twice in a row. A quiet moment alone is not enough on a loaded machine.
 */
async function quietSnapshot(): Promise<string> {
  const busyJobs = async () =>
    (
      (await t.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
  let last = '';
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if ((await busyJobs()) > 0) continue;
    const next = await t.snapshot();
    if (next === last) return next;
    last = next;
  }
  throw new Error('the data never settled');
}

/** Every page of a signatories or orders list, by its cursor: the items in order, and how many pages it took. */
async function walk(endpoint: EndpointSpec, key: string, id: string, query: string) {
  const items: { id: string; rowIndex: number; status: string; requestId: string | null; connector?: { idc: string } | null }[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await call(endpoint, key, { params: { id }, query: `${query}${cursor ? `&cursor=${cursor}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    items.push(...res.json().data);
    cursor = res.json().nextCursor;
    pages++;
  } while (cursor && pages < 20);
  return { items, pages };
}

/** The api_call consumption rows linked to a campaign or an operation. */
const apiCallsOf = (column: 'campaign_id' | 'operation_id', id: string) =>
  rows(t, sql`select id from consumptions where kind = 'api_call' and ${sql.raw(column)} = ${id}`);

const apiCalls = async (appId: string) =>
  (
    await t.database.db
      .select()
      .from(consumptions)
      .where(and(eq(consumptions.appId, appId), eq(consumptions.kind, 'api_call')))
  ).length;

describe(`/api/v1 campaigns and operations (${engine})`, () => {
  let full: { id: string; secret: string };
  let readOnly: { id: string; secret: string };
  beforeAll(async () => {
    full = await newKey(a.client, ['read', 'create', 'send', 'manage']);
    readOnly = await newKey(a.client, ['read']);
  });

  it('creates a campaign from JSON, launches it, follows its counters, cancels it; one api_call per create; replay returns the first answer', async () => {
    const before = await apiCalls(a.appId);
    const headers = { 'idempotency-key': 'campaign-1' };
    const body = campaignBody();
    const res = await call(campaignsV1.createCampaign, full.secret, { body, headers });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ label: 'Renewals via API', status: 'draft', signatoryCount: 2, counts: { draft: 2 } });
    expect(created.documents[0].signatureFields).toMatchObject([{ signerIndex: 0 }]);
    expect(res.headers.location).toBe(pathOf(campaignsV1.getCampaign, { id: created.id }));
    const replay = await call(campaignsV1.createCampaign, full.secret, { body, headers });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(created.id);
    expectProblem(await call(campaignsV1.createCampaign, full.secret, { body: { ...body, label: 'Changed' }, headers }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await apiCalls(a.appId)).toBe(before + 1);

    const sent = await call(campaignsV1.sendCampaign, full.secret, { params: { id: created.id } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('pending');
    const ready = await t.waitFor(async () => {
      const status = (await call(campaignsV1.campaignStatus, readOnly.secret, { params: { id: created.id } })).json();
      return status.status === 'ready' ? status : null;
    });
    expect(ready).toMatchObject({ id: created.id, total: 2, sent: 2, progress: { dispatched: 2 } });
    const canceled = await call(campaignsV1.cancelCampaign, full.secret, { params: { id: created.id } });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().status).toBe('canceled');
    // Launching or cancelling is no create: still one api_call.
    expect(await apiCalls(a.appId)).toBe(before + 1);
  });

  it('a failed create leaves nothing: no campaign, no api_call (metered in the create’s transaction)', async () => {
    const before = await apiCalls(a.appId);
    const count = async () => (await rows<{ n: number }>(t, sql`select count(*)::int as n from campaigns where app_id = ${a.appId}`))[0]!.n;
    const campaigns = await count();
    // Launched at once with nothing to sign: refused by the launch, inside the create's transaction (after the
    // campaign and its campaign.created event were written): all of it rolls back, the api_call with it.
    const presentationOnly = [{ fileName: 'about.pdf', contentBase64: pdfBase64, documentType: 'pdf-for-presentation' }];
    const refused = await call(campaignsV1.createCampaign, full.secret, { body: campaignBody({ send: true, documents: presentationOnly }) });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(
      await rows(t, sql`select id from domain_events where app_id = ${a.appId} and type = 'apikey.used' and data->>'operation' = 'campaign.created'`),
    ).toHaveLength(1);
    const invalid = await call(campaignsV1.createCampaign, full.secret, { body: campaignBody({ signatories: [] }) });
    expectProblem(invalid, 400, 'VALIDATION_FAILED');
    // A CRM contact id the request signer's rules refuse (empty), named by the v1 field.
    const badIdc = await call(campaignsV1.createCampaign, full.secret, { body: campaignBody({ signatories: [signatory(1, { connector: { idc: ' ' } })] }) });
    expect(expectProblem(badIdc, 400, 'VALIDATION_FAILED').errors).toMatchObject([{ field: 'signatories.0.connector.idc', rule: 'required' }]);
    expect(await count()).toBe(campaigns);
    expect(await apiCalls(a.appId)).toBe(before);
  });

  it('lists newest first with a keyset cursor that a campaign created while paging does not disturb; a bad cursor is a 400 problem', async () => {
    const mine = await tenant({ api: true, campaign: true });
    const key = await newKey(mine.client, ['read', 'create']);
    // Made in the back office by the GERANT: the key sees the whole tenant.
    for (const label of ['One', 'Two', 'Three']) await createCampaign(t, mine.client, { label });
    const first = await call(campaignsV1.listCampaigns, key.secret, { query: 'limit=2' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.map((c: { label: string }) => c.label)).toEqual(['Three', 'Two']);
    await createCampaign(t, mine.client, { label: 'Four (while paging)' });
    const second = await call(campaignsV1.listCampaigns, key.secret, { query: `limit=2&cursor=${first.json().nextCursor}` });
    expect(second.json().data.map((c: { label: string }) => c.label)).toEqual(['One']);
    expect(second.json().nextCursor).toBeUndefined();
    const fresh = await call(campaignsV1.listCampaigns, key.secret, { query: 'limit=10&status=draft' });
    expect(fresh.json().data.map((c: { label: string }) => c.label)).toEqual(['Four (while paging)', 'Three', 'Two', 'One']);
    for (const cursor of ['nope', Buffer.from('{"t":"x","i":"y"}').toString('base64url')]) {
      expectProblem(await call(campaignsV1.listCampaigns, key.secret, { query: `cursor=${cursor}` }), 400, 'VALIDATION_FAILED');
    }
  });

  it('creates an operation from JSON (a pool and orders), launched at once; a refused launch rolls everything back, its api_call too', async () => {
    const before = await apiCalls(a.appId);
    const operations = async () => (await rows<{ n: number }>(t, sql`select count(*)::int as n from operations where app_id = ${a.appId}`))[0]!.n;
    const person = (name: string) => ({ firstname: name, lastname: 'Order', emailAddress: `${name.toLowerCase()}-${Date.now()}@example.com` });
    const body = {
      label: 'Leases via API',
      send: true,
      documents: [
        { fileName: 'lease-a.pdf', contentBase64: pdfBase64, title: 'Lease A' },
        { fileName: 'lease-b.pdf', contentBase64: pdfBase64 },
      ],
      orders: [
        { signers: [person('Ann')], document: 'lease-a.pdf' },
        { signers: [person('Bob'), person('Cid')], document: 'lease-b.pdf' },
      ],
    };
    const headers = { 'idempotency-key': 'operation-1' };
    const res = await call(operationsV1.createOperation, full.secret, { body, headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      label: 'Leases via API',
      status: 'pending',
      orderCount: 2,
      documents: [
        { fileName: 'lease-a.pdf', title: 'Lease A', orders: 1 },
        { fileName: 'lease-b.pdf', orders: 1 },
      ],
    });
    expect(res.headers.location).toBe(pathOf(operationsV1.getOperation, { id: res.json().id }));
    const replay = await call(operationsV1.createOperation, full.secret, { body, headers });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(res.json().id);
    expect(await apiCalls(a.appId)).toBe(before + 1);
    const count = await operations();

    // An order names a file the pool lacks: the launch inside the create refuses it (400), after the operation and
    // its operation.created event were written; nothing stays, no api_call.
    const missing = { ...body, orders: [{ signers: [person('Dan')], document: 'nowhere.pdf' }] };
    expectProblem(await call(operationsV1.createOperation, full.secret, { body: missing }), 400, 'VALIDATION_FAILED');
    expect(await operations()).toBe(count);
    expect(await apiCalls(a.appId)).toBe(before + 1);
    const invalid = await call(operationsV1.createOperation, full.secret, { body: { ...body, orders: [{ signers: [], document: 'lease-a.pdf' }] } });
    expectProblem(invalid, 400, 'VALIDATION_FAILED');
    expect((invalid.json() as { errors: { field: string }[] }).errors[0]!.field).toMatch(/^orders/);
    expectProblem(await call(operationsV1.createOperation, readOnly.secret, { body }), 403, 'FORBIDDEN');
  });

  it('operations: list with a cursor, get, status, send, cancel', async () => {
    const pdf = await samplePdf();
    const save = async (label: string) => {
      const id = (await a.client.call('GET', '/api/batches/ids', 'operation')).json().data.id as string;
      const orders = [
        { transactionSigners: [{ firstname: 'Ann', lastname: 'Order', emailAddress: `ann-${id.slice(0, 8)}@example.com` }], document: 'one.pdf' },
      ];
      const { payload, headers } = multipartBody([
        { name: 'label', value: label },
        { name: 'transactionOrders', value: JSON.stringify(orders) },
        { name: 'files', fileName: 'one.pdf', contentType: 'application/pdf', data: pdf },
      ]);
      const res = await t.request({ method: 'POST', url: `/api/batches/${id}`, token: await a.client.token('operation'), body: payload, headers });
      expect(res.statusCode, res.body).toBe(200);
      return id;
    };
    const older = await save('Batch older');
    const newer = await save('Batch newer');
    const first = await call(operationsV1.listOperations, readOnly.secret, { query: 'limit=1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.map((o: { id: string }) => o.id)).toEqual([newer]);
    await save('Batch while paging');
    const second = await call(operationsV1.listOperations, readOnly.secret, { query: `limit=1&cursor=${first.json().nextCursor}` });
    expect(second.json().data.map((o: { id: string }) => o.id)).toEqual([older]);

    const got = await call(operationsV1.getOperation, readOnly.secret, { params: { id: older } });
    expect(got.json()).toMatchObject({ id: older, status: 'draft', orderCount: 1, documents: [{ fileName: 'one.pdf' }] });
    const sent = await call(operationsV1.sendOperation, full.secret, { params: { id: older } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('pending');
    const status = await call(operationsV1.operationStatus, readOnly.secret, { params: { id: older } });
    expect(status.json()).toMatchObject({ id: older, total: 1 });
    const canceled = await call(operationsV1.cancelOperation, full.secret, { params: { id: newer } });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().status).toBe('canceled');
    expectProblem(await call(operationsV1.cancelOperation, full.secret, { params: { id: newer } }), 409, 'INVALID_TRANSITION');
  });

  it('pages a campaign’s signatories in their order (no duplicate, no gap), each with its state and copy; status filter', async () => {
    // The third carries a CRM contact id: listed with it, and their copy's signer keeps it (the HubSpot write-back's key).
    const body = campaignBody({
      label: 'Paged signatories',
      send: true,
      signatories: [1, 2, 3, 4, 5].map((i) => signatory(i, i === 3 ? { connector: { idc: 'hs-3' } } : {})),
    });
    const created = (await call(campaignsV1.createCampaign, full.secret, { body })).json();
    expect(created.status, JSON.stringify(created)).toBe('pending');
    await t.waitFor(async () => (await call(campaignsV1.campaignStatus, readOnly.secret, { params: { id: created.id } })).json().status === 'ready');

    const all = await walk(campaignsV1.listSignatories, readOnly.secret, created.id, 'limit=2');
    expect(all.pages).toBe(3);
    expect(all.items.map((s) => s.rowIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(all.items.map((s) => s.id)).size).toBe(5);
    expect(all.items.every((s) => s.status === 'sent')).toBe(true);
    expect(new Set(all.items.map((s) => s.requestId)).size).toBe(5);
    expect(all.items.every((s) => typeof s.requestId === 'string')).toBe(true);
    expect(all.items.map((s) => s.connector)).toEqual([null, null, { idc: 'hs-3' }, null, null]);
    expect(await rows(t, sql`select connector_idc from signers where request_id = ${all.items[2]!.requestId}`)).toEqual([{ connector_idc: 'hs-3' }]);

    // One copy cancelled in the back office: its signatory follows, and the filter pages what is left.
    const cancelled = all.items[1]!;
    const res = await a.client.call('DELETE', `/api/campains/${created.id}/signers/${cancelled.id}`, 'campaign');
    expect(res.statusCode, res.body).toBe(200);
    await t.waitFor(async () => (await walk(campaignsV1.listSignatories, readOnly.secret, created.id, 'status=canceled')).items.length === 1);
    const sent = await walk(campaignsV1.listSignatories, readOnly.secret, created.id, 'limit=2&status=sent');
    expect(sent.items.map((s) => s.id)).toEqual(all.items.filter((s) => s.id !== cancelled.id).map((s) => s.id));
    expect(sent.pages).toBe(2);
    expect((await walk(campaignsV1.listSignatories, readOnly.secret, created.id, 'status=canceled')).items).toMatchObject([
      { id: cancelled.id, requestId: cancelled.requestId },
    ]);
    expectProblem(await call(campaignsV1.listSignatories, readOnly.secret, { params: { id: created.id }, query: 'status=nope' }), 400, 'VALIDATION_FAILED');
    // A cursor of another list (created_at) or made up is not one of this list's.
    const listCursor = Buffer.from(JSON.stringify({ t: new Date().toISOString(), i: created.id })).toString('base64url');
    expectProblem(
      await call(campaignsV1.listSignatories, readOnly.secret, { params: { id: created.id }, query: `cursor=${listCursor}` }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('pages an operation’s orders in their order; each order’s request once made; status filter', async () => {
    const person = (i: number) => ({ firstname: `P${i}`, lastname: 'Order', emailAddress: `order${i}-${Date.now()}@example.com` });
    const body = {
      label: 'Paged orders',
      documents: [{ fileName: 'pool.pdf', contentBase64: pdfBase64 }],
      orders: [1, 2, 3].map((i) => ({ signers: [person(i)], document: 'pool.pdf' })),
    };
    const created = (await call(operationsV1.createOperation, full.secret, { body })).json();
    const drafts = await walk(operationsV1.listOrders, readOnly.secret, created.id, 'limit=2');
    expect(drafts.pages).toBe(2);
    expect(drafts.items.map((o) => o.rowIndex)).toEqual([0, 1, 2]);
    expect(drafts.items.map((o) => [o.status, o.requestId])).toEqual([
      ['draft', null],
      ['draft', null],
      ['draft', null],
    ]);

    expect((await call(operationsV1.sendOperation, full.secret, { params: { id: created.id } })).statusCode).toBe(200);
    await t.waitFor(async () => (await call(operationsV1.operationStatus, readOnly.secret, { params: { id: created.id } })).json().progress?.dispatched === 3);
    const sent = await walk(operationsV1.listOrders, readOnly.secret, created.id, 'limit=1&status=ready');
    expect(sent.pages).toBe(3);
    expect(sent.items.map((o) => o.id)).toEqual(drafts.items.map((o) => o.id));
    expect(new Set(sent.items.map((o) => o.requestId)).size).toBe(3);
    expect(sent.items.every((o) => typeof o.requestId === 'string')).toBe(true);
    expect((await walk(operationsV1.listOrders, readOnly.secret, created.id, 'status=draft')).items).toEqual([]);
  });

  it('creates a campaign and an operation from a multipart form (`payload` + files); replay; a bad part is a clear 400; api_call linked', async () => {
    const pdf = Buffer.from(pdfBase64, 'base64');
    const before = await apiCalls(a.appId);
    // One entry names its file; the second file has none: a document to sign with the default field.
    const payload = { label: 'Uploaded campaign', signatories: [signatory(1), signatory(2)], documents: [{ fileName: 'terms.pdf', title: 'Terms' }] };
    const form = multipartBody([
      { name: 'payload', value: JSON.stringify(payload) },
      { name: 'files', fileName: 'terms.pdf', contentType: 'application/pdf', data: pdf },
      { name: 'files', fileName: 'annex.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    const headers = { ...form.headers, 'idempotency-key': 'campaign-upload-1' };
    const res = await call(campaignsV1.uploadCampaign, full.secret, { body: form.payload, headers });
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json();
    expect(campaign).toMatchObject({
      label: 'Uploaded campaign',
      status: 'draft',
      signatoryCount: 2,
      documents: [{ fileName: 'terms.pdf', title: 'Terms' }, { fileName: 'annex.pdf' }],
    });
    expect(campaign.documents[1].signatureFields).toMatchObject([{ signerIndex: 0 }]);
    expect(res.headers.location).toBe(pathOf(campaignsV1.getCampaign, { id: campaign.id }));
    const replay = await call(campaignsV1.uploadCampaign, full.secret, { body: form.payload, headers });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(campaign.id);
    expect(await apiCalls(a.appId)).toBe(before + 1);
    expect(await apiCallsOf('campaign_id', campaign.id)).toHaveLength(1);

    const operationForm = multipartBody([
      { name: 'payload', value: JSON.stringify({ label: 'Uploaded operation', orders: [{ signers: [signatory(3)], document: 'lease.pdf' }] }) },
      { name: 'files', fileName: 'lease.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    const operation = await call(operationsV1.uploadOperation, full.secret, { body: operationForm.payload, headers: operationForm.headers });
    expect(operation.statusCode, operation.body).toBe(201);
    expect(operation.json()).toMatchObject({ label: 'Uploaded operation', status: 'draft', orderCount: 1, documents: [{ fileName: 'lease.pdf', orders: 1 }] });
    expect(await apiCallsOf('operation_id', operation.json().id)).toHaveLength(1);
    expect(await apiCalls(a.appId)).toBe(before + 2);

    // Bad parts: nothing created, nothing counted.
    const campaigns = (await call(campaignsV1.listCampaigns, readOnly.secret, { query: 'limit=100' })).json().data.length;
    const bad = async (endpoint: EndpointSpec, parts: Parameters<typeof multipartBody>[0], field: string) => {
      const { payload: body, headers: formHeaders } = multipartBody(parts);
      const problem = expectProblem(await call(endpoint, full.secret, { body, headers: formHeaders }), 400, 'VALIDATION_FAILED');
      expect((problem.errors as { field: string }[]).map((e) => e.field)).toContain(field);
    };
    const file = { name: 'files', fileName: 'terms.pdf', contentType: 'application/pdf', data: pdf };
    await bad(campaignsV1.uploadCampaign, [{ name: 'payload', value: '{"label":' }, file], 'payload');
    await bad(campaignsV1.uploadCampaign, [file], 'payload');
    await bad(
      campaignsV1.uploadCampaign,
      [{ name: 'payload', value: JSON.stringify({ ...payload, documents: [{ fileName: 'missing.pdf' }] }) }, file],
      'documents.0.fileName',
    );
    await bad(campaignsV1.uploadCampaign, [{ name: 'payload', value: JSON.stringify(payload) }], 'files');
    await bad(operationsV1.uploadOperation, [{ name: 'payload', value: JSON.stringify({ label: 'x', orders: [] }) }, file], 'orders');
    expect((await call(campaignsV1.listCampaigns, readOnly.secret, { query: 'limit=100' })).json().data.length).toBe(campaigns);
    expect(await apiCalls(a.appId)).toBe(before + 2);
    const noForm = await call(campaignsV1.uploadCampaign, full.secret, { body: campaignBody() });
    expectProblem(noForm, 400, 'BAD_REQUEST');
  });

  it('ladder: no key or a revoked key 401, a missing scope 403, another tenant’s key 404 — data unchanged; the feature off 403', async () => {
    const campaign = await createCampaign(t, a.client, { label: 'Guarded' });
    const operationId = (await a.client.call('GET', '/api/batches/ids', 'operation')).json().data.id as string;
    const revoked = await newKey(a.client, ['read', 'manage']);
    await a.client.call('DELETE', pathOf(apiKeyEndpoints.revoke, { id: revoked.id }), 'application');
    const other = await newKey(b.client, ['read', 'create', 'send', 'manage']);
    const createOnly = await newKey(a.client, ['create']);
    const before = await quietSnapshot();
    for (const key of [undefined, revoked.secret, 'pk_live_nope']) {
      expectProblem(await call(campaignsV1.getCampaign, key, { params: { id: campaign.id } }), 401, 'UNAUTHENTICATED');
      expectProblem(await call(operationsV1.cancelOperation, key, { params: { id: operationId } }), 401, 'UNAUTHENTICATED');
      expectProblem(await call(campaignsV1.listSignatories, key, { params: { id: campaign.id } }), 401, 'UNAUTHENTICATED');
      expectProblem(await call(operationsV1.listOrders, key, { params: { id: operationId } }), 401, 'UNAUTHENTICATED');
    }
    expectProblem(await call(campaignsV1.listSignatories, createOnly.secret, { params: { id: campaign.id } }), 403, 'FORBIDDEN');
    expectProblem(await call(operationsV1.listOrders, createOnly.secret, { params: { id: operationId } }), 403, 'FORBIDDEN');
    const upload = multipartBody([{ name: 'payload', value: JSON.stringify(campaignBody()) }]);
    expectProblem(await call(campaignsV1.uploadCampaign, readOnly.secret, { body: upload.payload, headers: upload.headers }), 403, 'FORBIDDEN');
    expectProblem(await call(campaignsV1.createCampaign, readOnly.secret, { body: campaignBody() }), 403, 'FORBIDDEN');
    expectProblem(await call(campaignsV1.cancelCampaign, readOnly.secret, { params: { id: campaign.id } }), 403, 'FORBIDDEN');
    expectProblem(await call(campaignsV1.sendCampaign, readOnly.secret, { params: { id: campaign.id } }), 403, 'FORBIDDEN');
    expectProblem(await call(operationsV1.sendOperation, readOnly.secret, { params: { id: operationId } }), 403, 'FORBIDDEN');
    expectProblem(await call(campaignsV1.createCampaign, createOnly.secret, { body: campaignBody({ send: true }) }), 403, 'FORBIDDEN');
    const beforeOther = await t.snapshot();
    expect(beforeOther).toBe(before);
    for (const [endpoint, id] of [
      [campaignsV1.getCampaign, campaign.id],
      [campaignsV1.campaignStatus, campaign.id],
      [campaignsV1.sendCampaign, campaign.id],
      [campaignsV1.cancelCampaign, campaign.id],
      [campaignsV1.listSignatories, campaign.id],
      [operationsV1.getOperation, operationId],
      [operationsV1.operationStatus, operationId],
      [operationsV1.sendOperation, operationId],
      [operationsV1.cancelOperation, operationId],
      [operationsV1.listOrders, operationId],
    ] as const) {
      expectProblem(await call(endpoint, other.secret, { params: { id } }), 404, 'NOT_FOUND');
    }
    expect((await call(campaignsV1.listCampaigns, other.secret)).json().data.map((c: { id: string }) => c.id)).not.toContain(campaign.id);
    expect(await t.snapshot()).toBe(before);

    // The tenant's campaign or operation feature off: 403 FEATURE_DISABLED, nothing created.
    const noBulk = await tenant({ api: true });
    const key = await newKey(noBulk.client, ['read', 'create', 'send', 'manage']);
    const untouched = await t.snapshot();
    expectProblem(await call(campaignsV1.listCampaigns, key.secret), 403, 'FEATURE_DISABLED');
    expectProblem(await call(campaignsV1.createCampaign, key.secret, { body: campaignBody() }), 403, 'FEATURE_DISABLED');
    expectProblem(await call(operationsV1.listOperations, key.secret), 403, 'FEATURE_DISABLED');
    expectProblem(await call(operationsV1.getOperation, key.secret, { params: { id: operationId } }), 403, 'FEATURE_DISABLED');
    expectProblem(await call(campaignsV1.listSignatories, key.secret, { params: { id: campaign.id } }), 403, 'FEATURE_DISABLED');
    expectProblem(await call(operationsV1.listOrders, key.secret, { params: { id: operationId } }), 403, 'FEATURE_DISABLED');
    const offForm = multipartBody([{ name: 'payload', value: '{}' }]);
    expectProblem(await call(operationsV1.uploadOperation, key.secret, { body: offForm.payload, headers: offForm.headers }), 403, 'FEATURE_DISABLED');
    expectProblem(
      await call(operationsV1.createOperation, key.secret, {
        body: { label: 'x', documents: [{ fileName: 'a.pdf', contentBase64: pdfBase64 }], orders: [{ signers: [signatory(9)], document: 'a.pdf' }] },
      }),
      403,
      'FEATURE_DISABLED',
    );
    expect(await t.snapshot()).toBe(untouched);
  });
});
