import { expect } from 'vitest';
import type { TestClient, TestContext } from './harness.ts';
import { draft, messagesTo, requestRow, signerRows, type CreateOptions } from './signatures.ts';
import { lastCode, signingApi, tokenOf } from './signing-page.ts';

/** The product path of documents-*.test.ts and signing-*.test.ts: create, send, sign through the public API, download. */

/** A request created and sent; resolves once its first participant is invited. */
export async function sentRequest(t: TestContext, client: TestClient, opts: CreateOptions & { level?: number }) {
  const request = await draft(t, client, opts);
  const sent = await client.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' });
  expect(sent.statusCode, sent.body).toBe(200);
  await t.waitFor(async () => ['ready', 'wait_cosigner'].includes((await requestRow(t, request.id)).status));
  return { id: request.id, signers: await signerRows(t, request.id), documents: request.documents };
}

/** The public API of the link in the last invitation mailed to `email`. */
export async function invitedApi(t: TestContext, email: string) {
  const invitations = await messagesTo(t, email, 'signature-invitation');
  expect(invitations.length, `no invitation to ${email}`).toBeGreaterThan(0);
  return signingApi(t, tokenOf(invitations.at(-1)!.text));
}

/** Opens the invitation of `email`, asks a code (by e-mail) and signs with every consent ticked. */
export async function signAsInvited(t: TestContext, email: string, opts: { handwrittenPng?: string; consents?: boolean[][] } = {}) {
  const api = await invitedApi(t, email);
  const view = await api.view();
  expect(view.statusCode, view.body).toBe(200);
  const code = await api.code();
  expect(code.statusCode, code.body).toBe(200);
  const consents = opts.consents ?? view.json().data.documents.map((d: { checkBoxTexts: string[] }) => d.checkBoxTexts.map(() => true));
  const signed = await api.sign({ code: await lastCode(t, email), consents, ...(opts.handwrittenPng ? { handwrittenPng: opts.handwrittenPng } : {}) });
  expect(signed.statusCode, signed.body).toBe(200);
  return signed.json().data as { outcome: string; requestStatus: string };
}

/** Waits for the completion job, then downloads each document as the requester (the completed B-LTA file). */
export async function completedDocuments(t: TestContext, client: TestClient, requestId: string, documentIds: string[]): Promise<Uint8Array[]> {
  await t.waitFor(async () => (await requestRow(t, requestId)).status === 'completed', 60_000);
  const files: Uint8Array[] = [];
  for (const id of documentIds) {
    const res = await client.call('GET', `/api/transactions/${requestId}/documents/${id}`, 'history');
    expect(res.statusCode, res.body).toBe(200);
    files.push(new Uint8Array(res.rawPayload));
  }
  return files;
}
