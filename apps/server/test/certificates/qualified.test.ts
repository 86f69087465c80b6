import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runCertificateLifecycle } from '../../src/domains/certificates/index.ts';
import { trustServices } from '../../src/domains/pki/index.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { validProfile } from '../support/billing.ts';
import { createRequest, messagesTo, signer } from '../support/signatures.ts';
import { completedDocuments, sentRequest, signAsInvited } from '../support/signing-flow.ts';
import { lastCode, signingApi, tokenOf } from '../support/signing-page.ts';
import { startCscStandIn, type CscStandIn } from './csc-stand-in.ts';
import { activatedCertificate, certificateRow, holderOf, png, qualifiedTenant, setCertificate, signatureSerials, uploadDocument } from './support.ts';

/**
 * Qualified certificates and level-3 signatures (docs/qualified.md): order rules, identity documents, the operator,
 * activation, level-3 requests and signing with the holder's certificate, the 50-signature limit, the daily
 * lifecycle, and the CSC remote-signing path against a local stand-in.
 */
describe(`qualified certificates (${engine})`, () => {
  let t: TestContext;
  let tenant: Awaited<ReturnType<typeof qualifiedTenant>>;
  let holder: TestClient & { email: string };
  let operator: TestClient;
  let certificateId: string;

  beforeAll(async () => {
    t = await createTestContext();
    tenant = await qualifiedTenant(t, { billing: false });
    holder = await holderOf(t, tenant.appId);
    operator = await t.login(adminEmail);
  });
  afterAll(async () => t?.close());

  it('orders: a mobile and the billing settings are needed, one order at a time, the feature and the token are checked', async () => {
    const noMobile = await tenant.client.call('POST', '/api/certificate', 'history', {});
    expect(noMobile.statusCode).toBe(409);
    expect(noMobile.json().error.code).toBe('MOBILE_REQUIRED');
    const noBilling = await holder.call('POST', '/api/certificate', 'history', {});
    expect(noBilling.statusCode).toBe(409);
    expect(noBilling.json().error.code).toBe('BILLING_PROFILE_REQUIRED');
    expect((await t.request({ method: 'POST', url: '/api/certificate', body: {} })).statusCode).toBe(401);
    const off = await qualifiedTenant(t, { level3: false, billing: false });
    expect((await (await holderOf(t, off.appId)).call('POST', '/api/certificate', 'history', {})).json().error.code).toBe('FEATURE_DISABLED');

    expect((await tenant.client.call('PUT', '/api/billing/profile', 'billing', validProfile)).statusCode).toBe(200);
    const ordered = await holder.call('POST', '/api/certificate', 'history', {});
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect(ordered.json().data).toMatchObject({
      status: 'open',
      email: holder.email,
      mobile: '+33612345678',
      provider: 'local',
      signaturesLeft: 0,
      submittedAt: null,
    });
    certificateId = ordered.json().data.id;
    expect((await holder.call('POST', '/api/certificate', 'history', {})).statusCode).toBe(409);
  });

  it('documents: the type is checked on the bytes, an incomplete order cannot be submitted, another tenant sees nothing', async () => {
    const text = await uploadDocument(t, holder, certificateId, 'idFront', Buffer.from('not an image at all'), 'id.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe('INVALID_FILE_TYPE');
    expect((await uploadDocument(t, holder, certificateId, 'idFront', png)).statusCode).toBe(201);
    const incomplete = await holder.call('POST', `/api/certificate/${certificateId}/submit`, 'history');
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().error.code).toBe('CERTIFICATE_DOCUMENTS_MISSING');
    const stranger = await holderOf(t, (await qualifiedTenant(t, { billing: false })).appId);
    expect((await uploadDocument(t, stranger, certificateId, 'passport', png)).statusCode).toBe(404);
    // The file is stored encrypted: its bytes are nowhere in storage as uploaded.
    const key = (await certificateRow(t, certificateId)).documents[0]!.storageKey;
    expect(Buffer.from(await t.server.platform.storage.get(key)).includes(Buffer.from('png identity document'))).toBe(false);
    const passport = await uploadDocument(t, holder, certificateId, 'passport', png);
    expect(
      passport
        .json()
        .data.documents.map((d: { kind: string }) => d.kind)
        .sort(),
    ).toEqual(['idFront', 'passport']);
    const submitted = await holder.call('POST', `/api/certificate/${certificateId}/submit`, 'history');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.submittedAt).not.toBeNull();
  });

  it('the operator: only the product administrator decides, a refusal needs a reason, verify → activated, metered, notified', async () => {
    expect((await tenant.client.call('GET', '/api/admin/certificates', 'application')).statusCode).toBe(403);
    const before = await t.snapshot();
    expect((await tenant.client.call('POST', `/api/admin/certificates/${certificateId}/decision`, 'application', { decision: 'verify' })).statusCode).toBe(403);
    const noReason = await operator.call('POST', `/api/admin/certificates/${certificateId}/decision`, 'application', { decision: 'reject', reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(await t.snapshot()).toBe(before);
    expect((await certificateRow(t, certificateId)).status).toBe('open');

    const queue = await operator.call('GET', '/api/admin/certificates?status=open', 'application');
    expect(queue.json().data.map((c: { id: string }) => c.id)).toContain(certificateId);
    const detail = (await operator.call('GET', `/api/admin/certificates/${certificateId}`, 'application')).json().data;
    const document = await operator.call('GET', `/api/admin/certificates/${certificateId}/documents/${detail.documents[0].id}`, 'application');
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.equals(png)).toBe(true);

    const verified = await operator.call('POST', `/api/admin/certificates/${certificateId}/decision`, 'application', { decision: 'verify' });
    expect(verified.json().data.status).toBe('verified');
    await t.waitFor(async () => (await certificateRow(t, certificateId)).status === 'activated', 20_000);
    const mine = (await holder.call('GET', '/api/certificate', 'history')).json().data[0];
    expect(mine).toMatchObject({ status: 'activated', signaturesLeft: 50, renewalDue: false, issuer: expect.stringContaining('Paraphe') });
    expect(new Date(mine.expiresAt).getTime() - Date.now()).toBeGreaterThan(4 * 365 * 86_400_000 - 86_400_000);
    const pem = await holder.call('GET', `/api/certificate/${certificateId}/file?format=pem`, 'history');
    expect(pem.body).toContain('-----BEGIN CERTIFICATE-----');
    const metered = await t.database.db.execute(
      sql`select count(*)::int as n from consumptions where app_id = ${tenant.appId} and kind = 'qualified_certificate'`,
    );
    expect((metered as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    await t.waitFor(async () =>
      (await holder.call('GET', '/api/notifications', 'notification'))
        .json()
        .data.some((n: { type: string; message: string }) => n.type === 'certificate.updated' && /activated/.test(n.message)),
    );
  });

  it('level 3: refused for a signer without a certificate, signed with the holder certificate (serial checked), counted', async () => {
    const lacking = await createRequest(t, tenant.client, { level: 3, signers: [signer(0, { emailAddress: 'nobody@example.com' })] });
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json().error).toMatchObject({ code: 'QUALIFIED_CERTIFICATE_REQUIRED', message: expect.stringContaining('nobody@example.com') });

    const request = await sentRequest(t, tenant.client, { level: 3, signers: [signer(0, { emailAddress: holder.email })] });
    await signAsInvited(t, holder.email);
    const [pdf] = await completedDocuments(t, tenant.client, request.id, [request.documents[0]!.id]);
    const row = await certificateRow(t, certificateId);
    expect(row.signaturesUsed).toBe(1);
    const { serials, report } = await signatureSerials(t, pdf!);
    expect(serials).toEqual([row.serialNumber]);
    expect(report.signatures.filter((s) => s.type === 'signature').every((s) => s.integrity && s.certificateTrusted)).toBe(true);
    expect(report.signatures.some((s) => s.type === 'document-timestamp')).toBe(true); // B-LTA at completion
    const evidence = await t.database.db.execute(sql`select data from signature_events where request_id = ${request.id} and type = 'signed'`);
    expect(JSON.stringify((evidence as unknown as { rows: unknown[] }).rows)).toContain(`qualified certificate ${row.serialNumber} issued by`);
  });

  it('the 50th signature is the last: the certificate completes, a 51st is refused (403)', async () => {
    const last = await sentRequest(t, tenant.client, { level: 3, signers: [signer(0, { emailAddress: holder.email })] });
    const extra = await sentRequest(t, tenant.client, { level: 3, signers: [signer(0, { emailAddress: holder.email })] });
    await setCertificate(t, certificateId, { signaturesUsed: 49 });
    await signWithInvitation(t, holder.email, last.signers[0]!.id);
    const completed = await certificateRow(t, certificateId);
    expect(completed).toMatchObject({ signaturesUsed: 50, status: 'expired', endReason: 'signatures' });

    const refused = await signWithInvitation(t, holder.email, extra.signers[0]!.id, 403);
    expect(refused.error.code).toBe('QUALIFIED_SIGNATURES_EXHAUSTED');
    // Even an activated row with its 50 used (the daily job not run yet) signs no more.
    await setCertificate(t, certificateId, { status: 'activated' });
    // (the refused call checked no code: the one sent is still valid)
    expect((await signWithInvitation(t, holder.email, extra.signers[0]!.id, 403, false)).error.code).toBe('QUALIFIED_SIGNATURES_EXHAUSTED');
    expect((await certificateRow(t, certificateId)).signaturesUsed).toBe(50);
  });

  it('the daily lifecycle: expiry by date, renewal notice from 45 signatures', async () => {
    await setCertificate(t, certificateId, { status: 'activated', signaturesUsed: 46, endReason: null, renewalNotifiedAt: null });
    expect(await runCertificateLifecycle(t.server.platform)).toMatchObject({ renewalNotices: 1 });
    const mine = (await holder.call('GET', '/api/certificate', 'history')).json().data[0];
    expect(mine.renewalDue).toBe(true);
    await setCertificate(t, certificateId, { notAfter: new Date(Date.now() - 1000) });
    expect(await runCertificateLifecycle(t.server.platform)).toMatchObject({ ended: 1 });
    expect(await certificateRow(t, certificateId)).toMatchObject({ status: 'expired', endReason: 'date' });
    // Renewal: a new order for the same holder, the identity documents verified less than 12 months ago reused.
    const renewal = await holder.call('POST', '/api/certificate', 'history', { renewsId: certificateId });
    expect(renewal.statusCode, renewal.body).toBe(201);
    expect(renewal.json().data).toMatchObject({ status: 'open', renewsId: certificateId });
    expect(
      renewal
        .json()
        .data.documents.map((d: { kind: string }) => d.kind)
        .sort(),
    ).toEqual(['idFront', 'passport']);
    expect((await holder.call('POST', `/api/certificate/${renewal.json().data.id}/submit`, 'history')).statusCode).toBe(200);
  });
});

/** Signs from the invitation mailed to this signer (by its id), and answers the JSON body. */
async function signWithInvitation(t: TestContext, email: string, signerId: string, status = 200, askCode = true) {
  const invitation = (await messagesTo(t, email, 'signature-invitation')).find((m) => m.about === `signer:${signerId}`);
  const api = signingApi(t, tokenOf(invitation!.text));
  const view = await api.view();
  if (askCode) expect((await api.code()).statusCode).toBe(200);
  const consents = view.json().data.documents.map((d: { checkBoxTexts: string[] }) => d.checkBoxTexts.map(() => true));
  const signed = await api.sign({ code: await lastCode(t, email), consents });
  expect(signed.statusCode, signed.body).toBe(status);
  return signed.json();
}

describe(`qualified signature through a CSC API v2 provider (${engine})`, () => {
  let t: TestContext;
  let csc: CscStandIn;

  beforeAll(async () => {
    csc = await startCscStandIn();
    t = await createTestContext({ env: { QTSP_CSC_URL: csc.url, QTSP_CLIENT_ID: csc.clientId, QTSP_CLIENT_SECRET: csc.clientSecret } });
  });
  afterAll(async () => {
    await t?.close();
    await csc?.close();
  });

  it('activates from the QTSP credential and signs a level-3 request through signHash: valid PAdES with the QTSP certificate', async () => {
    const tenant = await qualifiedTenant(t);
    const holder = await holderOf(t, tenant.appId);
    // The stand-in QTSP's credential for the holder (certified here by the platform CA, so the test can trust it).
    const identity = await trustServices(t.server.platform).personalIdentity({
      firstName: 'Test',
      lastName: 'Holder',
      email: holder.email,
      validityDays: 1461,
    });
    csc.addCredential(holder.email, identity);
    const id = await activatedCertificate(t, holder);
    const row = await certificateRow(t, id);
    expect(row).toMatchObject({ provider: 'csc', sealedKey: null });
    expect(row.credentialId).toMatch(/^cred-/);

    const request = await sentRequest(t, tenant.client, { level: 3, signers: [signer(0, { emailAddress: holder.email })] });
    await signAsInvited(t, holder.email);
    expect(csc.calls).toEqual(expect.arrayContaining(['oauth2/token', 'credentials/list', 'credentials/info', 'credentials/authorize', 'signatures/signHash']));
    const [pdf] = await completedDocuments(t, tenant.client, request.id, [request.documents[0]!.id]);
    const { serials, report } = await signatureSerials(t, pdf!);
    expect(serials).toEqual([row.serialNumber]);
    expect(report.signatures.filter((s) => s.type === 'signature').every((s) => s.integrity && s.certificateTrusted)).toBe(true);
    expect((await certificateRow(t, id)).signaturesUsed).toBe(1);
  });
});
