import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiKeyEndpoints, apiV1Endpoints, editorTokenPattern, pathOf, signatureEndpoints, type EndpointSpec } from '@paraphe/contracts';
import { sweepEndedEditorLinks } from '../../src/domains/apikeys/editor-links.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, forceStatus, multipartBody, requestRow, signer, tenantWithGerant } from '../support/signatures.ts';

/** Embedded sending (docs/embedding.md): the editor link of /api/v1, its token on the draft's editing calls only, the page's frame-ancestors. */
const indexHtml = '<!doctype html>\n<html lang="fr">\n  <head>\n    <title>Paraphe</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const frameAncestorsOf = (csp: unknown) => /(?:^|;\s*)frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

type Tenant = { appId: string; client: TestClient };
type Draft = Awaited<ReturnType<typeof draft>>;

describe(`embedded sending: the editor link and its token (${engine})`, () => {
  let t: TestContext;
  let webDist: string;
  let a: Tenant;
  let b: Tenant;
  let keyA: { id: string; secret: string };
  let createOnlyA: { id: string; secret: string };
  let readOnlyA: { id: string; secret: string };
  let keyB: { id: string; secret: string };

  async function newKey(client: TestClient, scopes: string[]) {
    const res = await client.call('POST', pathOf(apiKeyEndpoints.create), 'application', { label: `key ${scopes.join('+')}`, scopes });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; secret: string };
  }
  const setOrigins = (appId: string, origins: string[]) =>
    t.database.inSystem((tx) =>
      tx.execute(sql`update applications set settings = jsonb_set(settings, '{embedOrigins}', ${JSON.stringify(origins)}::jsonb) where id = ${appId}`),
    );
  const editorLink = (id: string, key?: string) => t.request({ method: 'POST', url: pathOf(apiV1Endpoints.editorLink, { id }), token: key });
  async function tokenFor(id: string, key = keyA.secret) {
    const res = await editorLink(id, key);
    expect(res.statusCode, res.body).toBe(201);
    return new URL(res.json().url as string).pathname.split('/embed/edit/')[1]!;
  }
  const withToken = (token: string, endpoint: EndpointSpec, params: Record<string, string>, extra: { body?: unknown; headers?: Record<string, string> } = {}) =>
    t.request({ method: endpoint.method, url: pathOf(endpoint, params), body: extra.body, headers: { authorization: `Embed ${token}`, ...extra.headers } });
  /** The draft's form as the editor sends it (PUT …/draft): its stored document kept, these signers and label. */
  const draftForm = (d: Draft, opts: { label: string; signers: unknown[]; send?: boolean }) =>
    multipartBody([
      { name: 'label', value: opts.label },
      { name: 'transactionSigners', value: JSON.stringify(opts.signers) },
      {
        name: 'transactionDocuments',
        value: JSON.stringify([{ documentId: d.documents[0]!.id, fileName: 'contract.pdf', signatureFields: [{ signerIndex: 0, page: 1, x: 100, y: 100 }] }]),
      },
      { name: 'transactionRequest', value: JSON.stringify({ send: opts.send ?? false }) },
      { name: 'optionsRequest', value: JSON.stringify({}) },
    ]);
  const saveWith = (token: string, d: Draft, opts: Parameters<typeof draftForm>[1]) => {
    const { payload, headers } = draftForm(d, opts);
    return withToken(token, signatureEndpoints.updateDraft, { id: d.id }, { body: payload, headers });
  };

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-editor-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    t = await createTestContext({ env: { WEB_DIST: webDist } });
    a = await tenantWithGerant(t, { features: { api: true }, testMode: true });
    b = await tenantWithGerant(t, { features: { api: true } });
    keyA = await newKey(a.client, ['read', 'create', 'send']);
    createOnlyA = await newKey(a.client, ['create']);
    readOnlyA = await newKey(a.client, ['read']);
    keyB = await newKey(b.client, ['read', 'create', 'send']);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('POST /api/v1/requests/{id}/editor-link: 401 without a key, 403 without the scope create, 404 for another tenant, 409 for a sent request; nothing stored', async () => {
    const d = await draft(t, a.client);
    const sent = await draft(t, a.client);
    await forceStatus(t, sent.id, 'ready', 'ready');
    const before = await t.snapshot();
    expect((await editorLink(d.id)).statusCode).toBe(401);
    expect((await editorLink(d.id, 'pk_test_' + 'x'.repeat(43))).statusCode).toBe(401);
    const noScope = await editorLink(d.id, readOnlyA.secret);
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json().detail).toContain('create');
    expect((await editorLink(d.id, keyB.secret)).statusCode).toBe(404);
    expect((await editorLink(crypto.randomUUID(), keyA.secret)).statusCode).toBe(404);
    const notDraft = await editorLink(sent.id, keyA.secret);
    expect(notDraft.statusCode).toBe(409);
    expect(notDraft.json().code).toBe('INVALID_TRANSITION');
    expect(await t.snapshot()).toBe(before);
  });

  it('answers a 15-minute link whose token is kept hashed; the token reads and saves its draft', async () => {
    const d = await draft(t, a.client);
    const res = await editorLink(d.id, keyA.secret);
    expect(res.statusCode, res.body).toBe(201);
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string };
    expect(url).toMatch(/\/embed\/edit\/ee_[A-Za-z0-9_-]{43}$/);
    const token = url.split('/embed/edit/')[1]!;
    expect(token).toMatch(editorTokenPattern);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const stored = (await t.database.db.execute(sql`select token_hash, request_id from editor_links where request_id = ${d.id}`)) as unknown as {
      rows: { token_hash: string; request_id: string }[];
    };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.token_hash).not.toContain(token.slice(3, 20));

    const read = await withToken(token, signatureEndpoints.get, { id: d.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.id).toBe(d.id);
    const context = await withToken(token, signatureEndpoints.editorContext, { id: d.id });
    expect(context.statusCode, context.body).toBe(200);
    expect(context.json().data).toMatchObject({ testMode: true, features: expect.objectContaining({ api: true }), expiresAt });
    const file = await withToken(token, signatureEndpoints.document, { id: d.id, docId: d.documents[0]!.id });
    expect(file.statusCode).toBe(200);
    expect(file.body.slice(0, 5)).toBe('%PDF-');

    const saved = await saveWith(token, d, { label: 'Edited in a frame', signers: [signer(0), signer(1)] });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await requestRow(t, d.id);
    expect(row.label).toBe('Edited in a frame');
    expect(row.status).toBe('draft');
    expect(saved.json().data.signers).toHaveLength(2);
  });

  it('the token reaches no other endpoint and no other request (data unchanged)', async () => {
    const d = await draft(t, a.client);
    const other = await draft(t, a.client, { label: 'Another draft' });
    const token = await tokenFor(d.id);
    const before = await t.snapshot();
    // Another draft of the same tenant, through the very endpoints the token may use: refused.
    expect((await withToken(token, signatureEndpoints.get, { id: other.id })).statusCode).toBe(403);
    expect((await withToken(token, signatureEndpoints.document, { id: other.id, docId: other.documents[0]!.id })).statusCode).toBe(403);
    expect((await saveWith(token, other, { label: 'Hijacked', signers: [signer(0)] })).statusCode).toBe(403);
    // Its own draft through any other endpoint: refused (401) — list, status, act, delete, duplicate, documents, the API, /me.
    const elsewhere: [EndpointSpec, Record<string, string>, unknown?][] = [
      [signatureEndpoints.list, {}],
      [signatureEndpoints.status, { id: d.id }],
      [signatureEndpoints.act, { id: d.id }, { action: 'send' }],
      [signatureEndpoints.delete, { id: d.id }],
      [signatureEndpoints.duplicate, { id: d.id }],
      [signatureEndpoints.documents, { id: d.id }],
      [signatureEndpoints.deleteDocument, { id: d.id, docId: d.documents[0]!.id }],
      [apiV1Endpoints.getRequest, { id: d.id }],
      [apiV1Endpoints.sendRequest, { id: d.id }],
      [apiV1Endpoints.editorLink, { id: d.id }],
      [apiKeyEndpoints.list, {}],
    ];
    for (const [endpoint, params, body] of elsewhere) {
      const res = await withToken(token, endpoint, params, { body });
      expect(res.statusCode, `${endpoint.method} ${endpoint.path}: ${res.body}`).toBe(401);
    }
    const me = await t.request({ method: 'GET', url: `/api/Users/${a.appId}/me`, headers: { authorization: `Embed ${token}` } });
    expect(me.statusCode).toBe(401);
    expect(await t.snapshot()).toBe(before);
    expect((await requestRow(t, other.id)).label).toBe('Another draft');
  });

  it('an expired token, a revoked key, a sent or deleted draft: refused; sending needs a key with the scope send', async () => {
    const d = await draft(t, a.client);
    const expiring = await tokenFor(d.id);
    await t.database.inSystem((tx) => tx.execute(sql`update editor_links set expires_at = now() - interval '1 second' where request_id = ${d.id}`));
    expect((await withToken(expiring, signatureEndpoints.get, { id: d.id })).statusCode).toBe(401);

    const revocable = await newKey(a.client, ['create']);
    const ofRevoked = await tokenFor(d.id, revocable.secret);
    expect((await withToken(ofRevoked, signatureEndpoints.get, { id: d.id })).statusCode).toBe(200);
    expect((await a.client.call('DELETE', pathOf(apiKeyEndpoints.revoke, { id: revocable.id }), 'application')).statusCode).toBe(200);
    expect((await withToken(ofRevoked, signatureEndpoints.get, { id: d.id })).statusCode).toBe(401);

    // A key without `send`: its editor saves but does not send.
    const saveOnly = await tokenFor(d.id, createOnlyA.secret);
    const before = await t.snapshot();
    const refused = await saveWith(saveOnly, d, { label: 'Sent?', signers: [signer(0)], send: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('send');
    expect(await t.snapshot()).toBe(before);

    const token = await tokenFor(d.id);
    const sent = await saveWith(token, d, { label: 'Sent from a frame', signers: [signer(0)], send: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await requestRow(t, d.id)).status).not.toBe('draft');
    // Sending ends the link (the editor edits drafts only).
    expect((await withToken(token, signatureEndpoints.get, { id: d.id })).statusCode).toBe(401);

    const deleted = await draft(t, a.client);
    const ofDeleted = await tokenFor(deleted.id);
    expect((await a.client.call('DELETE', pathOf(signatureEndpoints.delete, { id: deleted.id }), 'history')).statusCode).toBe(200);
    expect((await withToken(ofDeleted, signatureEndpoints.get, { id: deleted.id })).statusCode).toBe(401);
  });

  it("the hourly sweep deletes the links past their end, every tenant's, and keeps the live ones (which still work)", async () => {
    const ofA = await draft(t, a.client);
    const ofB = await draft(t, b.client);
    const endedA = await tokenFor(ofA.id);
    await tokenFor(ofB.id, keyB.secret);
    const live = await tokenFor(ofA.id);
    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    await t.database.inSystem((tx) =>
      tx.execute(sql`update editor_links set expires_at = now() - interval '1 minute' where token_hash = ${hashOf(endedA)} or request_id = ${ofB.id}`),
    );
    const count = async () =>
      Number(
        (
          (await t.database.db.execute(sql`select count(*)::int as n from editor_links where request_id in (${ofA.id}, ${ofB.id})`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    expect(await count()).toBe(3);
    const swept = await sweepEndedEditorLinks(t.server.platform);
    expect(swept.deleted).toBeGreaterThanOrEqual(2);
    expect(await count()).toBe(1);
    expect((await withToken(live, signatureEndpoints.get, { id: ofA.id })).statusCode).toBe(200);
    expect((await withToken(endedA, signatureEndpoints.get, { id: ofA.id })).statusCode).toBe(401);
  });

  it('GET /embed/edit/<token>: frame-ancestors of its tenant, the draft in the page; none for a tenant without origins or a dead token', async () => {
    const d = await draft(t, a.client);
    const token = await tokenFor(d.id);
    const page = (linkToken: string) => t.request({ method: 'GET', url: `/embed/edit/${linkToken}` });

    const without = await page(token);
    expect(without.statusCode).toBe(200);
    expect(frameAncestorsOf(without.headers['content-security-policy'])).toBe("'none'");
    expect(without.headers['x-frame-options']).toBe('DENY');

    await setOrigins(a.appId, ['https://shop.example.com', 'http://localhost:5173']);
    const framed = await page(token);
    expect(frameAncestorsOf(framed.headers['content-security-policy'])).toBe('https://shop.example.com http://localhost:5173');
    expect(framed.headers['x-frame-options']).toBeUndefined();
    expect(framed.headers['cache-control']).toBe('no-store');
    expect(framed.body).toContain(`<meta name="paraphe-embed-draft" content="${d.id}" />`);
    expect(framed.body).toContain('<meta name="paraphe-embed-origins" content="https://shop.example.com http://localhost:5173" />');

    // Tenant B lists other origins: its links are framed by those, never by A's.
    await setOrigins(b.appId, ['https://b.example.org']);
    const dB = await draft(t, b.client);
    const framedB = await page(await tokenFor(dB.id, keyB.secret));
    expect(frameAncestorsOf(framedB.headers['content-security-policy'])).toBe('https://b.example.org');

    for (const dead of ['ee_' + 'A'.repeat(43), 'nope', `${token.slice(0, -2)}zz`]) {
      const answer = await page(dead);
      expect(frameAncestorsOf(answer.headers['content-security-policy']), dead).toBe("'none'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.body).not.toContain('paraphe-embed-draft');
    }
  });
});
