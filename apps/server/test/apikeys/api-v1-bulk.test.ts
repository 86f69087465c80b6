import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { apiKeyEndpoints, apiV1CampaignEndpoints as campaignsV1, apiV1OperationEndpoints as operationsV1, pathOf, problemContentType, type EndpointSpec } from '@paraphe/contracts';
import { consumptions } from '../../src/domains/billing/schema.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { makePdf, multipartBody, samplePdf } from '../support/signatures.ts';
import { createCampaign, rows, signatory } from '../campaigns/support.ts';

/** /api/v1/campaigns and /api/v1/operations: create, list (keyset cursor), get, status, send, cancel; ladders, features, metering. */
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

const call = (endpoint: EndpointSpec, key: string | undefined, opts: { params?: Record<string, string>; body?: unknown; query?: string; headers?: Record<string, string> } = {}) =>
  t.request({ method: endpoint.method, url: pathOf(endpoint, opts.params) + (opts.query ? `?${opts.query}` : ''), token: key, body: opts.body, headers: opts.headers });

function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain(problemContentType);
  expect(res.json()).toMatchObject({ status, code });
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
    ((await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
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

const apiCalls = async (appId: string) => (await t.database.db.select().from(consumptions).where(and(eq(consumptions.appId, appId), eq(consumptions.kind, 'api_call')))).length;

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
    expect(await rows(t, sql`select id from domain_events where app_id = ${a.appId} and type = 'apikey.used' and data->>'operation' = 'campaign.created'`)).toHaveLength(1);
    const invalid = await call(campaignsV1.createCampaign, full.secret, { body: campaignBody({ signatories: [] }) });
    expectProblem(invalid, 400, 'VALIDATION_FAILED');
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
    expect(res.json()).toMatchObject({ label: 'Leases via API', status: 'pending', orderCount: 2, documents: [{ fileName: 'lease-a.pdf', title: 'Lease A', orders: 1 }, { fileName: 'lease-b.pdf', orders: 1 }] });
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
      const orders = [{ transactionSigners: [{ firstname: 'Ann', lastname: 'Order', emailAddress: `ann-${id.slice(0, 8)}@example.com` }], document: 'one.pdf' }];
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
    }
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
      [operationsV1.getOperation, operationId],
      [operationsV1.operationStatus, operationId],
      [operationsV1.sendOperation, operationId],
      [operationsV1.cancelOperation, operationId],
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
    expectProblem(await call(operationsV1.createOperation, key.secret, { body: { label: 'x', documents: [{ fileName: 'a.pdf', contentBase64: pdfBase64 }], orders: [{ signers: [signatory(9)], document: 'a.pdf' }] } }), 403, 'FEATURE_DISABLED');
    expect(await t.snapshot()).toBe(untouched);
  });
});
