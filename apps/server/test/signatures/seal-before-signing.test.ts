import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { verifyPdf } from '@paraphe/signing';
import { trustServices } from '../../src/domains/pki/index.ts';
import { documentVersions } from '../../src/domains/signatures/schema.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, placed, signer, tenantWithGerant } from '../support/signatures.ts';
import { externalTools, type Tools } from '../support/signing-page.ts';
import { completedDocuments, sentRequest, signAsInvited } from '../support/signing-flow.ts';
import { createCampaign, rows, signatory, waitForStatus } from '../campaigns/support.ts';

/**
 * Options.stampBeforeSigning (docs/signatures.md, docs/stamps.md): the documents are sealed by the tenant's stamp
 * account when the request is sent, before the first invitation; the seal certifies (DocMDP P=2), the signers sign on
 * the sealed file, every signature stays valid. A campaign seals its shared documents once.
 */
describe(`signatures: stamp documents before signing (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let tools: Tools;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t, { company: 'Cachets Réunis', features: { stamp: true, campaign: true } })).client;
    tools = externalTools(await trustServices(t.server.platform).certificate('root'));
    const account = await gerant.call('POST', '/api/stamp-accounts', 'history', { label: 'Cachet du siège', reason: 'Conforme' });
    expect(account.statusCode, account.body).toBe(201);
    accountId = account.json().data.id;
  });
  afterAll(async () => {
    tools?.close();
    await t?.close();
  });

  const versionsOf = (documentId: string) =>
    t.database.db.select().from(documentVersions).where(eq(documentVersions.documentId, documentId)).orderBy(documentVersions.version);
  const verify = async (pdf: Uint8Array) => {
    const trust = trustServices(t.server.platform);
    return verifyPdf(pdf, { trustedRoots: await trust.trustedRoots(), revocation: trust.revocationSource() });
  };

  it('seals at send with the stamp account (its stamp field, DocMDP P=2), then two signers sign: every signature valid, the evidence says so', async () => {
    const signers = [signer(0), signer(1)];
    const documents = [
      placed('contract.pdf', [0, 1], {
        signatureFields: [0, 1].map((i) => ({ signerIndex: i, page: 1, x: 60 + 200 * i, y: 100 })).concat([{ signerIndex: -1, page: 1, x: 300, y: 400 }]),
      }),
    ];
    const request = await sentRequest(t, gerant, { signers, documents, options: { stampBeforeSigning: true, stampAccount: accountId } });
    const documentId = request.documents[0]!.id;

    const [first] = await versionsOf(documentId);
    expect(first).toMatchObject({ version: 1, kind: 'sealed' });
    const sealed = await t.server.platform.storage.get(first!.storageKey);
    const [seal] = await tools.pdfsig(sealed);
    expect(seal, seal?.text).toMatchObject({ valid: true, trusted: true, total: true });
    expect(seal!.text).toContain('Cachets Réunis'); // the built-in account's certificate names the company
    const report = await verify(sealed);
    expect(report.signatures.filter((s) => s.type === 'signature').map((s) => s.certification)).toEqual([{ permission: 2 }]);
    // The stamps history has the seal, tied to the request; one option_stamp is metered.
    const history = await gerant.call('GET', '/api/stamps', 'history');
    expect(history.json().data).toEqual([
      expect.objectContaining({ sha256: first!.sha256, seals: [expect.objectContaining({ accountId, requestId: request.id, certify: 2 })] }),
    ]);
    const [metered] = await rows<{ n: number }>(t, sql`select count(*)::int as n from consumptions where kind = 'option_stamp'`);
    expect(metered!.n).toBe(1);

    for (const s of signers) await signAsInvited(t, s.emailAddress);
    const last = (await versionsOf(documentId)).filter((v) => v.kind === 'signed').at(-1)!;
    const verdicts = await tools.pdfsig(await t.server.platform.storage.get(last.storageKey));
    expect(verdicts.map((v) => ({ valid: v.valid, trusted: v.trusted, total: v.total }))).toEqual([
      { valid: true, trusted: true, total: false },
      { valid: true, trusted: true, total: false },
      { valid: true, trusted: true, total: true },
    ]);
    // Completion leaves the stamp field alone (sealed already) and archives; the engine sees no forbidden change.
    const [completed] = await completedDocuments(t, gerant, request.id, [documentId]);
    const final = await verify(completed!);
    for (const s of final.signatures.filter((r) => r.type === 'signature')) expect(s.modifiedAfterSigning, s.modifications.join('; ')).toBe(false);
    const attestation = await gerant.call('GET', `/api/transactions/${request.id}/attestation`, 'history');
    const text = tools.run('pdftotext', [tools.file('attestation.pdf', attestation.rawPayload), '-']).stdout.replace(/\s+/g, ' ');
    expect(text).toContain('Scellé par Cachet du siège avant signature'); // the request's language: fr
  });

  it('refuses to send without a usable account: none → 409, unknown → 404 naming the field, feature off → 403; nothing sent', async () => {
    const { client: bare } = await tenantWithGerant(t, { features: { stamp: true } });
    const noAccount = await draft(t, bare, { options: { stampBeforeSigning: true } });
    // Saved all the same, with a warning on the field the send will refuse.
    expect((noAccount as unknown as { warnings: unknown[] }).warnings).toEqual([
      expect.objectContaining({ field: 'optionsRequest.stampAccount', message: expect.stringContaining('no default stamp account') }),
    ]);
    const refused = await bare.call('PUT', `/api/transactions/${noAccount.id}`, 'history', { action: 'send' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ details: { reason: 'NO_STAMP_ACCOUNT' } });
    expect(refused.json().error.message).toContain('no default stamp account');

    const unknown = await draft(t, gerant, { options: { stampBeforeSigning: true, stampAccount: randomUUID() } });
    const notFound = await gerant.call('PUT', `/api/transactions/${unknown.id}`, 'history', { action: 'send' });
    expect(notFound.statusCode, notFound.body).toBe(404);
    expect(notFound.json().error.fields).toEqual([expect.objectContaining({ field: 'optionsRequest.stampAccount' })]);

    const { client: noFeature } = await tenantWithGerant(t, { features: { stamp: false } });
    const off = await draft(t, noFeature, { options: { stampBeforeSigning: true } });
    expect((await noFeature.call('PUT', `/api/transactions/${off.id}`, 'history', { action: 'send' })).statusCode).toBe(403);
    for (const id of [noAccount.id, unknown.id, off.id]) {
      const [row] = await rows<{ status: string }>(t, sql`select status from signature_requests where id = ${id}`);
      expect(row!.status).toBe('draft');
    }
  });

  it('a campaign seals its shared document once: every copy signs on the same sealed file', async () => {
    const campaign = await createCampaign(t, gerant, { signatories: [signatory(0), signatory(1), signatory(2)], options: { stampBeforeSigning: true } });
    const sent = await gerant.call('PUT', `/api/campains/${campaign.id}/send`, 'campaign');
    expect(sent.statusCode, sent.body).toBe(200);
    await waitForStatus(t, gerant, campaign.id, ['ready', 'completed']);
    const sealedVersions = await rows<{ storage_key: string; kind: string; request_id: string }>(
      t,
      sql`select v.storage_key, v.kind, d.request_id from document_versions v join signature_documents d on d.id = v.document_id
          join signature_requests r on r.id = d.request_id where r.source_id = ${campaign.id}`,
    );
    expect(sealedVersions).toHaveLength(3);
    expect(new Set(sealedVersions.map((v) => v.kind))).toEqual(new Set(['sealed']));
    expect(new Set(sealedVersions.map((v) => v.storage_key)).size).toBe(1);
    const [stamps] = await rows<{ n: number }>(t, sql`select count(*)::int as n from stamps where seals->0->>'campaignId' = ${campaign.id}`);
    expect(stamps!.n).toBe(1);
    // A copy is signed on the shared sealed file: the seal and the signature are both valid.
    await signAsInvited(t, (await rows<{ email: string }>(t, sql`select email from signers where request_id = ${sealedVersions[0]!.request_id}`))[0]!.email);
    const [signed] = await rows<{ storage_key: string }>(
      t,
      sql`select v.storage_key from document_versions v join signature_documents d on d.id = v.document_id where d.request_id = ${sealedVersions[0]!.request_id} and v.kind = 'signed'`,
    );
    const verdicts = await tools.pdfsig(await t.server.platform.storage.get(signed!.storage_key));
    expect(verdicts.map((v) => v.valid)).toEqual([true, true]);
  });
});
