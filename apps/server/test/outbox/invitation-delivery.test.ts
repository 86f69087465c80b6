import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Campaign, InvitationDelivery, Operation } from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, multipartBody, placed, samplePdf, signer } from '../support/signatures.ts';
import { createCampaign, rows, signatory } from '../campaigns/support.ts';
import { startSmtp, stopSmtp, type SmtpSink } from '../support/smtp.ts';

/**
 * Issue 24 item 9: with the mail server down, a requester saw "Sent 2,000 — 100 %" while the invitations waited in
 * the outbox. Now the campaign, the operation and the request say how many invitations are delivered, waiting and
 * failed, /healthz says the mail transport is failing, and when the server comes back the figures turn delivered.
 * A real SMTP peer (smtp-server), stopped and started again on the same port; it refuses `nobody@` for good (550).
 */

const refuseNobody = { refuse: (address: string) => address.startsWith('nobody') };

describe(`invitations not delivered are shown, and /healthz says the mail transport fails (${engine})`, () => {
  let t: TestContext;
  let peer: SmtpSink;
  let client: TestClient;

  beforeAll(async () => {
    peer = await startSmtp(0, refuseNobody);
    t = await createTestContext({
      env: { SMTP_URL: `smtp://127.0.0.1:${peer.port}`, MAIL_RETRY_FIRST_DELAY_SECONDS: '1', MAIL_RETRY_MAX_DELAY_SECONDS: '2', EMAIL_DOMAIN_CHECK: 'off' },
    });
    const tenant = await t.factory.tenant({ doubleAuth: false, features: { campaign: true, operation: true } });
    client = await t.login(tenant.gerant.email);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (peer) await stopSmtp(peer.server);
  });

  const health = async () =>
    (await t.request({ method: 'GET', url: '/healthz' })).json() as {
      status: string;
      mail?: { state: string; consecutiveFailures: number; lastSuccessAt: string | null; oldestWaitingSeconds: number | null };
    };
  const campaignView = async (id: string) => (await client.call('GET', `/api/campains/${id}`, 'campaign')).json().data as Campaign;
  const campaignStatistics = async (id: string) =>
    (await client.call('GET', `/api/campains/${id}/statistics`, 'campaign')).json().data as { sent: number; invitations: InvitationDelivery };
  const operationView = async (id: string) => (await client.call('GET', `/api/batches/${id}`, 'operation')).json().data as Operation;
  const operationStatistics = async (id: string) =>
    (await client.call('GET', `/api/batches/${id}/statistics`, 'operation')).json().data as { invitations: InvitationDelivery };
  const requestSigners = async (id: string) =>
    (await client.call('GET', `/api/transactions/${id}`, 'history')).json().data.signers as { signerIndex: number; lastMessage: { status: string } | null }[];

  it('campaign, operation and request show waiting then delivered / failed; /healthz shows mail failing then ok', async () => {
    // The mail server goes down before anything is sent.
    await stopSmtp(peer.server);

    const campaign = await createCampaign(t, client, {
      signatories: [signatory(0), signatory(1), signatory(2, { emailAddress: `nobody-${Date.now()}@example.com` })],
      send: true,
    });
    const pdf = await samplePdf();
    const operationId = (await client.call('GET', '/api/batches/ids', 'operation')).json().data.id as string;
    const person = (name: string) => ({ firstname: name, lastname: 'Tester', emailAddress: `${name.toLowerCase()}-${Date.now()}@example.com` });
    const { payload, headers } = multipartBody([
      { name: 'label', value: 'Orders' },
      {
        name: 'transactionOrders',
        value: JSON.stringify([
          { transactionSigners: [person('Ann')], document: 'one.pdf' },
          { transactionSigners: [person('Bob')], document: 'one.pdf' },
        ]),
      },
      { name: 'status', value: 'pending' },
      { name: 'files', fileName: 'one.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    const operationSent = await t.request({
      method: 'POST',
      url: `/api/batches/${operationId}`,
      token: await client.token('operation'),
      body: payload,
      headers,
    });
    expect(operationSent.statusCode, operationSent.body).toBe(200);
    const request = await draft(t, client, { signers: [signer(0)], documents: [placed('contract.pdf', [0])] });
    expect((await client.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' })).statusCode).toBe(200);

    // While it is down: every copy is made ("sent"), but no invitation is delivered; they wait, retried.
    const waitingCampaign = await t.waitFor(async () => {
      const stats = await campaignStatistics(campaign.id);
      return stats.sent === 3 && stats.invitations.waiting === 3 && stats;
    }, 60_000);
    expect(waitingCampaign.invitations).toEqual({ delivered: 0, waiting: 3, failed: 0 });
    expect((await campaignView(campaign.id)).invitations).toEqual({ delivered: 0, waiting: 3, failed: 0 });
    await t.waitFor(async () => (await operationStatistics(operationId)).invitations.waiting === 2, 60_000);
    expect((await operationView(operationId)).invitations).toEqual({ delivered: 0, waiting: 2, failed: 0 });
    await t.waitFor(async () => (await requestSigners(request.id))[0]?.lastMessage?.status === 'retrying', 60_000);
    const failing = await t.waitFor(async () => {
      const h = await health();
      return h.mail?.state === 'failing' && h;
    }, 30_000);
    expect(failing.mail).toMatchObject({ state: 'failing', lastSuccessAt: null });
    expect(failing.mail!.consecutiveFailures).toBeGreaterThan(0);
    expect(failing.mail!.oldestWaitingSeconds).toEqual(expect.any(Number));
    expect(failing.status).toBe('ok'); // mail failing never makes the node unhealthy: the API works, mail waits

    // The server comes back on the same address: the retries deliver; the refused address fails for good.
    peer = await startSmtp(peer.port, refuseNobody);
    const settled = await t.waitFor(async () => {
      const stats = await campaignStatistics(campaign.id);
      return stats.invitations.waiting === 0 && stats;
    }, 60_000);
    expect(settled.invitations).toEqual({ delivered: 2, waiting: 0, failed: 1 });
    await t.waitFor(async () => (await operationStatistics(operationId)).invitations.delivered === 2, 60_000);
    expect((await operationView(operationId)).invitations).toEqual({ delivered: 2, waiting: 0, failed: 0 });
    await t.waitFor(async () => (await requestSigners(request.id))[0]?.lastMessage?.status === 'sent', 60_000);
    const healthy = await t.waitFor(async () => {
      const h = await health();
      return h.mail?.state === 'ok' && h;
    }, 30_000);
    expect(healthy.mail).toMatchObject({ state: 'ok', consecutiveFailures: 0, lastSuccessAt: expect.any(String) });

    // The figures are the messages' own states (the counters agree with a count of the outbox).
    const counted = await rows<{ status: string; n: number }>(
      t,
      sql`select status, count(*)::int as n from outbox_messages where tally = ${`invitations:campaign:${campaign.id}`} group by status order by status`,
    );
    expect(counted).toEqual([
      { status: 'failed', n: 1 },
      { status: 'sent', n: 2 },
    ]);
  }, 240_000);

  it('another tenant reads none of these figures (the counters are tenant rows under RLS)', async () => {
    const other = await t.factory.tenant({ doubleAuth: false, features: { campaign: true } });
    const count = sql`select count(*)::int as n from outbox_tallies`;
    const seen = await t.database.inTenant(other.appId, async (tx) => ((await tx.execute(count)) as unknown as { rows: { n: number }[] }).rows);
    expect(seen).toEqual([{ n: 0 }]);
    expect((await rows<{ n: number }>(t, count))[0]!.n).toBeGreaterThan(0);
  });
});
