import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { describeCertificate, verifyCmsSignature, verifyPdf, type PdfVerificationReport } from '@paraphe/signing';
import { qualifiedCertificates } from '../../src/domains/certificates/schema.ts';
import { trustServices } from '../../src/domains/pki/index.ts';
import { validProfile } from '../support/billing.ts';
import { adminEmail, type TestClient, type TestContext } from '../support/harness.ts';
import { multipartBody, tenantWithGerant } from '../support/signatures.ts';

/** Helpers of the qualified-certificate tests: a tenant with level 3, its holders, uploads, the operator, PDF checks. */

export const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png identity document')]);
export const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg identity document')]);

export async function qualifiedTenant(t: TestContext, opts: { billing?: boolean; level3?: boolean } = {}) {
  const tenant = await tenantWithGerant(t, { features: { level3: opts.level3 ?? true } });
  if (opts.billing ?? true) {
    const saved = await tenant.client.call('PUT', '/api/billing/profile', 'billing', validProfile);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return tenant;
}

export async function holderOf(t: TestContext, appId: string, mobile: string | null = '+33612345678'): Promise<TestClient & { email: string }> {
  const user = await t.factory.user(appId, { profile: 'COMMERCIAL', ...(mobile ? { mobile } : {}) });
  return { ...(await t.login(user.email)), email: user.email };
}

export async function uploadDocument(t: TestContext, client: TestClient, id: string, kind: string, data: Buffer, fileName = 'id.png') {
  const { payload, headers } = multipartBody([
    { name: 'kind', value: kind },
    { name: 'file', fileName, contentType: 'application/octet-stream', data },
  ]);
  return t.request({ method: 'POST', url: `/api/certificate/${id}/documents`, token: await client.token('history'), body: payload, headers });
}

export const certificateRow = async (t: TestContext, id: string) =>
  (await t.database.db.select().from(qualifiedCertificates).where(eq(qualifiedCertificates.id, id)))[0]!;
export const setCertificate = (t: TestContext, id: string, patch: Partial<typeof qualifiedCertificates.$inferInsert>) =>
  t.database.db.update(qualifiedCertificates).set(patch).where(eq(qualifiedCertificates.id, id));

/** Order → ID front and back → submit → the operator verifies → activated (the activation job). Returns the certificate id. */
export async function activatedCertificate(t: TestContext, holder: TestClient, operator?: TestClient): Promise<string> {
  const ordered = await holder.call('POST', '/api/certificate', 'history', {});
  expect(ordered.statusCode, ordered.body).toBe(201);
  const id = ordered.json().data.id as string;
  expect((await uploadDocument(t, holder, id, 'idFront', png)).statusCode).toBe(201);
  expect((await uploadDocument(t, holder, id, 'idBack', jpeg, 'back.jpg')).statusCode).toBe(201);
  expect((await holder.call('POST', `/api/certificate/${id}/submit`, 'history')).statusCode).toBe(200);
  const admin = operator ?? (await t.login(adminEmail));
  const verified = await admin.call('POST', `/api/admin/certificates/${id}/decision`, 'application', { decision: 'verify' });
  expect(verified.statusCode, verified.body).toBe(200);
  await t.waitFor(async () => (await certificateRow(t, id)).status === 'activated', 20_000);
  return id;
}

/** The serial numbers (hex) of the certificates that made the document's signatures, with the engine's report. */
export async function signatureSerials(t: TestContext, pdf: Uint8Array): Promise<{ serials: string[]; report: PdfVerificationReport }> {
  const trust = trustServices(t.server.platform);
  const report = await verifyPdf(pdf, { trustedRoots: await trust.trustedRoots(), revocation: trust.revocationSource() });
  const serials = report.signatures
    .filter((s) => s.type === 'signature')
    .map((s) => {
      const hex = Buffer.from(pdf.subarray(s.byteRange[0]! + s.byteRange[1]! + 1, s.byteRange[2]! - 1)).toString('latin1');
      const raw = Buffer.from(hex, 'hex');
      const lengthBytes = raw[1]! & 0x7f;
      const length = raw[1]! < 0x80 ? raw[1]! + 2 : 2 + lengthBytes + raw.readUIntBE(2, lengthBytes);
      const cms = verifyCmsSignature(raw.subarray(0, length), () => new Uint8Array(32));
      return describeCertificate(cms.signerCertificate!).serialHex;
    });
  return { serials, report };
}
