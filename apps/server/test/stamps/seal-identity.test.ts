import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, like } from 'drizzle-orm';
import { createCertificateAuthority, openCertificateAuthority, sealPdf, toPem, type CertificateAuthority } from '@paraphe/signing';
import type { Application, Stamp, VerificationReport, VerifiedSignature } from '@paraphe/contracts';
import { auditEvents } from '../../src/platform/db/schema/index.ts';
import { adminEmail, createTestContext, engine, freshIp, type TestClient, type TestContext } from '../support/harness.ts';
import { validProfile } from '../support/billing.ts';
import { rawPdf } from '../support/documents.ts';
import { stampClient, upload } from './support.ts';

/**
 * Issue 24 item 4, follow-ups (docs/stamps.md "Who a seal is attributed to", docs/timestamps.md "Trust"):
 * - the platform CA certifies a built-in seal under the company name the tenant typed: the verification page shows it
 *   as the account's DECLARED identity until the product administrator verified the company identity (legal name and
 *   registration number); then it is confirmed; a change of name or number withdraws it, with audit rows;
 * - an operator's trusted roots (TRUSTED_ROOTS_FILE): a chain to one of them is trusted (`configured`).
 */
const company = 'Société Générale des Cachets';
const pdf = rawPdf({ pages: [{}] });

async function publicVerify(baseUrl: string, file: Uint8Array): Promise<VerificationReport> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'sealed.pdf');
  const res = await fetch(`${baseUrl}/api/public/verify`, { method: 'POST', body: form, headers: freshIp() });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text).data as VerificationReport;
}

const sealOf = (report: VerificationReport): VerifiedSignature => {
  const seals = report.signatures.filter((s) => s.type === 'signature');
  expect(seals).toHaveLength(1);
  return seals[0]!;
};

describe(`stamps: a built-in seal's name is confirmed only once the company identity is verified (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let admin: TestClient;
  let baseUrl: string;
  let sealed: Uint8Array;

  beforeAll(async () => {
    t = await createTestContext();
    gerant = await stampClient(t);
    admin = await t.login(adminEmail);
    baseUrl = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    const created = await gerant.call('POST', '/api/stamp-accounts', 'history', { label: 'Cachet plateforme', reason: '', isDefault: true });
    expect(created.statusCode, created.body).toBe(201);
    const res = await upload(
      t,
      gerant,
      '/api/stamps',
      { name: 'contrat.pdf', data: pdf },
      { request: JSON.stringify({ format: 'PADES', seals: [{ visible: false }] }) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const stamp = res.json().data as Stamp;
    sealed = new Uint8Array((await gerant.call('GET', `/api/stamps/${stamp.id}/file`, 'history')).rawPayload);
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  const identityPath = () => `/api/applications/${gerant.appId}/company-identity`;
  const verifyIdentity = (client: TestClient, body: unknown, id = gerant.appId) =>
    client.call('PUT', `/api/applications/${id}/company-identity`, 'application', body);
  const identityAudit = () =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.appId, gerant.appId), like(auditEvents.action, 'application.company_identity_%')))
      .orderBy(asc(auditEvents.createdAt));

  it("an unverified tenant's built-in seal: a valid signature whose name is only declared by the account", async () => {
    const seal = sealOf(await publicVerify(baseUrl, sealed));
    // Before: `valid`, `identity: confirmed`, `signerName: company` — the name a sign-up typed, shown as certified.
    expect(seal).toMatchObject({
      verdict: 'valid',
      integrity: true,
      trustedBy: 'platform',
      identity: 'declared',
      signerName: null,
      declaredName: company,
      importedBy: null,
      declaredBy: { company, registrationNumber: null, country: null, source: 'account' },
    });
  }, 300_000);

  it('the administrator verifies the company identity (audited): the seal is confirmed under that name', async () => {
    // A wrong check digit is refused with the field and the reason; nothing is recorded.
    const wrong = await verifyIdentity(admin, { legalName: company, registrationNumber: '443 061 842', country: 'FR' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('registrationNumber');
    expect(wrong.body).toContain('check digit');
    expect(await identityAudit()).toHaveLength(0);

    const verified = await verifyIdentity(admin, { legalName: company, registrationNumber: '443 061 841', country: 'FR' });
    expect(verified.statusCode, verified.body).toBe(200);
    const application = verified.json().data as Application;
    expect(application.companyIdentity).toMatchObject({ legalName: company, registrationNumber: '443061841', country: 'FR', verifiedBy: expect.any(String) });
    expect(Date.parse(application.companyIdentity!.verifiedAt)).not.toBeNaN();
    const [row] = await identityAudit();
    expect(row).toMatchObject({
      action: 'application.company_identity_verified',
      actorUserId: admin.userId,
      data: { legalName: company, registrationNumber: '443061841', country: 'FR' },
    });

    const seal = sealOf(await publicVerify(baseUrl, sealed));
    expect(seal).toMatchObject({ verdict: 'valid', identity: 'confirmed', trustedBy: 'platform', signerName: company, declaredBy: null, importedBy: null });
  }, 300_000);

  it('a change of legal name or number clears the verification, with an audit row; the seal is declared again', async () => {
    const saved = await gerant.call('PUT', '/api/billing/profile', 'billing', { ...validProfile, companyName: 'Banque de France' });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await identityAudit();
    expect(rows.map((r) => r.action)).toEqual(['application.company_identity_verified', 'application.company_identity_cleared']);
    expect(rows[1]).toMatchObject({
      actorUserId: gerant.userId,
      data: { reason: 'legal_name_changed', was: { legalName: company, registrationNumber: '443061841' } },
    });
    expect(((await admin.call('GET', `/api/applications/${gerant.appId}`, 'application')).json().data as Application).companyIdentity).toBeNull();
    const seal = sealOf(await publicVerify(baseUrl, sealed));
    expect(seal).toMatchObject({
      verdict: 'valid',
      identity: 'declared',
      signerName: null,
      declaredBy: { company: 'Banque de France', registrationNumber: '44306184100047', source: 'billing-profile' },
    });

    // Verified again, then the account's company name (the name the CA certifies) changes: cleared again.
    expect((await verifyIdentity(admin, { legalName: company, registrationNumber: '44306184100047' })).statusCode).toBe(200);
    expect(sealOf(await publicVerify(baseUrl, sealed)).identity).toBe('confirmed');
    const renamed = await admin.call('PUT', `/api/applications/${gerant.appId}`, 'application', { company: 'Autre Nom' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json().data as Application).companyIdentity).toBeNull();
    expect((await identityAudit()).at(-1)).toMatchObject({ action: 'application.company_identity_cleared', data: { reason: 'company_renamed' } });
    expect(sealOf(await publicVerify(baseUrl, sealed)).identity).toBe('declared');
  }, 300_000);

  it('the administrator may withdraw a verification (audited); verifying needs the administrator: 401, 403 (a director, of this or another account), 404', async () => {
    expect((await verifyIdentity(admin, { legalName: 'Autre Nom', registrationNumber: '443061841' })).statusCode).toBe(200);
    const withdrawn = await admin.call('DELETE', identityPath(), 'application');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((withdrawn.json().data as Application).companyIdentity).toBeNull();
    expect((await identityAudit()).at(-1)).toMatchObject({ action: 'application.company_identity_cleared', data: { reason: 'withdrawn' } });

    const before = await identityAudit();
    const body = { legalName: 'Autre Nom', registrationNumber: '443061841' };
    expect((await t.request({ method: 'PUT', url: identityPath(), body })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: identityPath() })).statusCode).toBe(401);
    // The tenant's own director may not verify itself.
    expect((await verifyIdentity(gerant, body)).statusCode).toBe(403);
    expect((await gerant.call('DELETE', identityPath(), 'application')).statusCode).toBe(403);
    // Another tenant's director, neither.
    const other = await stampClient(t);
    expect((await verifyIdentity(other, body)).statusCode).toBe(403);
    expect((await verifyIdentity(other, body, other.appId)).statusCode).toBe(403);
    // An account that does not exist.
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await verifyIdentity(admin, body, missing)).statusCode).toBe(404);
    expect((await admin.call('DELETE', `/api/applications/${missing}/company-identity`, 'application')).statusCode).toBe(404);
    expect(await identityAudit()).toEqual(before);
    expect(((await admin.call('GET', `/api/applications/${gerant.appId}`, 'application')).json().data as Application).companyIdentity).toBeNull();
  }, 300_000);
});

describe(`verification: the operator's trusted roots (TRUSTED_ROOTS_FILE) (${engine})`, () => {
  let dir: string;
  let qtsp: CertificateAuthority;
  let t: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paraphe-trusted-roots-'));
    // A qualified provider's PKI as an operator would receive it: its root, in a PEM bundle with a comment.
    qtsp = await openCertificateAuthority(await createCertificateAuthority({ name: 'Prestataire Qualifié', encryptionKey: 'k', country: 'FR' }), 'k');
    const bundle = join(dir, 'roots.pem');
    writeFileSync(bundle, `# Prestataire Qualifié — root of its seal service\n${toPem(qtsp.rootCertificate)}`);
    t = await createTestContext({ env: { TRUSTED_ROOTS_FILE: bundle } });
    baseUrl = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  it("a seal whose chain reaches an operator's root is trusted: valid, its name confirmed by that authority", async () => {
    const identity = await qtsp.issueSealCertificate({ organizationName: 'Banque Régionale', country: 'FR' });
    // Its chain (seal, issuing CA, root) travels in the CMS; the provider's revocation data is not published here.
    const sealed = await sealPdf(pdf, { identity, format: 'PADES', level: 'B-B', appearance: 'invisible' });
    const seal = sealOf(await publicVerify(baseUrl, sealed));
    // Before: no-trusted-root → indeterminate / NO_CERTIFICATE_CHAIN_FOUND, identity unconfirmed, trustedBy unknown.
    expect(seal).toMatchObject({
      integrity: true,
      identity: 'confirmed',
      trustedBy: 'configured',
      signerName: 'Banque Régionale',
      declaredBy: null,
      importedBy: null,
    });
    expect(seal.subIndication).not.toBe('NO_CERTIFICATE_CHAIN_FOUND');
  }, 300_000);
});
