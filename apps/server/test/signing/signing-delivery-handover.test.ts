import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, messagesTo, placed, requestRow, signer, tenantWithGerant } from '../support/signatures.ts';
import { lastCode, signingApi, tokenOf } from '../support/signing-page.ts';
import { completedDocuments, sentRequest, signAsInvited } from '../support/signing-flow.ts';

let t: TestContext;
let gerant: TestClient;
beforeAll(async () => {
  // 0: any signed file is too big to attach.
  t = await createTestContext({ env: { MAIL_ATTACHMENT_MAX_MB: '0' } });
  gerant = (await tenantWithGerant(t)).client;
});
afterAll(async () => t?.close());

/**
 * Signed documents over MAIL_ATTACHMENT_MAX_MB are not attached: the signer gets their signing page, the copies
 * (finalDocCCeMails) a signed 30-day link to a ZIP (docs/signatures.md, "Completion").
 */
describe(`signing: copies too large to attach get a download link (${engine})`, () => {
  let copyUrl: string;
  let signerLinkMail: string;
  const copyEmail = 'copy@example.com';
  beforeAll(async () => {
    const s0 = signer(0);
    const request = await sentRequest(t, gerant, {
      signers: [s0],
      documents: [placed('contract.pdf', [0])],
      options: { signedDocuments: { sendCopy: true, toSigners: true }, finalDocCCeMails: [copyEmail] },
    });
    await signAsInvited(t, s0.emailAddress);
    await completedDocuments(t, gerant, request.id, []);
    const [signerMail] = await messagesTo(t, s0.emailAddress, 'signed-documents-link');
    expect(signerMail!.text).toContain('/#/sign/');
    signerLinkMail = signerMail!.text;
    const [copyMail] = await messagesTo(t, copyEmail, 'signed-documents-link');
    expect(copyMail!.attachments ?? []).toEqual([]);
    copyUrl = /https?:\/\/\S+\/api\/public\/copies\/[\w.-]+/.exec(copyMail!.text)![0];
  });
  const get = (path: string) => t.request({ method: 'GET', url: path });

  it('the link downloads a ZIP of the signed documents, without any session', async () => {
    const res = await get(new URL(copyUrl).pathname);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(['contract.pdf']);
    expect(Buffer.from(files['contract.pdf']!.slice(0, 5)).toString()).toBe('%PDF-');
  });

  it('a forged link, or a signing link, is 404 LINK_INVALID; past 30 days 410 expired', async () => {
    const path = new URL(copyUrl).pathname;
    const forged = await get(`${path.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error).toMatchObject({ code: 'LINK_INVALID', message: 'This download link is not valid.' });
    const signingToken = tokenOf(signerLinkMail);
    expect((await get(`/api/public/copies/${signingToken}`)).statusCode).toBe(404);
    t.now.value = new Date(Date.now() + 31 * 86_400_000);
    try {
      const expired = await get(path);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error).toMatchObject({ code: 'LINK_UNAVAILABLE', details: { reason: 'expired' } });
    } finally {
      t.now.value = undefined;
    }
  });
});

/** Face to face: after one participant signs, the page continues with the next one on the same device. */
describe(`signing: face to face hands over to the next signer (${engine})`, () => {
  it('the sign answer carries the next signer and their own link (no success redirect yet); none after the last', async () => {
    const [s0, s1] = [signer(0), signer(1)];
    const request = await draft(t, gerant, {
      signers: [s0, s1],
      documents: [placed('contract.pdf', [0, 1])],
      options: { chainingMode: 'faceToFace', successRedirection: 'https://example.com/thanks' },
    });
    const sent = (await gerant.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' })).json().data;
    await t.waitFor(async () => (await requestRow(t, request.id)).status === 'ready');
    const signWith = async (token: string, email: string) => {
      const api = signingApi(t, token);
      expect((await api.code()).statusCode).toBe(200);
      const res = await api.sign({ code: await lastCode(t, email), consents: [[]] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const first = await signWith(tokenOf(sent.links[0].url), s0.emailAddress);
    expect(first).toMatchObject({
      outcome: 'signed',
      requestStatus: 'ready',
      redirectUrl: null,
      nextSigner: { name: sent.links[1].name, token: tokenOf(sent.links[1].url) },
    });
    const nextView = await signingApi(t, first.nextSigner.token).view();
    expect(nextView.json().data).toMatchObject({ turn: 'yourTurn' });
    const last = await signWith(first.nextSigner.token, s1.emailAddress);
    expect(last).toMatchObject({ outcome: 'signed', requestStatus: 'signed', redirectUrl: 'https://example.com/thanks', nextSigner: null });
  });
});
