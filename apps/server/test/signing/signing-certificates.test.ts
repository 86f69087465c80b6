import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { verifyPdf } from '@paraphe/signing';
import { trustServices } from '../../src/domains/pki/index.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { placed, signer, tenantWithGerant } from '../support/signatures.ts';
import { externalTools, handwrittenPng, type Tools } from '../support/signing-page.ts';
import { completedDocuments, sentRequest, signAsInvited } from '../support/signing-flow.ts';

/**
 * Certificates on the product path (docs/trust-services.md): every signature gets its own one-time certificate, so
 * poppler (pdfsig, Evince, Okular) says "Signature is Valid." and "Certificate is Trusted." for each of them — it
 * said "Unknown issue" from the second signature of one certificate on — and still does a year later.
 */
describe(`signing: certificates every viewer trusts (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let tools: Tools;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t, { features: { level2: true } })).client;
    tools = externalTools(await trustServices(t.server.platform).certificate('root'));
  });
  afterAll(async () => {
    tools?.close();
    await t?.close();
  });

  /** pdfsig's verdict per signature field (document time-stamps left out), optionally under faketime. */
  async function pdfsig(pdf: Uint8Array, fakeOffset?: string): Promise<{ field: string; valid: boolean; trusted: boolean; text: string }[]> {
    const path = tools.file(`pdfsig-${Date.now()}.pdf`, pdf);
    const args = ['-nssdir', `sql:${tools.nssDir}`, path];
    const { stdout } = fakeOffset
      ? await promisify(execFile)('faketime', [fakeOffset, 'pdfsig', ...args], { timeout: 60_000 })
      : await promisify(execFile)('pdfsig', args, { timeout: 60_000 });
    const trust = trustServices(t.server.platform);
    const report = await verifyPdf(pdf, { trustedRoots: await trust.trustedRoots(), revocation: trust.revocationSource() });
    const signatureFields = new Set(report.signatures.filter((s) => s.type === 'signature').map((s) => s.fieldName));
    return stdout
      .split(/^Signature #\d+:$/m)
      .slice(1)
      .map((text) => ({
        field: /Signature Field Name: (.*)/.exec(text)?.[1]?.trim() ?? '',
        valid: text.includes('Signature Validation: Signature is Valid.'),
        trusted: text.includes('Certificate Validation: Certificate is Trusted.'),
        text,
      }))
      .filter((s) => signatureFields.has(s.field));
  }

  it('level 1, three signers through the public page: every signature valid and trusted for pdfsig', async () => {
    const signers = [signer(0), signer(1), signer(2)];
    const request = await sentRequest(t, gerant, { signers, documents: [placed('contract.pdf', [0, 1, 2])], options: { handwritten: 'enabled' } });
    for (const s of signers) await signAsInvited(t, s.emailAddress, { handwrittenPng: handwrittenPng() });
    const [pdf] = await completedDocuments(t, gerant, request.id, [request.documents[0]!.id]);
    const verdicts = await pdfsig(pdf!);
    expect(verdicts).toHaveLength(3);
    for (const v of verdicts) expect({ field: v.field, valid: v.valid, trusted: v.trusted }, v.text).toEqual({ field: v.field, valid: true, trusted: true });
  });

  it('level 2: the signers’ certificates stay trusted a year later (faketime +400 days)', async () => {
    const signers = [signer(0), signer(1)];
    const request = await sentRequest(t, gerant, { level: 2, signers, documents: [placed('contract.pdf', [0, 1])] });
    for (const s of signers) await signAsInvited(t, s.emailAddress);
    const [pdf] = await completedDocuments(t, gerant, request.id, [request.documents[0]!.id]);
    for (const offset of [undefined, '+400 days']) {
      const verdicts = await pdfsig(pdf!, offset);
      expect(verdicts).toHaveLength(2);
      for (const v of verdicts) expect({ valid: v.valid, trusted: v.trusted }, `${offset ?? 'now'}: ${v.text}`).toEqual({ valid: true, trusted: true });
    }
    // faketime does reach pdfsig: long after the certificates' validity, poppler no longer trusts them.
    const late = await pdfsig(pdf!, '+30 years');
    expect(late).toHaveLength(2);
    for (const v of late) expect(v.trusted, v.text).toBe(false);
  });
});
