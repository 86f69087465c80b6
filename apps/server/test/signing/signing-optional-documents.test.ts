import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { verifyPdf } from '@paraphe/signing';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { makePdf, messagesTo, placed, requestRow, signer, tenantWithGerant } from '../support/signatures.ts';
import { externalTools, lastCode, type Tools } from '../support/signing-page.ts';
import { invitedApi, sentRequest } from '../support/signing-flow.ts';
import { signatureEvents } from '../../src/domains/signatures/schema.ts';
import { trustServices } from '../../src/domains/pki/index.ts';

/**
 * Issue 25 item 9: an optional document (`pdf-optional`, "may be signed") is signed only when the signer chooses to
 * (`optionalDocumentsToSign`); its consents are asked only then; the evidence records each signer's choice.
 */
describe(`signing: optional documents, signed by choice (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let tools: Tools;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
    tools = externalTools(await trustServices(t.server.platform).certificate('root'));
  });
  afterAll(async () => {
    tools?.close();
    await t?.close();
  });

  it('each signer chooses per optional document; unchosen ones stay unsigned; the evidence says who chose what', async () => {
    const s0 = signer(0);
    const s1 = signer(1);
    const request = await sentRequest(t, gerant, {
      label: 'Optional annexes',
      signers: [s0, s1],
      files: [
        { fileName: 'contract.pdf', data: await makePdf(1) },
        { fileName: 'annex-a.pdf', data: await makePdf(1) },
        { fileName: 'annex-b.pdf', data: await makePdf(1) },
      ],
      documents: [
        placed('contract.pdf', [0, 1]),
        placed('annex-a.pdf', [0, 1], { title: 'Annex A', documentType: 'pdf-optional', checkBoxTexts: ['I accept annex A'] }),
        placed('annex-b.pdf', [0, 1], { title: 'Annex B', documentType: 'pdf-optional' }),
      ],
    });
    const [contract, annexA, annexB] = request.documents.map((d) => d.id);

    // Signer 1 signs annex A only (and so must tick its consent); a required document cannot be "chosen".
    const first = await invitedApi(t, s0.emailAddress);
    const view = (await first.view()).json().data;
    expect(view.documents.map((d: { id: string; documentType: string }) => [d.id, d.documentType])).toEqual([
      [contract, 'pdf'],
      [annexA, 'pdf-optional'],
      [annexB, 'pdf-optional'],
    ]);
    expect((await first.code()).statusCode).toBe(200);
    const code = await lastCode(t, s0.emailAddress);
    const notOptional = await first.sign({ code, consents: [[], [true], []], optionalDocumentsToSign: [contract] });
    expect(notOptional.statusCode).toBe(400);
    expect(notOptional.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'optionalDocumentsToSign', message: expect.stringContaining('contract') }],
    });
    expect((await first.sign({ code, consents: [[], [false], []], optionalDocumentsToSign: [annexA] })).json().error.code).toBe('CONSENT_REQUIRED');
    const signed = await first.sign({ code, consents: [[], [true], []], optionalDocumentsToSign: [annexA] });
    expect(signed.statusCode, signed.body).toBe(200);

    // Signer 2 signs none of them: annex A's consent is not asked then.
    await t.waitFor(async () => (await messagesTo(t, s1.emailAddress, 'signature-invitation')).length > 0);
    const second = await invitedApi(t, s1.emailAddress);
    expect((await second.code()).statusCode).toBe(200);
    const declined = await second.sign({ code: await lastCode(t, s1.emailAddress), consents: [[], [false], []] });
    expect(declined.statusCode, declined.body).toBe(200);
    await t.waitFor(async () => (await requestRow(t, request.id)).status === 'completed', 60_000);

    // The files: the contract has both signatures, annex A the first signer's only, annex B none.
    const archive = unzipSync(new Uint8Array((await gerant.call('GET', `/api/transactions/${request.id}/archive`, 'history')).rawPayload));
    const signatureCount = async (name: string) =>
      (await verifyPdf(archive[name]!, { trustedRoots: [] })).signatures.filter((s) => s.type === 'signature').length;
    expect(await signatureCount('contract.pdf')).toBe(2);
    expect(await signatureCount('annex-a.pdf')).toBe(1);
    expect(Buffer.from(archive['annex-b.pdf']!).includes('/ByteRange')).toBe(false);
    const checked = tools.run('qpdf', ['--check', tools.file('annex-a.pdf', archive['annex-a.pdf']!)]);
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);

    // The trail records each choice; the evidence file prints it under each optional document.
    const events = await t.database.db
      .select()
      .from(signatureEvents)
      .where(and(eq(signatureEvents.requestId, request.id), eq(signatureEvents.type, 'signed')))
      .orderBy(signatureEvents.seq);
    expect(events.map((e) => e.data.optionalDocuments)).toEqual([
      [
        { id: annexA, title: 'Annex A', signed: true },
        { id: annexB, title: 'Annex B', signed: false },
      ],
      [
        { id: annexA, title: 'Annex A', signed: false },
        { id: annexB, title: 'Annex B', signed: false },
      ],
    ]);
    const text = tools.run('pdftotext', ['-layout', tools.file('evidence.pdf', archive['attestation.pdf']!), '-']).stdout.replace(/\s+/g, ' ');
    expect(text).toContain('Annex A (annex-a.pdf, pdf-optional)');
    expect(text).toContain('Document facultatif signé par : LAST0 First0');
    expect(text).toContain('Document facultatif non signé, par choix de : LAST1 First1');
    expect(text).toContain('Document facultatif non signé, par choix de : LAST0 First0, LAST1 First1');
  });
});
