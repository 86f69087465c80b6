import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, forceStatus, messagesTo, placed, requestRow, signer, signerRows, tenantWithGerant } from '../support/signatures.ts';
import { signingApi, tokenOf } from '../support/signing-page.ts';
import { runSignatureSweep } from '../../src/domains/signatures/sweep.ts';
import { runSendJob, sendQueue } from '../../src/domains/signatures/workflow.ts';
import { signers as signerTable } from '../../src/domains/signatures/schema.ts';

const day = 86_400_000;

/**
 * Item 12 of the trust issue: a suspended tenant's requests are closed to their signers (410 LINK_UNAVAILABLE,
 * reason `suspended`), and no job sends their invitations or reminders until the tenant is enabled again.
 */
describe(`a suspended tenant's signing links and jobs (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let admin: TestClient;
  let appId: string;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    appId = tenant.appId;
    admin = await t.login(adminEmail);
  });
  afterAll(async () => t?.close());

  const setEnabled = async (enabled: boolean) => {
    const res = await admin.call('PUT', `/api/applications/${appId}`, 'application', { enabled });
    expect(res.statusCode, res.body).toBe(200);
  };
  async function sentRequest(options: Record<string, unknown> = {}) {
    const request = await draft(t, gerant, { signers: [signer(0)], documents: [placed('contract.pdf', [0])], options });
    expect((await gerant.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' })).statusCode).toBe(200);
    await t.waitFor(async () => (await requestRow(t, request.id)).status === 'ready');
    return { id: request.id, signer: (await signerRows(t, request.id))[0]! };
  }

  it('closes the signing page of a suspended tenant: reading and acting answer 410 suspended', async () => {
    const request = await sentRequest();
    const api = signingApi(t, tokenOf((await messagesTo(t, request.signer.email, 'signature-invitation')).at(-1)!.text));
    expect((await api.view()).statusCode).toBe(200);

    await setEnabled(false);
    try {
      const before = await t.snapshot();
      for (const res of [
        await api.view(),
        await api.code(),
        await api.sign({ code: '123456', consents: [[true]] }),
        await api.refuse('no'),
        await api.document(request.id),
      ]) {
        expect(res.statusCode, res.body).toBe(410);
        expect(res.json().error).toMatchObject({ code: 'LINK_UNAVAILABLE', details: { reason: 'suspended' } });
      }
      expect(await t.snapshot()).toBe(before);
    } finally {
      await setEnabled(true);
    }
    expect((await api.view()).statusCode).toBe(200);
  });

  it('holds the invitations of a request sent just before the suspension, and sends them once enabled', async () => {
    const request = await draft(t, gerant, { signers: [signer(0)], documents: [placed('contract.pdf', [0])] });
    const email = request.signers[0]!.emailAddress;
    await setEnabled(false);
    try {
      // As if sent a moment before the suspension: the send job finds the request pending.
      await forceStatus(t, request.id, 'pending', 'waiting');
      await runSendJob(t.server.platform, { appId, requestId: request.id });
      expect((await requestRow(t, request.id)).status).toBe('pending');
      expect(await messagesTo(t, email, 'signature-invitation')).toHaveLength(0);
      // The job is planned again, for later.
      const later = (await t.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${sendQueue} and data->>'requestId' = ${request.id} and start_after > now() + interval '30 minutes'`,
      )) as unknown as { rows: { n: number }[] };
      expect(later.rows[0]!.n).toBe(1);
    } finally {
      await setEnabled(true);
    }
    await runSendJob(t.server.platform, { appId, requestId: request.id });
    expect((await requestRow(t, request.id)).status).toBe('ready');
    expect(await messagesTo(t, email, 'signature-invitation')).toHaveLength(1);
  });

  it('sends no reminder while suspended; the due ones go out once enabled again', async () => {
    const request = await sentRequest({ reminders: { mail: { firstAfterDays: 1, intervalDays: 0 } } });
    const reminders = async () => (await messagesTo(t, request.signer.email, 'signature-reminder')).length;
    const base = Date.now();
    await setEnabled(false);
    try {
      t.now.value = new Date(base + day + 60_000);
      await runSignatureSweep(t.server.platform);
      expect(await reminders()).toBe(0);
      // Postponed, not dropped.
      const [row] = await t.database.db.select().from(signerTable).where(eq(signerTable.id, request.signer.id));
      expect(row!.nextMailReminderAt!.getTime()).toBeGreaterThan(base + day + 60_000);
      t.now.value = undefined;
      await setEnabled(true);
      t.now.value = new Date(base + day + 2 * 3_600_000);
      await runSignatureSweep(t.server.platform);
      expect(await reminders()).toBe(1);
    } finally {
      t.now.value = undefined;
      await setEnabled(true);
    }
  });
});
