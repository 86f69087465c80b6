import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { documentVersions, signatureRequests } from '../../src/domains/signatures/schema.ts';
import { outboxMessages } from '../../src/platform/db/schema/messaging.ts';
import { verifyEventChain } from '../../src/domains/signatures/index.ts';
import { runPurge } from '../../src/domains/gdpr/index.ts';
import { exportQueue } from '../../src/domains/gdpr/export.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { makePdf, messagesTo, requestRow, signer, signerRows, tenantWithGerant } from '../support/signatures.ts';
import { sentRequest } from '../support/signing-flow.ts';
import { templateDefinition, templateForm } from '../support/template-factory.ts';
import { requestTemplateVersions } from '../../src/domains/request-templates/schema.ts';

const monthsAgo = (months: number) => new Date(Date.now() - months * 31 * 86_400_000);

describe(`GDPR: retention purge, export, erasure (${engine})`, () => {
  let t: TestContext;
  let a: Awaited<ReturnType<typeof tenantWithGerant>>;
  let b: Awaited<ReturnType<typeof tenantWithGerant>>;
  let commercial: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    a = await tenantWithGerant(t);
    b = await tenantWithGerant(t);
    const user = await t.factory.user(a.appId, { profile: 'COMMERCIAL', parentId: a.gerant.id });
    commercial = await t.login(user.email);
  });
  afterAll(async () => t?.close());

  const gdpr = (client: TestClient, method: string, path: string, body?: unknown) => client.call(method, `/api/gdpr/${path}`, 'application', body);

  /** A sent request forced to `completed` `months` ago, with a signed version, an archive and an evidence file stored. */
  async function finishedRequest(client: TestClient, appId: string, months: number, email?: string) {
    const request = await sentRequest(t, client, { signers: [signer(0, email ? { emailAddress: email } : {})] });
    const at = monthsAgo(months);
    const docId = request.documents[0]!.id;
    const signedKey = `${appId}/signed-${request.id}.pdf`;
    const archiveKey = `${appId}/archive-${request.id}.zip`;
    const attestationKey = `${appId}/attestation-${request.id}.pdf`;
    for (const key of [signedKey, archiveKey, attestationKey]) await t.server.platform.storage.put(key, Buffer.from(`%PDF-1.7 ${key}`));
    await t.database.inSystem(async (tx) => {
      await tx
        .insert(documentVersions)
        .values({ appId, documentId: docId, version: 50, kind: 'completed', storageKey: signedKey, sha256: 'a'.repeat(64), sizeBytes: 20 });
      await tx
        .update(signatureRequests)
        .set({ status: 'completed', completedAt: at, updatedAt: at, archiveKey, attestationKey })
        .where(eq(signatureRequests.id, request.id));
      await tx.execute(sql`update signers set status = 'signed', action_at = ${at.toISOString()} where request_id = ${request.id}`);
    });
    return { ...request, docId, keys: { signedKey, archiveKey, attestationKey } };
  }

  it('ladders: 401 without a session, 403 without settings.gdpr, defaults, and the evidence minimum', async () => {
    expect((await t.request({ method: 'GET', url: '/api/gdpr/settings' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/gdpr/erasures', body: { email: 'x@example.com' } })).statusCode).toBe(401);
    const before = await t.snapshot();
    for (const [method, path, body] of [
      ['GET', 'settings'],
      ['PUT', 'settings', { finishedDocumentsMonths: 1, signerDataMonths: 1, staleContactsMonths: 1, evidenceMonths: 60 }],
      ['GET', 'requests'],
      ['POST', 'exports', { email: 'x@example.com' }],
      ['POST', 'erasures', { email: 'x@example.com' }],
    ] as const) {
      const res = await gdpr(commercial, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await t.snapshot()).toBe(before);

    const defaults = await gdpr(a.client, 'GET', 'settings');
    expect(defaults.json().data).toMatchObject({
      finishedDocumentsMonths: 60,
      signerDataMonths: 60,
      staleContactsMonths: 36,
      evidenceMonths: 120,
      evidenceMinimumMonths: 60,
      updatedAt: null,
    });
    const tooShort = await gdpr(a.client, 'PUT', 'settings', { finishedDocumentsMonths: 1, signerDataMonths: 1, staleContactsMonths: 1, evidenceMonths: 12 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.fields[0]).toMatchObject({ field: 'evidenceMonths' });
    const saved = await gdpr(a.client, 'PUT', 'settings', { finishedDocumentsMonths: 2, signerDataMonths: 2, staleContactsMonths: 2, evidenceMonths: 60 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.updatedAt).not.toBeNull();
  });

  it('purges a finished request past retention (files gone → 410, hashes and chain kept), not one in progress nor another tenant, once', async () => {
    const old = await finishedRequest(a.client, a.appId, 4);
    const recent = await finishedRequest(a.client, a.appId, 1);
    const inProgress = await sentRequest(t, a.client, {});
    await t.database.inSystem((tx) =>
      tx
        .update(signatureRequests)
        .set({ createdAt: monthsAgo(12), updatedAt: monthsAgo(12) })
        .where(eq(signatureRequests.id, inProgress.id)),
    );
    const otherTenant = await finishedRequest(b.client, b.appId, 4);
    // Copies sealed before signing: `old`'s own, and one shared with `recent` (a campaign's seal, made once).
    const ownSealKey = `${a.appId}/stamp-own-${old.id}.pdf`;
    const sharedSealKey = `${a.appId}/stamp-shared-${old.id}.pdf`;
    for (const key of [ownSealKey, sharedSealKey]) await t.server.platform.storage.put(key, Buffer.from(`%PDF-1.7 ${key}`));
    await t.database.inSystem((tx) =>
      tx.insert(documentVersions).values([
        { appId: a.appId, documentId: old.docId, version: 40, kind: 'sealed', storageKey: ownSealKey, sha256: 'b'.repeat(64), sizeBytes: 20 },
        { appId: a.appId, documentId: old.docId, version: 41, kind: 'sealed', storageKey: sharedSealKey, sha256: 'c'.repeat(64), sizeBytes: 20 },
        { appId: a.appId, documentId: recent.docId, version: 41, kind: 'sealed', storageKey: sharedSealKey, sha256: 'c'.repeat(64), sizeBytes: 20 },
      ]),
    );
    const originalKey = (await t.database.db.execute(sql`select storage_key from signature_documents where request_id = ${old.id}`)) as unknown as {
      rows: { storage_key: string }[];
    };

    const oldSignerEmail = old.signers[0]!.email;
    await t.waitFor(async () => (await messagesTo(t, oldSignerEmail)).every((m) => m.status !== 'queued' && m.status !== 'retrying'));
    expect(await messagesTo(t, oldSignerEmail)).not.toHaveLength(0);
    const report = await runPurge(t.server.platform);
    expect(report).toMatchObject({ requests: 2 }); // documents and signer data of `old` (evidence: 60 months)

    const row = await requestRow(t, old.id);
    expect(row.documentsPurgedAt).toBeInstanceOf(Date);
    expect(row.signerDataPurgedAt).toBeInstanceOf(Date);
    expect(row.evidencePurgedAt).toBeNull();
    for (const key of [old.keys.signedKey, old.keys.archiveKey, originalKey.rows[0]!.storage_key, ownSealKey])
      expect(await t.server.platform.storage.exists(key), key).toBe(false);
    expect(await t.server.platform.storage.exists(sharedSealKey), 'still sealed for a request not purged').toBe(true);
    expect(await t.server.platform.storage.exists(old.keys.attestationKey)).toBe(true);
    const download = await a.client.call('GET', `/api/transactions/${old.id}/documents/${old.docId}`, 'history');
    expect(download.statusCode).toBe(410);
    expect(download.json().error.code).toBe('DOCUMENT_PURGED');
    const view = (await a.client.call('GET', `/api/transactions/${old.id}`, 'history')).json().data;
    expect(view.documentsPurgedAt).toBe(row.documentsPurgedAt!.toISOString());
    expect(view.signers[0].emailAddress).toMatch(/^erased-[0-9a-f]{16}@erased\.invalid$/);
    expect(await messagesTo(t, oldSignerEmail)).toHaveLength(0); // the invitation's recipient and text are erased too
    // What proves the signature stays: the versions' SHA-256 and the event chain.
    const [version] = await t.database.db
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.documentId, old.docId), eq(documentVersions.kind, 'completed')));
    expect(version!.sha256).toBe('a'.repeat(64));
    expect(await t.database.inTenant(a.appId, (tx) => verifyEventChain(tx, a.appId, old.id))).toMatchObject({ valid: true, brokenAt: null });

    for (const id of [recent.id, inProgress.id, otherTenant.id]) expect((await requestRow(t, id)).documentsPurgedAt, id).toBeNull();
    expect((await signerRows(t, otherTenant.id))[0]!.email).not.toMatch(/^erased-/);
    expect(await t.server.platform.storage.exists(otherTenant.keys.signedKey)).toBe(true);

    const settings = (await gdpr(a.client, 'GET', 'settings')).json().data;
    expect(settings.lastPurgeAt).not.toBeNull();
    const before = await t.snapshot();
    expect(await runPurge(t.server.platform)).toMatchObject({ requests: 0, files: 0, signers: 0 });
    expect(await t.snapshot()).toBe(before);
    // The last request sharing the seal is purged: the shared file goes with it.
    await t.database.inSystem((tx) =>
      tx
        .update(signatureRequests)
        .set({ completedAt: monthsAgo(4) })
        .where(eq(signatureRequests.id, recent.id)),
    );
    await runPurge(t.server.platform);
    expect(await t.server.platform.storage.exists(sharedSealKey)).toBe(false);
  });

  it("exports a person's data as a zip mailed to the requester, within the tenant only", async () => {
    const email = `person-${Date.now().toString(36)}@example.com`;
    expect((await a.client.call('POST', '/api/persons', 'phonebook', { mail: email, firstname: 'Paula', lastname: 'Person' })).statusCode).toBe(201);
    expect((await b.client.call('POST', '/api/persons', 'phonebook', { mail: email, firstname: 'Other', lastname: 'Tenant' })).statusCode).toBe(201);
    const finished = await finishedRequest(a.client, a.appId, 0, email);

    const res = await gdpr(a.client, 'POST', 'exports', { email: email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ kind: 'export', status: 'queued', subject: `p•••@example.com` });
    const mail = await t.waitFor(async () => (await messagesTo(t, a.gerant.email, 'gdpr-export-ready'))[0], 20_000);
    const link = /https?:\/\/\S+\/api\/public\/gdpr-exports\/([A-Za-z0-9_-]+)/.exec(mail.text)!;
    const zip = await t.request({ method: 'GET', url: `/api/public/gdpr-exports/${link[1]}` });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const person = JSON.parse(Buffer.from(files['person.json']!).toString());
    expect(person.contacts).toEqual([expect.objectContaining({ mail: email, firstname: 'Paula' })]);
    expect(person.signatures).toEqual([expect.objectContaining({ requestId: finished.id, status: 'signed' })]);
    expect(Object.keys(files).filter((f) => f.startsWith('documents/'))).toHaveLength(1);
    expect(Buffer.from(files['contacts.csv']!).toString()).toContain('Paula');
    expect(Buffer.from(files['contacts.csv']!).toString()).not.toContain('Other');
    const [history] = (await gdpr(a.client, 'GET', 'requests')).json().data;
    expect(history).toMatchObject({ kind: 'export', status: 'ready', counts: { contacts: 1, signers: 1, requests: 1, documents: 1 } });
    expect(await t.jobCount(exportQueue)).toBeGreaterThan(0);

    t.now.value = new Date(Date.now() + 31 * 86_400_000);
    try {
      const expired = await t.request({ method: 'GET', url: `/api/public/gdpr-exports/${link[1]}` });
      expect(expired.statusCode).toBe(410);
    } finally {
      t.now.value = undefined;
    }
    expect((await t.request({ method: 'GET', url: `/api/public/gdpr-exports/${'x'.repeat(43)}` })).statusCode).toBe(404);
  });

  it('refuses an erasure while the person signs a request in progress, then erases contacts and finished requests', async () => {
    const email = `erase-${Date.now().toString(36)}@example.com`;
    await a.client.call('POST', '/api/persons', 'phonebook', { mail: email, firstname: 'Erin', lastname: 'Erased' });
    await b.client.call('POST', '/api/persons', 'phonebook', { mail: email, firstname: 'Kept', lastname: 'InB' });
    const finished = await finishedRequest(a.client, a.appId, 0, email);
    const running = await sentRequest(t, a.client, { label: 'Still running', signers: [signer(0, { emailAddress: email })] });

    const before = await t.snapshot();
    const refused = await gdpr(a.client, 'POST', 'erasures', { email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Still running');
    expect(refused.json().error.details.requests).toEqual([expect.objectContaining({ id: running.id })]);
    expect(await t.snapshot()).toBe(before);

    await t.database.inSystem((tx) =>
      tx.update(signatureRequests).set({ status: 'canceled', canceledAt: new Date() }).where(eq(signatureRequests.id, running.id)),
    );
    // Let the invitations be captured first: this test is about delivered mails (a waiting one: the next test).
    await t.waitFor(async () => (await messagesTo(t, email)).every((m) => m.status !== 'queued' && m.status !== 'retrying'));
    const done = await gdpr(a.client, 'POST', 'erasures', { email });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ kind: 'erasure', status: 'done', counts: { contacts: 1, signers: 2, requests: 2 } });
    for (const id of [finished.id, running.id])
      expect((await signerRows(t, id))[0]).toMatchObject({ email: expect.stringMatching(/@erased\.invalid$/), phone: null });
    expect(done.json().data.counts.messages).toBeGreaterThan(0);
    expect(await messagesTo(t, email)).toHaveLength(0);
    expect((await a.client.call('GET', `/api/persons?search=${encodeURIComponent(email)}`, 'phonebook')).json().data).toHaveLength(0);
    expect((await b.client.call('GET', `/api/persons?search=${encodeURIComponent(email)}`, 'phonebook')).json().data).toHaveLength(1);
    const audits = (await t.database.db.execute(sql`select data from audit_events where action = 'gdpr.erased' and app_id = ${a.appId}`)) as unknown as {
      rows: { data: Record<string, unknown> }[];
    };
    expect(audits.rows).toHaveLength(1);
    expect(JSON.stringify(audits.rows[0]!.data)).not.toContain(email);
  });

  it("a person prefilled in request templates: in their access export, and emptied from every version by an erasure (not another tenant's)", async () => {
    const email = `prefilled-${Date.now().toString(36)}@example.com`;
    const pdf = await makePdf(2, 'Template');
    const withPerson = (name: string) =>
      templateDefinition({
        name,
        roles: [
          { name: 'Employee', role: 'signer' },
          {
            name: 'HR director',
            role: 'signer',
            prefill: { firstname: 'Hugo', lastname: 'Prefilled', emailAddress: email.toUpperCase(), phoneNum: '+33 6 12 34 56 78' },
          },
          { name: 'Accountant', role: 'observer', prefill: { firstname: 'Ann', lastname: 'Other', emailAddress: 'other@example.com' } },
        ],
      });
    const created = await templateForm(t, a.client, withPerson('Onboarding'), [{ fileName: 'contract.pdf', data: pdf }]);
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json().data;
    expect(template.roles[1].prefill).toMatchObject({ phoneNum: '+33612345678' });
    // A second version keeps the person: both versions hold them.
    const kept = { ...withPerson('Onboarding v2'), documents: [{ ...templateDefinition().documents[0]!, documentId: template.documents[0].id }] };
    expect((await templateForm(t, a.client, kept, [], template.id)).statusCode).toBe(200);
    const inB = await templateForm(t, b.client, withPerson('Kept in B'), [{ fileName: 'contract.pdf', data: pdf }]);
    expect(inB.statusCode).toBe(201);

    const mailsBefore = (await messagesTo(t, a.gerant.email, 'gdpr-export-ready')).length;
    expect((await gdpr(a.client, 'POST', 'exports', { email })).statusCode).toBe(202);
    const mail = await t.waitFor(async () => (await messagesTo(t, a.gerant.email, 'gdpr-export-ready'))[mailsBefore], 20_000);
    const link = /https?:\/\/\S+\/api\/public\/gdpr-exports\/([A-Za-z0-9_-]+)/.exec(mail.text)!;
    const files = unzipSync(new Uint8Array((await t.request({ method: 'GET', url: `/api/public/gdpr-exports/${link[1]}` })).rawPayload));
    const person = JSON.parse(Buffer.from(files['person.json']!).toString());
    expect(person.templates).toEqual([
      expect.objectContaining({
        templateId: template.id,
        templateName: 'Onboarding v2',
        version: 1,
        role: 'HR director',
        lastname: 'Prefilled',
        phoneNum: '+33612345678',
      }),
      expect.objectContaining({ templateId: template.id, version: 2, role: 'HR director' }),
    ]);
    expect(Buffer.from(files['templates.csv']!).toString()).toContain('Prefilled');
    expect(Buffer.from(files['templates.csv']!).toString()).not.toContain('other@example.com');

    const done = await gdpr(a.client, 'POST', 'erasures', { email });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.counts).toMatchObject({ templates: 2 });
    const versionsOf = async (templateId: string) =>
      (await t.database.db.select().from(requestTemplateVersions).where(eq(requestTemplateVersions.templateId, templateId))).map((v) => v.roles);
    for (const roles of await versionsOf(template.id)) {
      expect(roles.map((r) => r.prefill?.emailAddress ?? null)).toEqual([null, null, 'other@example.com']);
      expect(roles.map((r) => r.name)).toEqual(['Employee', 'HR director', 'Accountant']);
    }
    expect(JSON.stringify(await versionsOf(template.id))).not.toMatch(/prefilled-/i);
    expect(JSON.stringify(await versionsOf(inB.json().data.id))).toContain(email);
    // The template still works: whoever uses it now names the HR director.
    const detail = (await a.client.call('GET', `/api/request-templates/${template.id}`, 'history')).json().data;
    expect(detail.roles[1]).toMatchObject({ name: 'HR director', prefill: null });
  });

  it('withdraws a mail to the erased address still waiting for delivery; it cannot be sent again', async () => {
    const email = `pending-${Date.now().toString(36)}@example.com`;
    // A row only (no delivery job): as if the worker had not reached it yet when the erasure came.
    const [waiting] = await t.database.inSystem((tx) =>
      tx
        .insert(outboxMessages)
        .values({
          appId: a.appId,
          channel: 'email',
          to: email,
          subject: 'Your contract',
          text: 'Hello Erin',
          template: 'signature-invitation',
          language: 'fr',
          status: 'retrying',
        })
        .returning(),
    );
    const done = await gdpr(a.client, 'POST', 'erasures', { email });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.counts.messages).toBe(1);
    const [row] = await t.database.inSystem((tx) => tx.select().from(outboxMessages).where(eq(outboxMessages.id, waiting!.id)));
    expect(row).toMatchObject({ to: 'erased', subject: null, text: '[erased]', status: 'failed', error: expect.stringContaining('Erased (GDPR)') });
    const admin = await t.login(adminEmail);
    const resend = await admin.call('POST', `/api/outbox/${waiting!.id}/resend`, 'outbox');
    expect(resend.statusCode, resend.body).toBe(409);
    // Nor by "send every failed one again" (asked here by id: the global call would touch other files' messages).
    expect(await t.server.platform.messaging.requeue({ ids: [waiting!.id], by: { userId: a.gerant.id, appId: a.appId } })).toEqual([]);
  });
});
