import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  apiKeyEndpoints,
  apiV1TemplateEndpoints,
  pathOf,
  requestTemplateEndpoints,
  signatureEndpoints,
  type EndpointSpec,
  type RequestTemplate,
} from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { makePdf, multipartBody, tenantWithGerant } from '../support/signatures.ts';
import { templateDefinition, templateForm } from '../support/template-factory.ts';

/** The template editor embedded (docs/embedding.md): its link from /api/v1, its token on its template's editing calls only, its page. */
const indexHtml = '<!doctype html>\n<html lang="fr">\n  <head>\n    <title>Paraphe</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const frameAncestorsOf = (csp: unknown) => /(?:^|;\s*)frame-ancestors ([^;]*)/.exec(String(csp))?.[1];
const metaOf = (html: string) => /<meta name="paraphe-embed-template" content="([^"]*)"/.exec(html)?.[1];

type Tenant = { appId: string; client: TestClient };

describe(`the template editor embedded: its link and its token (${engine})`, () => {
  let t: TestContext;
  let webDist: string;
  let a: Tenant;
  let b: Tenant;
  let keyA: { id: string; secret: string };
  let readOnlyA: { id: string; secret: string };
  let keyB: { id: string; secret: string };
  let pdf: Uint8Array;
  let shared: RequestTemplate;
  let other: RequestTemplate;
  let ofB: RequestTemplate;

  async function newKey(client: TestClient, scopes: string[]) {
    const res = await client.call('POST', pathOf(apiKeyEndpoints.create), 'application', { label: `key ${scopes.join('+')}`, scopes });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; secret: string };
  }
  async function template(client: TestClient, name: string) {
    const res = await templateForm(t, client, templateDefinition({ name, visibility: 'tenant' }), [{ fileName: 'contract.pdf', data: pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as RequestTemplate;
  }
  const editorLink = (body: unknown, key?: string) => t.request({ method: 'POST', url: pathOf(apiV1TemplateEndpoints.templateEditorLink), token: key, body });
  async function tokenFor(templateId: string | undefined, key = keyA.secret) {
    const res = await editorLink(templateId ? { templateId } : {}, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().url).toMatch(/\/embed\/template\/ee_/);
    return new URL(res.json().url as string).pathname.split('/embed/template/')[1]!;
  }
  const withToken = (
    token: string,
    endpoint: EndpointSpec,
    params: Record<string, string> = {},
    extra: { body?: unknown; headers?: Record<string, string> } = {},
  ) => t.request({ method: endpoint.method, url: pathOf(endpoint, params), body: extra.body, headers: { authorization: `Embed ${token}`, ...extra.headers } });
  /** Saves through the token as the embedded editor does: POST (a new template) or PUT (a new version of `id`). */
  const saveWith = (token: string, name: string, id?: string, withFile = true) => {
    const documents = id ? [{ ...templateDefinition().documents[0]!, documentId: undefined }] : templateDefinition().documents;
    const { payload, headers } = multipartBody([
      { name: 'template', value: JSON.stringify(templateDefinition({ name, visibility: 'tenant', documents })) },
      ...(withFile ? [{ name: 'files', fileName: 'contract.pdf', contentType: 'application/pdf', data: pdf }] : []),
    ]);
    return withToken(token, id ? requestTemplateEndpoints.update : requestTemplateEndpoints.create, id ? { id } : {}, { body: payload, headers });
  };
  const page = (token: string, prefix = '/embed/template/') => t.request({ method: 'GET', url: `${prefix}${token}` });

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-template-editor-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    t = await createTestContext({ env: { WEB_DIST: webDist } });
    a = await tenantWithGerant(t, { features: { api: true }, testMode: true });
    b = await tenantWithGerant(t, { features: { api: true } });
    await t.database.inSystem((tx) =>
      tx.execute(sql`update applications set settings = jsonb_set(settings, '{embedOrigins}', '["http://localhost:4000"]'::jsonb) where id = ${a.appId}`),
    );
    keyA = await newKey(a.client, ['read', 'create']);
    readOnlyA = await newKey(a.client, ['read']);
    keyB = await newKey(b.client, ['read', 'create']);
    pdf = await makePdf(2, 'Employment');
    shared = await template(a.client, 'Lease');
    other = await template(a.client, 'Other');
    ofB = await template(b.client, 'Of B');
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("POST /api/v1/templates/editor-link: 401 without a key, 403 without the scope create, 404 another tenant's template, 409 archived, 400 a bad body; nothing stored", async () => {
    const before = await t.snapshot();
    expect((await editorLink({ templateId: shared.id })).statusCode).toBe(401);
    expect((await editorLink({ templateId: shared.id }, readOnlyA.secret)).statusCode).toBe(403);
    expect((await editorLink({ templateId: ofB.id }, keyA.secret)).statusCode).toBe(404);
    expect((await editorLink({ templateId: 'not-a-uuid' }, keyA.secret)).statusCode).toBe(400);
    expect((await editorLink({ templateId: shared.id, extra: 1 }, keyA.secret)).statusCode).toBe(400);
    expect(await t.snapshot()).toBe(before);

    const archivable = await template(a.client, 'To archive');
    expect((await a.client.call('POST', pathOf(requestTemplateEndpoints.archive, { id: archivable.id }), 'history')).statusCode).toBe(200);
    const archived = await editorLink({ templateId: archivable.id }, keyA.secret);
    expect(archived.statusCode).toBe(409);
  });

  it("a template's token reads it, its documents and the context, saves a new version; another template 403, every other endpoint 401", async () => {
    const token = await tokenFor(shared.id);
    const stored = (await t.database.db.execute(sql`select token_hash, kind, template_id from editor_links where template_id = ${shared.id}`)) as unknown as {
      rows: { token_hash: string; kind: string; template_id: string }[];
    };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.token_hash).not.toContain(token.slice(3));
    expect(stored.rows[0]!.kind).toBe('template');

    const read = await withToken(token, requestTemplateEndpoints.get, { id: shared.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.name).toBe('Lease');
    const file = await withToken(token, requestTemplateEndpoints.document, { id: shared.id, docId: shared.documents[0]!.id });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const context = await withToken(token, requestTemplateEndpoints.editorContext);
    expect(context.statusCode, context.body).toBe(200);
    expect(context.json().data).toMatchObject({ testMode: true });
    expect(Date.parse(context.json().data.expiresAt)).toBeGreaterThan(Date.now());

    const saved = await saveWith(token, 'Lease v2', shared.id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ id: shared.id, version: 2, name: 'Lease v2' });

    const before = await t.snapshot();
    expect((await withToken(token, requestTemplateEndpoints.get, { id: other.id })).statusCode).toBe(403);
    expect((await saveWith(token, 'Hijacked', other.id)).statusCode).toBe(403);
    expect((await saveWith(token, 'A new one')).statusCode).toBe(403);
    for (const [endpoint, params] of [
      [requestTemplateEndpoints.list, {}],
      [requestTemplateEndpoints.archive, { id: shared.id }],
      [requestTemplateEndpoints.duplicate, { id: shared.id }],
      [requestTemplateEndpoints.use, { id: shared.id }],
      [signatureEndpoints.list, {}],
      [signatureEndpoints.get, { id: shared.id }],
      [apiKeyEndpoints.list, {}],
      [apiV1TemplateEndpoints.listTemplates, {}],
    ] as [EndpointSpec, Record<string, string>][]) {
      const res = await withToken(token, endpoint, params, { body: endpoint.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
    }
    expect(await t.snapshot()).toBe(before);
  });

  it("a new template's token creates one template, then opens that one only", async () => {
    const token = await tokenFor(undefined);
    expect((await withToken(token, requestTemplateEndpoints.editorContext)).statusCode).toBe(200);
    expect((await withToken(token, requestTemplateEndpoints.get, { id: shared.id })).statusCode).toBe(403);
    const html = await page(token);
    expect(metaOf(html.body)).toBe('new');

    const created = await saveWith(token, 'Made in a frame');
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expect((await page(token)).body).toContain(`content="${id}"`);
    expect((await withToken(token, requestTemplateEndpoints.get, { id })).statusCode).toBe(200);
    const again = await saveWith(token, 'Made twice');
    expect(again.statusCode).toBe(403);
    const version = await saveWith(token, 'Made in a frame, v2', id);
    expect(version.statusCode, version.body).toBe(200);
    expect(version.json().data.version).toBe(2);
    const names = (await a.client.call('GET', `${pathOf(requestTemplateEndpoints.list)}?search=Made`, 'history'))
      .json()
      .data.map((r: RequestTemplate) => r.name);
    expect(names).toEqual(['Made in a frame, v2']);
  });

  it("two first saves of a new template's token at once make one template (the link is bound in its transaction)", async () => {
    const token = await tokenFor(undefined);
    const results = await Promise.all([saveWith(token, 'Raced A'), saveWith(token, 'Raced B')]);
    const codes = results.map((r) => r.statusCode).sort();
    // The second save either waits for the first's bind (409) or arrives once the link is bound (403): never a second 201.
    expect(codes[0]).toBe(201);
    expect([403, 409]).toContain(codes[1]);
    const names = (await a.client.call('GET', `${pathOf(requestTemplateEndpoints.list)}?search=Raced`, 'history'))
      .json()
      .data.map((r: RequestTemplate) => r.name);
    expect(names).toHaveLength(1);
  });

  it('ended links: archived template, expired, key revoked; a draft editor route refuses a template token and the other way round', async () => {
    const archivable = await template(a.client, 'Archived later');
    const token = await tokenFor(archivable.id);
    expect((await withToken(token, requestTemplateEndpoints.get, { id: archivable.id })).statusCode).toBe(200);
    expect((await a.client.call('POST', pathOf(requestTemplateEndpoints.archive, { id: archivable.id }), 'history')).statusCode).toBe(200);
    expect((await withToken(token, requestTemplateEndpoints.get, { id: archivable.id })).statusCode).toBe(401);

    const expiring = await tokenFor(shared.id);
    await t.database.inSystem((tx) => tx.execute(sql`update editor_links set expires_at = now() - interval '1 second' where template_id = ${shared.id}`));
    expect((await withToken(expiring, requestTemplateEndpoints.get, { id: shared.id })).statusCode).toBe(401);

    const revocable = await newKey(a.client, ['create']);
    const ofRevoked = await tokenFor(shared.id, revocable.secret);
    expect((await withToken(ofRevoked, requestTemplateEndpoints.get, { id: shared.id })).statusCode).toBe(200);
    expect((await a.client.call('DELETE', pathOf(apiKeyEndpoints.revoke, { id: revocable.id }), 'application')).statusCode).toBe(200);
    expect((await withToken(ofRevoked, requestTemplateEndpoints.get, { id: shared.id })).statusCode).toBe(401);

    // Another tenant's key cannot reach A's template, even with a live token of its own.
    const ofTenantB = await tokenFor(ofB.id, keyB.secret);
    expect((await withToken(ofTenantB, requestTemplateEndpoints.get, { id: shared.id })).statusCode).toBe(403);
    // The draft editor's page does not open a template token.
    const live = await tokenFor(shared.id);
    expect(frameAncestorsOf((await page(live, '/embed/edit/')).headers['content-security-policy'])).toBe("'none'");
  });

  it('GET /embed/template/<token>: frame-ancestors of its tenant, the template in the page; none for a dead token or a tenant without origins', async () => {
    const token = await tokenFor(shared.id);
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(frameAncestorsOf(res.headers['content-security-policy'])).toBe('http://localhost:4000');
    expect(metaOf(res.body)).toBe(shared.id);

    const dead = await page(`ee_${'x'.repeat(43)}`);
    expect(frameAncestorsOf(dead.headers['content-security-policy'])).toBe("'none'");
    expect(dead.headers['x-frame-options']).toBe('DENY');
    expect(metaOf(dead.body)).toBeUndefined();

    const ofTenantB = await tokenFor(ofB.id, keyB.secret);
    expect(frameAncestorsOf((await page(ofTenantB)).headers['content-security-policy'])).toBe("'none'");
  });
});
