import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { HANDWRITING_LIMITS } from '@paraphe/signing';
import { handwritingLimits } from '@paraphe/contracts';
import { documentVersions, signatureDocuments } from '../../src/domains/signatures/schema.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { forceStatus, messagesTo, placed, requestRow, signer, signerRows, tenantWithGerant } from '../support/signatures.ts';
import { handwrittenPng, lastCode } from '../support/signing-page.ts';
import { pngHeaderOnly } from '../support/documents.ts';
import { completedDocuments, invitedApi, sentRequest, signAsInvited } from '../support/signing-flow.ts';
import { runCompletionJob } from '../../src/domains/signing/completion.ts';

/**
 * The public page never answers 500 for a document or an image (docs/security.md, "Documents and signatures"):
 * a stored document the engine cannot prepare or sign is DOCUMENT_UNSIGNABLE (422) on every call and no code is
 * sent for it; a handwritten PNG whose header announces too many pixels is refused (400) before anything is decoded.
 */
describe(`signing: failures are typed, never 500 (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
  });
  afterAll(async () => t?.close());

  const storageKeyOf = async (documentId: string) =>
    (
      await t.database.inSystem((tx) => tx.select({ key: signatureDocuments.storageKey }).from(signatureDocuments).where(eq(signatureDocuments.id, documentId)))
    )[0]!.key;

  it('a stored document the engine cannot read: 422 DOCUMENT_UNSIGNABLE on the view, the document, the code (none sent) and sign', async () => {
    const s0 = signer(0);
    const request = await sentRequest(t, gerant, { signers: [s0], documents: [placed('contract.pdf', [0])] });
    const docId = request.documents[0]!.id;
    // Accepted at upload; the stored file then goes bad (a storage fault, or an engine bound it now exceeds).
    await t.server.platform.storage.put(await storageKeyOf(docId), Buffer.from('%PDF-1.7\nthis is no longer a PDF\n'));

    const api = await invitedApi(t, s0.emailAddress);
    for (const [what, res] of [
      ['view', await api.view()],
      ['document', await api.document(docId)],
      ['code', await api.code()],
      ['sign', await api.sign({ code: '123456', consents: [] })],
    ] as const) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      expect(res.json().error, what).toMatchObject({
        code: 'DOCUMENT_UNSIGNABLE',
        message: 'The document "contract" cannot be prepared for signing: nothing was signed. Contact the sender.',
        details: { documentId: docId, reason: 'PDF_INVALID' },
      });
    }
    expect(await messagesTo(t, s0.emailAddress, 'signing-code'), 'no code is mailed for a document that cannot be signed').toHaveLength(0);
    expect((await signerRows(t, request.id))[0]!.status).toBe('ready');
    expect((await requestRow(t, request.id)).status).toBe('ready');
  });

  it('a prepared version that cannot take the signature: 422, nothing signed, the code still valid', async () => {
    const s0 = signer(0);
    const request = await sentRequest(t, gerant, { signers: [s0], documents: [placed('contract.pdf', [0])] });
    const docId = request.documents[0]!.id;
    const api = await invitedApi(t, s0.emailAddress);
    expect((await api.code()).statusCode).toBe(200);
    const [prepared] = await t.database.inSystem((tx) =>
      tx
        .select()
        .from(documentVersions)
        .where(and(eq(documentVersions.documentId, docId), eq(documentVersions.kind, 'prepared'))),
    );
    const good = await t.server.platform.storage.get(prepared!.storageKey);
    await t.server.platform.storage.put(prepared!.storageKey, good.subarray(0, good.length - 300));
    const code = await lastCode(t, s0.emailAddress);
    const res = await api.sign({ code, consents: [[]] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'DOCUMENT_UNSIGNABLE', details: { documentId: docId, reason: 'PDF_INVALID' } });
    // Restored, the same code signs: the failed attempt consumed nothing.
    await t.server.platform.storage.put(prepared!.storageKey, good);
    const signed = await api.sign({ code, consents: [[]] });
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('a malformed link answers 404 LINK_INVALID on every call, like a forged one (the page shows the invalid-link message)', async () => {
    for (const token of ['bogus', 'x', 'not.a.token', 'a'.repeat(999)]) {
      const res = await t.request({ method: 'GET', url: `/api/public/sign/${token}` });
      expect(res.statusCode, `${token}: ${res.body}`).toBe(404);
      expect(res.json().error.code).toBe('LINK_INVALID');
    }
    const code = await t.request({ method: 'POST', url: '/api/public/sign/bogus/code' });
    expect(code.json().error.code).toBe('LINK_INVALID');
  });

  it('a handwritten PNG announcing too many pixels is refused from its header: 400 IMAGE_TOO_LARGE', async () => {
    expect(handwritingLimits).toEqual({ maxSide: HANDWRITING_LIMITS.maxSide, maxPixels: HANDWRITING_LIMITS.maxPixels });
    const s0 = signer(0);
    await sentRequest(t, gerant, { signers: [s0], documents: [placed('contract.pdf', [0])], options: { handwritten: 'enabled' } });
    const api = await invitedApi(t, s0.emailAddress);
    expect((await api.code()).statusCode).toBe(200);
    const code = await lastCode(t, s0.emailAddress);
    for (const [width, height] of [
      [12_000, 12_000],
      [5000, 10],
      [2100, 2100],
    ] as const) {
      const png = pngHeaderOnly(width, height);
      expect(png.length).toBeLessThan(1024);
      const res = await api.sign({ code, consents: [[]], handwrittenPng: `data:image/png;base64,${png.toString('base64')}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'IMAGE_TOO_LARGE',
        message: `The handwritten signature image is ${width}×${height} pixels: at most 4096 pixels a side and 4,194,304 pixels in all are accepted. Draw it again.`,
        details: { width, height },
      });
    }
    // A header within the bounds whose data inflates far past it (2000 × 2000 announced, 100 MB of data): the
    // engine stops at the announced size, the answer is the same 400.
    const idatBomb = pngHeaderOnly(2000, 2000, deflateSync(Buffer.alloc(100 * 1024 * 1024)));
    const inflating = await api.sign({ code, consents: [[]], handwrittenPng: idatBomb.toString('base64') });
    expect(inflating.statusCode, inflating.body).toBe(400);
    expect(inflating.json().error.code).toBe('IMAGE_TOO_LARGE');
    // Nothing was consumed: the code still signs, with a normal image.
    const ok = await api.sign({ code, consents: [[]], handwrittenPng: handwrittenPng(600, 200) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a completion failing at its last attempt: failed with the reason, the requester told, retryCompletion completes it', async () => {
    const s0 = signer(0);
    const request = await sentRequest(t, gerant, { signers: [s0], documents: [placed('contract.pdf', [0])] });
    // The evidence file cannot be stored (a storage outage that outlasts the job's retries).
    const storage = t.server.platform.storage;
    const put = storage.put.bind(storage);
    storage.put = async (key, bytes) => {
      if (key.includes('/attestation-')) throw new Error('storage unavailable');
      return put(key, bytes);
    };
    try {
      await signAsInvited(t, s0.emailAddress);
      const job = { appId: gerant.appId, requestId: request.id };
      await expect(runCompletionJob(t.server.platform, job)).rejects.toThrow('storage unavailable');
      expect((await requestRow(t, request.id)).status, 'an attempt before the last one leaves it to the queue').toBe('signed');
      await runCompletionJob(t.server.platform, job, { last: true });
    } finally {
      storage.put = put;
    }
    const failed = (await gerant.call('GET', `/api/transactions/${request.id}`, 'history')).json().data;
    expect(failed).toMatchObject({ status: 'failed', completionFailure: 'storage unavailable', allowedActions: expect.arrayContaining(['retryCompletion']) });
    const notes = await t.notificationsAbout(gerant, 'signature.failed', request.id);
    expect(notes[0]?.message).toBe('"Sales contract" is signed but its documents could not be finalised: storage unavailable. Retry from the request.');

    const retried = await gerant.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'retryCompletion' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'signed', completionFailure: null });
    const [pdf] = await completedDocuments(t, gerant, request.id, [request.documents[0]!.id]);
    expect(pdf!.length).toBeGreaterThan(0);
    const again = await gerant.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'retryCompletion' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'INVALID_TRANSITION', message: 'Cannot retryCompletion a request that is completed' });
  });

  it('retryCompletion on a request whose sending failed: 409, nothing to finalise', async () => {
    const request = await sentRequest(t, gerant, { signers: [signer(0)], documents: [placed('contract.pdf', [0])] });
    await forceStatus(t, request.id, 'failed', 'failed');
    const view = (await gerant.call('GET', `/api/transactions/${request.id}`, 'history')).json().data;
    expect(view.allowedActions).not.toContain('retryCompletion');
    const res = await gerant.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'retryCompletion' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'Cannot retry the completion of a request that failed before it was signed.',
    });
    expect((await requestRow(t, request.id)).status).toBe('failed');
  });
});
