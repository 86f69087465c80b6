import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  apiKeyEndpoints,
  apiV1DocsPath,
  apiV1Endpoints,
  apiV1OpenApiPath,
  apiKeySecretPattern,
  pathOf,
  problemContentType,
  type EndpointSpec,
} from '@paraphe/contracts';
import { consumptions } from '../../src/domains/billing/schema.ts';
import { auditEvents } from '../../src/platform/db/schema/index.ts';
import { createTestContext, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, forceStatus, makePdf, messagesTo, multipartBody, requestRow, signer, tenantWithGerant } from '../support/signatures.ts';

/** API keys and the public REST API /api/v1: every call, the ladders, idempotency, rate limit, problem details. */
let t: TestContext;
let pdfBase64: string;
let a: { appId: string; client: TestClient };
let b: { appId: string; client: TestClient };
const rateLimit = 25;

beforeAll(async () => {
  t = await createTestContext({ env: { API_RATE_LIMIT_PER_MINUTE: String(rateLimit) } });
  pdfBase64 = Buffer.from(await makePdf(1)).toString('base64');
  a = await tenantWithGerant(t, { features: { api: true } });
  b = await tenantWithGerant(t, { features: { api: true } });
}, 60_000);
afterAll(() => t?.close());

async function newKey(client: TestClient, scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await client.call('POST', pathOf(apiKeyEndpoints.create), 'application', { label: `key ${scopes.join('+')}`, scopes, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; secret: string; prefix: string; scopes: string[] };
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

const requestBody = (extra: Record<string, unknown> = {}) => ({
  label: 'Contract via API',
  signers: [signer(0), signer(1)],
  documents: [
    {
      fileName: 'contract.pdf',
      contentBase64: pdfBase64,
      signatureFields: [0, 1].map((signerIndex) => ({ signerIndex, page: 1, x: 100, y: 100 + signerIndex * 80 })),
    },
  ],
  ...extra,
});

function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain(problemContentType);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ status, code, type: expect.stringContaining('/problems/'), title: expect.any(String), detail: expect.any(String) });
  return body;
}

describe('API keys', () => {
  it('are created by the GERANT (secret once, hash stored), listed without their secret, revoked; others are refused', async () => {
    const key = await newKey(a.client, ['read', 'create']);
    expect(key.secret).toMatch(apiKeySecretPattern);
    expect(key.secret.startsWith('pk_test_')).toBe(true);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const stored = (await t.database.db.execute(sql`select secret_hash from api_keys where id = ${key.id}`)) as unknown as { rows: { secret_hash: string }[] };
    expect(stored.rows[0]!.secret_hash).not.toContain(key.secret.slice(8));

    const list = await a.client.call('GET', pathOf(apiKeyEndpoints.list), 'application');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.secret);
    expect(list.json().data.map((k: { id: string }) => k.id)).toContain(key.id);

    // Ladder: no session 401, a profile without apikeys.manage 403, the feature off 403, another tenant's key 404.
    expect((await t.request({ method: 'GET', url: pathOf(apiKeyEndpoints.list) })).statusCode).toBe(401);
    const commercial = await t.factory.user(a.appId, { profile: 'COMMERCIAL' });
    expect((await (await t.login(commercial.email)).call('GET', pathOf(apiKeyEndpoints.list), 'application')).statusCode).toBe(403);
    const noApi = await tenantWithGerant(t);
    expect((await noApi.client.call('POST', pathOf(apiKeyEndpoints.create), 'application', { label: 'x', scopes: ['read'] })).json().error.code).toBe(
      'FEATURE_DISABLED',
    );
    const before = await t.snapshot();
    expect((await b.client.call('DELETE', pathOf(apiKeyEndpoints.revoke, { id: key.id }), 'application')).statusCode).toBe(404);
    expect(await t.snapshot()).toBe(before);
    expect(
      (await a.client.call('POST', pathOf(apiKeyEndpoints.create), 'application', { label: 'past', scopes: ['read'], expiresAt: '2001-01-01' })).json().error
        .fields[0].field,
    ).toBe('expiresAt');
  });
});

describe('/api/v1', () => {
  let full: { id: string; secret: string };
  let readOnly: { id: string; secret: string };
  beforeAll(async () => {
    full = await newKey(a.client, ['read', 'create', 'send', 'manage']);
    readOnly = await newKey(a.client, ['read']);
  });

  it('creates a request from JSON and sends it; metered once; audited with the key; lastUsedAt set', async () => {
    const res = await call(apiV1Endpoints.createRequest, full.secret, { body: requestBody({ send: true }) });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ label: 'Contract via API', signerCount: 2, level: 1 });
    expect(created.status).not.toBe('draft');
    expect(res.headers['x-ratelimit-limit']).toBe(String(rateLimit));
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(rateLimit);

    const metered = await t.database.db
      .select()
      .from(consumptions)
      .where(and(eq(consumptions.requestId, created.id), eq(consumptions.kind, 'api_call')));
    expect(metered).toHaveLength(1);
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, created.id), eq(auditEvents.action, 'signature.created')));
    expect(audited!.data).toMatchObject({ apiKey: { id: full.id } });
    const keys = (await a.client.call('GET', pathOf(apiKeyEndpoints.list), 'application')).json().data as { id: string; lastUsedAt: string | null }[];
    expect(keys.find((k) => k.id === full.id)!.lastUsedAt).not.toBeNull();

    const got = await call(apiV1Endpoints.getRequest, readOnly.secret, { params: { id: created.id } });
    expect(got.statusCode).toBe(200);
    expect(got.json().signers).toHaveLength(2);
    const status = await call(apiV1Endpoints.requestStatus, readOnly.secret, { params: { id: created.id } });
    expect(status.json()).toMatchObject({ id: created.id, percentSigned: 0, signers: [{ signerIndex: 0 }, { signerIndex: 1 }] });

    const link = await call(apiV1Endpoints.signingLink, full.secret, { params: { id: created.id, signerId: created.signers[0].id } });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().url).toContain(`/#/sign/${link.json().token}`);
    expect(link.json().embedUrl).toMatch(new RegExp(`/embed/sign/${link.json().token}$`));
    expect(link.json().expiresAt).toBe((await requestRow(t, created.id)).expiresAt!.toISOString());

    await t.waitFor(async () => (await requestRow(t, created.id)).status === 'ready');
    const relaunch = await call(apiV1Endpoints.relaunchRequest, full.secret, { params: { id: created.id } });
    expect(relaunch.statusCode, relaunch.body).toBe(200);
    expect(relaunch.json().reminded).toEqual([created.signers[0].id]);
    expectProblem(await call(apiV1Endpoints.relaunchRequest, full.secret, { params: { id: created.id } }), 429, 'RELAUNCH_TOO_SOON');
    expectProblem(await call(apiV1Endpoints.evidence, readOnly.secret, { params: { id: created.id } }), 409, 'INVALID_TRANSITION');
    expectProblem(
      await call(apiV1Endpoints.signedDocument, readOnly.secret, { params: { id: created.id, docId: created.documents[0].id } }),
      409,
      'INVALID_TRANSITION',
    );
    const canceled = await call(apiV1Endpoints.cancelRequest, full.secret, { params: { id: created.id } });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().status).toBe('canceled');
  });

  it('saves a draft, sends it later, lists with a cursor and filters', async () => {
    const drafts = [];
    for (const label of ['Lease alpha', 'Lease beta', 'Other gamma']) {
      const res = await call(apiV1Endpoints.createRequest, full.secret, { body: requestBody({ label }) });
      expect(res.statusCode).toBe(201);
      drafts.push(res.json());
    }
    const first = await call(apiV1Endpoints.listRequests, readOnly.secret, { query: 'limit=2&status=draft' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.map((r: { label: string }) => r.label)).toEqual(['Other gamma', 'Lease beta']);
    const second = await call(apiV1Endpoints.listRequests, readOnly.secret, { query: `limit=2&status=draft&cursor=${first.json().nextCursor}` });
    expect(second.json().data.map((r: { label: string }) => r.label)).toEqual(['Lease alpha']);
    expect(second.json().nextCursor).toBeUndefined();
    const search = await call(apiV1Endpoints.listRequests, readOnly.secret, { query: 'search=Lease' });
    expect(search.json().data).toHaveLength(2);
    expectProblem(await call(apiV1Endpoints.listRequests, readOnly.secret, { query: 'limit=101' }), 400, 'VALIDATION_FAILED');

    const sent = await call(apiV1Endpoints.sendRequest, full.secret, { params: { id: drafts[0].id } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).not.toBe('draft');
  });

  it('pages with a keyset cursor: a request created while paging neither shows twice nor shifts the next page; bad cursors are 400 problems', async () => {
    const mine = await tenantWithGerant(t, { features: { api: true } });
    const key = await newKey(mine.client, ['read', 'create']);
    for (const label of ['Page one', 'Page two', 'Page three'])
      expect((await call(apiV1Endpoints.createRequest, key.secret, { body: requestBody({ label }) })).statusCode).toBe(201);
    const first = await call(apiV1Endpoints.listRequests, key.secret, { query: 'limit=2' });
    expect(first.json().data.map((r: { label: string }) => r.label)).toEqual(['Page three', 'Page two']);
    // Created while the client pages (through the back office: the key sees the whole tenant).
    await draft(t, mine.client, { label: 'Page four' });
    const second = await call(apiV1Endpoints.listRequests, key.secret, { query: `limit=2&cursor=${first.json().nextCursor}` });
    expect(second.json().data.map((r: { label: string }) => r.label)).toEqual(['Page one']);
    expect(second.json().nextCursor).toBeUndefined();
    expect((await call(apiV1Endpoints.listRequests, key.secret, { query: 'limit=1' })).json().data[0].label).toBe('Page four');
    const legacyOffset = Buffer.from(JSON.stringify({ o: 2 })).toString('base64url');
    for (const cursor of ['%%%', legacyOffset, Buffer.from('{"t":"2026-01-01T00:00:00.000Z","i":"not-a-uuid"}').toString('base64url')]) {
      const problem = expectProblem(await call(apiV1Endpoints.listRequests, key.secret, { query: `cursor=${cursor}` }), 400, 'VALIDATION_FAILED');
      expect((problem.errors as { field: string }[])[0]!.field).toBe('cursor');
    }
  });

  it('meters the api_call in the create’s transaction: a create whose sending fails counts nothing and leaves nothing', async () => {
    // Live mode without a billing profile: the send inside the create fails after the request and its events were written.
    const live = await tenantWithGerant(t, { testMode: false, features: { api: true } });
    const key = await newKey(live.client, ['read', 'create', 'send']);
    expectProblem(await call(apiV1Endpoints.createRequest, key.secret, { body: requestBody({ label: 'Rolled back', send: true }) }), 409, 'BILLING_REQUIRED');
    const count = (query: ReturnType<typeof sql>) => t.database.db.execute(query) as unknown as Promise<{ rows: { n: number }[] }>;
    expect((await count(sql`select count(*)::int as n from signature_requests where app_id = ${live.appId}`)).rows[0]!.n).toBe(0);
    expect((await count(sql`select count(*)::int as n from consumptions where app_id = ${live.appId}`)).rows[0]!.n).toBe(0);
    expect((await count(sql`select count(*)::int as n from domain_events where app_id = ${live.appId} and type = 'apikey.used'`)).rows[0]!.n).toBe(0);
    // The same call as a draft succeeds: one api_call.
    expect((await call(apiV1Endpoints.createRequest, key.secret, { body: requestBody({ label: 'Kept' }) })).statusCode).toBe(201);
    expect((await count(sql`select count(*)::int as n from consumptions where app_id = ${live.appId} and kind = 'api_call'`)).rows[0]!.n).toBe(1);
  });

  it('addresses the owner’s mails of a key-made request to the key’s creator; creator gone: the tenant’s support e-mail', async () => {
    const tenant = await tenantWithGerant(t, { features: { api: true } });
    const key = await newKey(tenant.client, ['read', 'create', 'send']);
    const made = (await call(apiV1Endpoints.createRequest, key.secret, { body: requestBody({ label: 'Owned by the creator', send: true }) })).json();
    expect(made.owner).toMatchObject({ id: tenant.gerant.id });
    // The start notice leaves with the send job.
    await t.waitFor(async () => (await messagesTo(t, tenant.gerant.email, 'request-started')).length === 1);
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, made.id), eq(auditEvents.action, 'signature.created')));
    expect(audited!.actorUserId).not.toBe(tenant.gerant.id); // the technical user acted

    // The creator deactivated: the key still works, its requests belong to the technical user, whose mails go to support.
    const support = `support-${tenant.appId.slice(0, 8)}@example.com`;
    await t.database.inSystem((tx) =>
      tx.execute(sql`update applications set settings = settings || ${JSON.stringify({ supportEmail: support })}::jsonb where id = ${tenant.appId}`),
    );
    await t.database.inSystem((tx) => tx.execute(sql`update users set active = false where id = ${tenant.gerant.id}`));
    const orphan = await call(apiV1Endpoints.createRequest, key.secret, { body: requestBody({ label: 'Creator gone', send: true }) });
    expect(orphan.statusCode, orphan.body).toBe(201);
    expect(orphan.json().owner?.id).not.toBe(tenant.gerant.id);
    await t.waitFor(async () => (await messagesTo(t, support, 'request-started')).length === 1);
    expect(await messagesTo(t, tenant.gerant.email, 'request-started')).toHaveLength(1);
  });

  it('creates a request from a multipart form (a `request` JSON part and the file parts)', async () => {
    const { payload, headers } = multipartBody([
      {
        name: 'request',
        value: JSON.stringify({ label: 'Uploaded', signers: [signer(0), signer(1)], documents: [{ fileName: 'upload.pdf', title: 'Upload' }] }),
      },
      { name: 'files', fileName: 'upload.pdf', contentType: 'application/pdf', data: Buffer.from(pdfBase64, 'base64') },
    ]);
    const res = await call(apiV1Endpoints.uploadRequest, full.secret, { body: payload, headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ label: 'Uploaded', status: 'draft', signerCount: 2 });
    expect(res.json().documents).toHaveLength(1);
    const bad = multipartBody([{ name: 'request', value: '{"label":' }]);
    const problem = expectProblem(await call(apiV1Endpoints.uploadRequest, full.secret, { body: bad.payload, headers: bad.headers }), 400, 'VALIDATION_FAILED');
    expect((problem.errors as { field: string }[])[0]!.field).toBe('request');
  });

  it('serves a completed request’s evidence file (and 404 for an unknown document)', async () => {
    const created = (await call(apiV1Endpoints.createRequest, full.secret, { body: requestBody({ send: true }) })).json();
    await forceStatus(t, created.id, 'completed', 'signed');
    expectProblem(await call(apiV1Endpoints.evidence, readOnly.secret, { params: { id: created.id } }), 409, 'INVALID_TRANSITION');
    expectProblem(await call(apiV1Endpoints.signedDocument, readOnly.secret, { params: { id: created.id, docId: created.id } }), 404, 'NOT_FOUND');
  });

  it('replays an idempotent create: the first answer again, one request', async () => {
    const headers = { 'idempotency-key': 'order-42' };
    const body = requestBody({ label: 'Idempotent one' });
    const one = await call(apiV1Endpoints.createRequest, full.secret, { body, headers });
    const two = await call(apiV1Endpoints.createRequest, full.secret, { body, headers });
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(two.json().id).toBe(one.json().id);
    const count = (await t.database.db.execute(sql`select count(*)::int as n from signature_requests where label = 'Idempotent one'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(count.rows[0]!.n).toBe(1);
    expectProblem(await call(apiV1Endpoints.createRequest, full.secret, { body: { ...body, label: 'Changed' }, headers }), 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses bad keys (401), missing scopes (403), other tenants (404) — data unchanged — with problem details', async () => {
    const created = (await call(apiV1Endpoints.createRequest, full.secret, { body: requestBody() })).json();
    const createOnly = await newKey(a.client, ['create']);
    const other = await newKey(b.client, ['read', 'create', 'send', 'manage']);
    const before = await t.snapshot();
    expectProblem(await call(apiV1Endpoints.getRequest, undefined, { params: { id: created.id } }), 401, 'UNAUTHENTICATED');
    expectProblem(await call(apiV1Endpoints.getRequest, 'pk_live_nope', { params: { id: created.id } }), 401, 'UNAUTHENTICATED');
    expectProblem(await call(apiV1Endpoints.createRequest, readOnly.secret, { body: requestBody() }), 403, 'FORBIDDEN');
    expectProblem(await call(apiV1Endpoints.createRequest, createOnly.secret, { body: requestBody({ send: true }) }), 403, 'FORBIDDEN');
    expectProblem(await call(apiV1Endpoints.cancelRequest, createOnly.secret, { params: { id: created.id } }), 403, 'FORBIDDEN');
    expectProblem(await call(apiV1Endpoints.getRequest, other.secret, { params: { id: created.id } }), 404, 'NOT_FOUND');
    expectProblem(await call(apiV1Endpoints.cancelRequest, other.secret, { params: { id: created.id } }), 404, 'NOT_FOUND');
    expect(await t.snapshot()).toBe(before);

    // Revoked: refused at the next call. Expired: refused once its date passed.
    const revocable = await newKey(a.client, ['read']);
    expect((await call(apiV1Endpoints.getRequest, revocable.secret, { params: { id: created.id } })).statusCode).toBe(200);
    expect((await a.client.call('DELETE', pathOf(apiKeyEndpoints.revoke, { id: revocable.id }), 'application')).json().data.revokedAt).not.toBeNull();
    expectProblem(await call(apiV1Endpoints.getRequest, revocable.secret, { params: { id: created.id } }), 401, 'UNAUTHENTICATED');
    const expiring = await newKey(a.client, ['read'], { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await call(apiV1Endpoints.getRequest, expiring.secret, { params: { id: created.id } })).statusCode).toBe(200);
    t.now.value = new Date(Date.now() + 2 * 3_600_000);
    try {
      expectProblem(await call(apiV1Endpoints.getRequest, expiring.secret, { params: { id: created.id } }), 401, 'UNAUTHENTICATED');
    } finally {
      t.now.value = undefined;
    }
    // The feature turned off: the keys stop working.
    await t.database.inSystem((tx) => tx.execute(sql`update applications set features = features || '{"api": false}'::jsonb where id = ${b.appId}`));
    expectProblem(await call(apiV1Endpoints.listRequests, other.secret), 403, 'FEATURE_DISABLED');
    // A validation error names the field.
    const invalid = expectProblem(await call(apiV1Endpoints.createRequest, full.secret, { body: { ...requestBody(), signers: [] } }), 400, 'VALIDATION_FAILED');
    expect((invalid.errors as { field: string }[])[0]!.field).toBe('signers');
    expectProblem(await t.request({ method: 'GET', url: `${pathOf(apiV1Endpoints.listRequests)}/nothing/here` }), 404, 'NOT_FOUND');
  });

  it('refuses a document by URL to an internal address or not https (422)', async () => {
    for (const url of ['https://127.0.0.1/contract.pdf', 'http://example.com/contract.pdf', 'https://localhost:1/x.pdf']) {
      const body = requestBody({ documents: [{ fileName: 'contract.pdf', url }] });
      const problem = expectProblem(await call(apiV1Endpoints.createRequest, full.secret, { body }), 422, 'DOCUMENT_URL_REFUSED');
      expect((problem.errors as { field: string }[])[0]!.field).toBe('documents.0.url');
    }
  });

  it('limits calls per key: 429 with Retry-After past the budget, other keys unaffected', async () => {
    const limited = await newKey(a.client, ['read']);
    let last;
    for (let i = 0; i <= rateLimit; i++) last = await call(apiV1Endpoints.listRequests, limited.secret, { query: 'limit=1' });
    expectProblem(last!, 429, 'RATE_LIMITED');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.headers['x-ratelimit-remaining']).toBe('0');
    expect((await call(apiV1Endpoints.listRequests, readOnly.secret, { query: 'limit=1' })).statusCode).toBe(200);
  });

  it('serves its OpenAPI 3.1 document, generated from the descriptors', async () => {
    const res = await t.request({ method: 'GET', url: apiV1OpenApiPath });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/v1/requests/{id}');
    expect(doc.paths['/api/v1/requests'].post.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    // The reference page: Swagger UI from this server's own assets, started by a script file (CSP script-src 'self').
    const page = await t.request({ method: 'GET', url: apiV1DocsPath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/docs/static/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    expect((await t.request({ method: 'GET', url: `${apiV1DocsPath}/init.js` })).body).toContain(apiV1OpenApiPath);
  });
});
