import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTransport } from '../../src/platform/messaging/transports.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, placed, signer, tenantWithGerant } from '../support/signatures.ts';

/** A mail server that refuses every message (an address it bounces, a provider outage). */
const refusingTransport: MailTransport = {
  kind: 'smtp',
  send: async () => {
    throw new Error('550 5.1.1 mailbox unavailable');
  },
  verify: async () => undefined,
  close: () => undefined,
};

describe(`the requester sees whether each participant was reached (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  beforeAll(async () => {
    t = await createTestContext({ mailTransport: refusingTransport });
    gerant = (await tenantWithGerant(t)).client;
  });
  afterAll(async () => t?.close());

  it("shows an invitation that could not be delivered on the signer, with the mail server's answer", async () => {
    const request = await draft(t, gerant, { signers: [signer(0), signer(1)], documents: [placed('contract.pdf', [0, 1])] });
    const sent = await gerant.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' });
    expect(sent.statusCode).toBe(200);
    const view = await t.waitFor(async () => {
      const body = (await gerant.call('GET', `/api/transactions/${request.id}`, 'history')).json().data as {
        signers: { signerIndex: number; lastMessage: { status: string; error: string | null; channel: string } | null }[];
      };
      return body.signers.find((s) => s.signerIndex === 0)?.lastMessage?.status === 'retrying' ? body : null;
    }, 20_000);
    const [first, second] = [...view.signers].sort((a, b) => a.signerIndex - b.signerIndex);
    expect(first!.lastMessage).toMatchObject({ channel: 'email', status: 'retrying', error: expect.stringContaining('550') });
    expect(second!.lastMessage).toBeNull(); // not invited yet (e-mail chaining)
  });
});
