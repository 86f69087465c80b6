import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiKeyEndpoints, apiV1TemplateEndpoints, pathOf, type RequestTemplate } from '@paraphe/contracts';
import { signatureEvents } from '../../src/domains/signatures/schema.ts';
import { requestTemplates } from '../../src/domains/request-templates/schema.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, makePdf, signer, placed, tenantWithGerant } from '../support/signatures.ts';
import { templateDefinition, templateForm } from '../support/template-factory.ts';

/** Reusable request templates (docs/templates.md): save, version, use, visibility, and the authorization ladder. */

const definition = templateDefinition;

describe(`request templates (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let manager: TestClient;
  let commercial: TestClient;
  let sibling: TestClient;
  let comptable: TestClient;
  let stranger: TestClient;
  let pdf: Uint8Array;
  let template: RequestTemplate;

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    const managerUser = await t.factory.user(tenant.appId, { profile: 'MANAGER', parentId: tenant.gerant.id });
    const commercialUser = await t.factory.user(tenant.appId, { profile: 'COMMERCIAL', parentId: managerUser.id });
    const siblingUser = await t.factory.user(tenant.appId, { profile: 'COMMERCIAL', parentId: tenant.gerant.id });
    const comptableUser = await t.factory.user(tenant.appId, { profile: 'COMPTABLE' });
    [manager, commercial, sibling, comptable] = (await Promise.all([managerUser, commercialUser, siblingUser, comptableUser].map((u) => t.login(u.email)))) as [
      TestClient,
      TestClient,
      TestClient,
      TestClient,
    ];
    stranger = (await tenantWithGerant(t)).client;
    pdf = await makePdf(2, 'Employment');
  });
  afterAll(async () => t?.close());

  it('creates a template from uploaded documents, roles and options (version 1) and serves it and its document', async () => {
    const res = await templateForm(t, manager, definition(), [{ fileName: 'contract.pdf', data: pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    template = res.json().data;
    expect(template).toMatchObject({ name: 'Employment contract', version: 1, visibility: 'private', useCount: 0, editable: true, level: 1 });
    expect(template.roles.map((r) => r.name)).toEqual(['Employee', 'HR director', 'Accountant']);
    expect(template.roles[2]).toMatchObject({ role: 'observer', step: null, prefill: null });
    expect(template.documents).toHaveLength(1);
    expect(template.documents[0]).toMatchObject({ title: 'Contract', pageCount: 2 });
    expect(template.documents[0]!.signatureFields.map((f) => f.signerIndex)).toEqual([0, 1]);

    const file = await manager.call('GET', `/api/request-templates/${template.id}/documents/${template.documents[0]!.id}`, 'history');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(Buffer.from(pdf))).toBe(true);

    const listed = (await manager.call('GET', '/api/request-templates?search=employment', 'history')).json();
    expect(listed.countAll).toBe(1);
    expect(listed.data[0]).toMatchObject({ id: template.id, roleNames: ['Employee', 'HR director', 'Accountant'], documentCount: 1 });
  });

  it('refuses a bad template with field errors and stores nothing', async () => {
    const before = await t.database.db.select().from(requestTemplates);
    const notJson = await templateForm(t, manager, '{oops', [{ fileName: 'contract.pdf', data: pdf }]);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.fields[0].field).toBe('template');
    const noRole = await templateForm(t, manager, definition({ roles: [{ name: 'Only' }] }), [{ fileName: 'contract.pdf', data: pdf }]);
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().error.fields[0].field).toBe('documents.0.signatureFields.1.signerIndex');
    const twice = await templateForm(t, manager, definition({ roles: [{ name: 'A' }, { name: 'a' }, { name: 'B' }] }), [
      { fileName: 'contract.pdf', data: pdf },
    ]);
    expect(twice.json().error.fields[0]).toMatchObject({ field: 'roles.1.name' });
    const missingFile = await templateForm(t, manager, definition(), []);
    expect(missingFile.statusCode).toBe(400);
    const notPdf = await templateForm(t, manager, definition(), [{ fileName: 'contract.pdf', data: new TextEncoder().encode('not a pdf') }]);
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.code).toBe('PDF_INVALID');
    expect(await t.database.db.select().from(requestTemplates)).toHaveLength(before.length);
  });

  it('makes a request from the template: each role its person, the prefilled one kept, provenance in the evidence', async () => {
    const res = await commercial.call('POST', `/api/request-templates/${template.id}/requests`, 'history', {
      roles: [
        { role: 'employee', firstname: 'Ali', lastname: 'Ben Salah', emailAddress: 'ali@example.com' },
        { role: 2, firstname: 'Cécile', lastname: 'Compta', emailAddress: 'compta@example.com' },
      ],
    });
    // The template is private: the commercial (under its author) does not see it.
    expect(res.statusCode).toBe(404);

    const made = await manager.call('POST', `/api/request-templates/${template.id}/requests`, 'history', {
      roles: [
        { role: 'employee', firstname: 'Ali', lastname: 'Ben Salah', emailAddress: 'ali@example.com' },
        { role: 2, firstname: 'Cécile', lastname: 'Compta', emailAddress: 'compta@example.com' },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const request = made.json().data;
    expect(request).toMatchObject({ label: 'Contract to sign', status: 'draft', level: 1 });
    expect(request.signers.map((s: { emailAddress: string; role: string; signerIndex: number }) => [s.signerIndex, s.emailAddress, s.role])).toEqual([
      [0, 'ali@example.com', 'signer'],
      [1, 'hr@example.com', 'signer'],
      [2, 'compta@example.com', 'observer'],
    ]);
    expect(request.documents[0].signatureFields.map((f: { signerIndex: number; page: number }) => [f.signerIndex, f.page])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    const [created] = await t.database.db
      .select()
      .from(signatureEvents)
      .where(and(eq(signatureEvents.requestId, request.id), eq(signatureEvents.type, 'created_from')));
    expect(created!.data).toEqual({ kind: 'template', templateId: template.id, templateName: 'Employment contract', templateVersion: 1 });
    expect((await manager.call('GET', `/api/request-templates/${template.id}`, 'history')).json().data.useCount).toBe(1);
  });

  it('refuses a use that leaves a role without anyone, names a role twice or gives two roles one e-mail, and creates nothing', async () => {
    const count = async () => (await manager.call('GET', '/api/transactions/count', 'history')).json().data.total;
    const before = await count();
    const missing = await manager.call('POST', `/api/request-templates/${template.id}/requests`, 'history', { roles: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['roles.0', 'roles.2']);
    const unknown = await manager.call('POST', `/api/request-templates/${template.id}/requests`, 'history', {
      roles: [{ role: 'Witness', firstname: 'A', lastname: 'B', emailAddress: 'w@example.com' }],
    });
    expect(unknown.json().error.fields[0]).toMatchObject({ field: 'roles.0.role' });
    const sameMail = await manager.call('POST', `/api/request-templates/${template.id}/requests`, 'history', {
      roles: [
        { role: 0, firstname: 'A', lastname: 'B', emailAddress: 'hr@example.com' },
        { role: 2, firstname: 'C', lastname: 'D', emailAddress: 'c@example.com' },
      ],
    });
    expect(sameMail.statusCode).toBe(400);
    expect(sameMail.json().error.message).toContain('same e-mail');
    // The field is the entry sent (its position in `roles`), the other person being the HR director's prefill.
    expect(sameMail.json().error.fields[0].field).toBe('roles.0.emailAddress');
    const noVersion = await manager.call('POST', `/api/request-templates/${template.id}/requests`, 'history', { version: 9, roles: [] });
    expect(noVersion.json().error.fields[0]).toMatchObject({ field: 'version' });
    expect(await count()).toBe(before);
  });

  it('saves a new version: kept document with moved fields, a new document; a request keeps the version it was made from', async () => {
    const second = await makePdf(1, 'Annex');
    const res = await templateForm(
      t,
      manager,
      definition({
        visibility: 'team',
        documents: [
          {
            documentId: template.documents[0]!.id,
            fileName: 'contract.pdf',
            title: 'Contract v2',
            signatureFields: [{ signerIndex: 0, page: 2, x: 50, y: 50 }],
          },
          { fileName: 'annex.pdf', title: 'Annex', signatureFields: [{ signerIndex: 1, page: 1, x: 10, y: 10 }] },
        ],
      }),
      [{ fileName: 'annex.pdf', data: second }],
      template.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    const v2: RequestTemplate = res.json().data;
    expect(v2).toMatchObject({ version: 2, visibility: 'team' });
    expect(v2.documents.map((d) => [d.title, d.sha256 === template.documents[0]!.sha256])).toEqual([
      ['Contract v2', true],
      ['Annex', false],
    ]);
    // Version 1 is still usable as it was.
    const old = await manager.call('POST', `/api/request-templates/${template.id}/requests`, 'history', {
      version: 1,
      roles: [
        { role: 0, firstname: 'Old', lastname: 'Version', emailAddress: 'old@example.com' },
        { role: 2, firstname: 'Obs', lastname: 'Erver', emailAddress: 'obs@example.com' },
      ],
    });
    expect(old.statusCode, old.body).toBe(201);
    expect(old.json().data.documents).toHaveLength(1);
    const current = await manager.call('POST', `/api/request-templates/${template.id}/requests`, 'history', {
      label: 'Named by the sender',
      roles: [
        { role: 0, firstname: 'New', lastname: 'Version', emailAddress: 'new@example.com' },
        { role: 2, firstname: 'Obs', lastname: 'Erver', emailAddress: 'obs@example.com' },
      ],
    });
    expect(current.json().data).toMatchObject({ label: 'Named by the sender' });
    expect(current.json().data.documents.map((d: { title: string }) => d.title)).toEqual(['Contract v2', 'Annex']);
    const versions = await t.database.db
      .select({ type: signatureEvents.type, data: signatureEvents.data })
      .from(signatureEvents)
      .where(eq(signatureEvents.type, 'created_from'));
    expect(versions.map((v) => (v.data as { templateVersion: number }).templateVersion).sort()).toEqual([1, 1, 2]);
    template = v2;
  });

  it('visibility follows the hierarchy: team = the author, those above and those below; private = author and above; tenant = all', async () => {
    const seen = async (client: TestClient) => (await client.call('GET', '/api/request-templates', 'history')).json().countAll as number;
    // team: the commercial under the manager sees it; the sibling (not under the manager) does not.
    expect(await seen(commercial)).toBe(1);
    expect(await seen(sibling)).toBe(0);
    expect(await seen(gerant)).toBe(1);
    // Seeing is not editing: only the author and those above.
    const commercialView = (await commercial.call('GET', `/api/request-templates/${template.id}`, 'history')).json().data;
    expect(commercialView.editable).toBe(false);
    expect((await commercial.call('POST', `/api/request-templates/${template.id}/archive`, 'history')).statusCode).toBe(403);
    expect((await gerant.call('GET', `/api/request-templates/${template.id}`, 'history')).json().data.editable).toBe(true);

    const tenantWide = await templateForm(t, sibling, definition({ name: 'For everyone', visibility: 'tenant' }), [{ fileName: 'contract.pdf', data: pdf }]);
    expect(tenantWide.statusCode).toBe(201);
    expect(await seen(commercial)).toBe(2);
    expect(await seen(manager)).toBe(2);
    const mine = (await manager.call('GET', '/api/request-templates?mine=1', 'history')).json();
    expect(mine.data.map((d: { name: string }) => d.name)).toEqual(['Employment contract']);
    expect(await seen(stranger)).toBe(0);
  });

  it('saves a request as a template (people kept on request), duplicates, archives and restores', async () => {
    const source = await draft(t, commercial, {
      label: 'Lease',
      signers: [signer(0, { emailAddress: 'tenant@example.com' }), signer(1, { role: 'observer' })],
      documents: [placed('contract.pdf', [0])],
    });
    const saved = await commercial.call('POST', '/api/request-templates/from-request', 'history', { requestId: source.id, name: 'Lease', keepPeople: true });
    expect(saved.statusCode, saved.body).toBe(201);
    const lease: RequestTemplate = saved.json().data;
    expect(lease.roles.map((r) => [r.name, r.role, r.prefill?.emailAddress])).toEqual([
      ['Signer 1', 'signer', 'tenant@example.com'],
      ['Observer 1', 'observer', expect.stringContaining('@example.com')],
    ]);
    expect(lease).toMatchObject({ requestLabel: 'Lease', version: 1 });
    // Every role prefilled: a request needs nothing more.
    const again = await commercial.call('POST', `/api/request-templates/${lease.id}/requests`, 'history', { send: true });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.status).toBe('pending');
    // Someone else's request: 404.
    expect((await sibling.call('POST', '/api/request-templates/from-request', 'history', { requestId: source.id, name: 'X' })).statusCode).toBe(404);

    const copy = await gerant.call('POST', `/api/request-templates/${lease.id}/duplicate`, 'history');
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({ name: 'Lease (copy)', visibility: 'private', version: 1, editable: true });

    expect((await commercial.call('POST', `/api/request-templates/${lease.id}/archive`, 'history')).json().data.archivedAt).not.toBeNull();
    const archivedUse = await commercial.call('POST', `/api/request-templates/${lease.id}/requests`, 'history', {});
    expect(archivedUse.statusCode).toBe(409);
    expect((await commercial.call('GET', '/api/request-templates?state=archived', 'history')).json().data.map((d: { id: string }) => d.id)).toEqual([lease.id]);
    expect((await commercial.call('POST', `/api/request-templates/${lease.id}/restore`, 'history')).json().data.archivedAt).toBeNull();
  });

  it('authorization ladder: 401 without a token, 403 without the right, another tenant 404 and unchanged', async () => {
    const id = template.id;
    const docId = template.documents[0]!.id;
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/request-templates'],
      ['GET', `/api/request-templates/${id}`],
      ['POST', '/api/request-templates/from-request', { requestId: id, name: 'x' }],
      ['POST', `/api/request-templates/${id}/duplicate`],
      ['POST', `/api/request-templates/${id}/archive`],
      ['POST', `/api/request-templates/${id}/restore`],
      ['GET', `/api/request-templates/${id}/documents/${docId}`],
      ['POST', `/api/request-templates/${id}/requests`, { roles: [] }],
    ];
    for (const [method, url] of [...routes, ['POST', '/api/request-templates'], ['PUT', `/api/request-templates/${id}`]] as const) {
      expect((await t.request({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [method, url, body] of routes) {
      expect((await comptable.call(method, url, 'history', body)).statusCode, `COMPTABLE ${method} ${url}`).toBe(403);
    }
    const before = await t.database.db.select().from(requestTemplates).where(eq(requestTemplates.id, id));
    for (const [method, url, body] of routes.slice(1, -1)) {
      if (url.endsWith('from-request')) continue;
      expect((await stranger.call(method, url, 'history', body)).statusCode, `other tenant ${method} ${url}`).toBe(404);
    }
    expect((await stranger.call('POST', `/api/request-templates/${id}/requests`, 'history', { roles: [] })).statusCode).toBe(404);
    expect((await templateForm(t, stranger, definition(), [{ fileName: 'contract.pdf', data: pdf }], id)).statusCode).toBe(404);
    expect(await t.database.db.select().from(requestTemplates).where(eq(requestTemplates.id, id))).toEqual(before);
  });

  it('/api/v1/templates: a key sees the tenant-wide templates, reads one and makes a request from it (scopes apply)', async () => {
    const api = await tenantWithGerant(t, { features: { api: true } });
    const shared = await templateForm(t, api.client, definition({ name: 'API contract', visibility: 'tenant' }), [{ fileName: 'contract.pdf', data: pdf }]);
    // A colleague's private template: not the key's (a key sees the tenant-wide ones and its creator's own).
    const colleague = await t.login((await t.factory.user(api.appId, { profile: 'COMMERCIAL', parentId: api.gerant.id })).email);
    const hidden = await templateForm(t, colleague, definition({ name: 'Private one' }), [{ fileName: 'contract.pdf', data: pdf }]);
    expect([shared.statusCode, hidden.statusCode]).toEqual([201, 201]);
    const newKey = async (scopes: string[]) =>
      (await api.client.call('POST', pathOf(apiKeyEndpoints.create), 'application', { label: scopes.join('+'), scopes })).json().data.secret as string;
    const reader = await newKey(['read']);
    const creator = await newKey(['read', 'create']);
    const listed = await t.request({ method: 'GET', url: pathOf(apiV1TemplateEndpoints.listTemplates), token: reader });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ total: 1, data: [{ name: 'API contract', roleNames: ['Employee', 'HR director', 'Accountant'] }] });
    const id = listed.json().data[0].id as string;
    const one = await t.request({ method: 'GET', url: pathOf(apiV1TemplateEndpoints.getTemplate, { id }), token: reader });
    expect(one.json()).toMatchObject({ id, version: 1, roles: [{ name: 'Employee' }, { name: 'HR director' }, { name: 'Accountant' }] });
    const privateId = hidden.json().data.id as string;
    expect((await t.request({ method: 'GET', url: pathOf(apiV1TemplateEndpoints.getTemplate, { id: privateId }), token: reader })).statusCode).toBe(404);

    const body = {
      send: true,
      roles: [
        { role: 'Employee', firstname: 'Api', lastname: 'Person', emailAddress: 'api.person@example.com' },
        { role: 'Accountant', firstname: 'Obs', lastname: 'Erver', emailAddress: 'obs.api@example.com' },
      ],
    };
    const url = pathOf(apiV1TemplateEndpoints.createRequestFromTemplate, { id });
    expect((await t.request({ method: 'POST', url, token: reader, body })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url, body })).statusCode).toBe(401);
    const made = await t.request({ method: 'POST', url, token: creator, body });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      status: 'pending',
      label: 'Contract to sign',
      signers: expect.arrayContaining([expect.objectContaining({ emailAddress: 'api.person@example.com' })]),
    });
    const invalid = await t.request({ method: 'POST', url, token: creator, body: { roles: [] } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toContain('application/problem+json');
    // Another tenant's key: 404.
    const otherKey = (
      await (
        await tenantWithGerant(t, { features: { api: true } })
      ).client.call('POST', pathOf(apiKeyEndpoints.create), 'application', {
        label: 'other',
        scopes: ['read', 'create'],
      })
    ).json().data.secret as string;
    expect((await t.request({ method: 'GET', url: pathOf(apiV1TemplateEndpoints.getTemplate, { id }), token: otherKey })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url, token: otherKey, body })).statusCode).toBe(404);
  });
});
