import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { relaunchCooldownMinutes } from '@paraphe/contracts';
import { signers as signerTable } from '../../src/domains/signatures/schema.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { messagesTo, placed, signer, signerRows, tenantWithGerant } from '../support/signatures.ts';
import { sentRequest } from '../support/signing-flow.ts';

/**
 * Relaunch (docs/security.md, "Documents and signatures"): a manual reminder goes to a signer at most once per
 * cool-down (60 minutes since their last reminder, manual or scheduled). Signers in cool-down are skipped; when
 * every waiting signer is, the call is refused with 429 RELAUNCH_TOO_SOON and the time it becomes possible.
 */
describe(`signatures: relaunch cool-down per signer (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let gerantEmail: string;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    gerantEmail = tenant.gerant.email;
  });
  afterAll(async () => {
    t.now.value = undefined;
    await t?.close();
  });

  const relaunch = (client: TestClient, id: string) => client.call('PUT', `/api/transactions/${id}`, 'history', { action: 'relaunch' });

  it('five clicks in a row mail one reminder; the next is possible an hour later', async () => {
    expect(relaunchCooldownMinutes).toBe(60);
    const s0 = signer(0);
    const request = await sentRequest(t, gerant, { signers: [s0], documents: [placed('contract.pdf', [0])] });
    const first = await relaunch(gerant, request.id);
    expect(first.statusCode, first.body).toBe(200);
    const signerId = request.signers[0]!.id;
    expect(first.json().data.relaunch).toEqual({ reminded: [signerId], skipped: [] });
    const remindedAt = (await signerRows(t, request.id))[0]!.lastReminderAt!;
    const availableAt = new Date(remindedAt.getTime() + 60 * 60_000).toISOString();
    const before = await t.snapshot();
    for (let i = 0; i < 4; i++) {
      const again = await relaunch(gerant, request.id);
      expect(again.statusCode, again.body).toBe(429);
      expect(again.json().error).toMatchObject({
        code: 'RELAUNCH_TOO_SOON',
        message: `Every waiting signer was reminded less than 60 minutes ago: a new reminder can be sent from ${availableAt}.`,
        details: { availableAt, cooldownMinutes: 60, signers: [{ signerId, availableAt }] },
      });
    }
    expect(await t.snapshot(), 'a refused relaunch changes nothing').toBe(before);
    expect(await messagesTo(t, s0.emailAddress, 'signature-reminder')).toHaveLength(1);

    // An hour later (a new login: access tokens follow the clock too), one more reminder.
    t.now.value = new Date(remindedAt.getTime() + 61 * 60_000);
    try {
      const later = await relaunch(await t.login(gerantEmail), request.id);
      expect(later.statusCode, later.body).toBe(200);
      expect(await messagesTo(t, s0.emailAddress, 'signature-reminder')).toHaveLength(2);
    } finally {
      t.now.value = undefined;
    }
  });

  it('skips the signers in cool-down and reminds the others', async () => {
    const [s0, s1] = [signer(0, { coSigner: true }), signer(1, { coSigner: true })];
    const request = await sentRequest(t, gerant, { signers: [s0, s1], documents: [placed('contract.pdf', [0, 1])] });
    const [r0, r1] = request.signers;
    // Two participants waiting: the second one invited too (as when both were reminded by the schedule), the first
    // one reminded ten minutes ago.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await t.database.inSystem(async (tx) => {
      await tx.update(signerTable).set({ lastReminderAt: tenMinutesAgo }).where(eq(signerTable.id, r0!.id));
      await tx.update(signerTable).set({ status: 'ready', invitedAt: new Date() }).where(eq(signerTable.id, r1!.id));
    });
    const res = await relaunch(gerant, request.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.relaunch).toEqual({
      reminded: [r1!.id],
      skipped: [{ signerId: r0!.id, availableAt: new Date(tenMinutesAgo.getTime() + 60 * 60_000).toISOString() }],
    });
    expect(await messagesTo(t, s0.emailAddress, 'signature-reminder')).toHaveLength(0);
    expect(await messagesTo(t, s1.emailAddress, 'signature-reminder')).toHaveLength(1);
  });

  it('reminds by SMS too when the request contacted the signer by SMS (the tenant has SMS)', async () => {
    const sms = await tenantWithGerant(t, { features: { sms: true } });
    const mobile = '+33612345699';
    const s0 = signer(0, { phoneNum: mobile });
    const request = await sentRequest(t, sms.client, { signers: [s0], documents: [placed('contract.pdf', [0])], options: { contactFirstSignerBy: 'sms' } });
    const res = await relaunch(sms.client, request.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await messagesTo(t, s0.emailAddress, 'signature-reminder')).toHaveLength(1);
    expect(await messagesTo(t, mobile, 'signature-reminder')).toHaveLength(1);
  });
});
