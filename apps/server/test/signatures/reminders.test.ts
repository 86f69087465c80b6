import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { runSignatureSweep } from '../../src/domains/signatures/sweep.ts';
import { notifications as notificationRows } from '../../src/domains/notifications/schema.ts';
import { signingToken, verifySigningLink } from '../../src/domains/signatures/links.ts';
import { onSignerFinished } from '../../src/domains/signatures/workflow.ts';
import { createRequest, draft, messagesTo, placed, requestRow, signer, signerRows, tenantWithGerant } from '../support/signatures.ts';

const day = 86_400_000;
const minute = 60_000;

/** Its own context: the clock travels here, which would expire the requests of other files. */
describe(`signature requests: reminders, expiry, signing links (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let gerantEmail: string;
  let base: Date;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t, { features: { sms: true } });
    gerant = tenant.client;
    gerantEmail = tenant.gerant.email;
  });
  afterAll(async () => t?.close());

  const at = (offsetMs: number) => {
    t.now.value = new Date(base.getTime() + offsetMs);
    return runSignatureSweep(t.server.platform);
  };
  /** Sends at the frozen base time and waits for the invitations. */
  async function sent(options: Record<string, unknown>, signers = [signer(0, { phoneNum: '+33611111111' })]) {
    const request = await draft(t, gerant, {
      signers,
      documents: [
        placed(
          'contract.pdf',
          signers.map((s) => s.signerIndex),
        ),
      ],
      options,
    });
    await gerant.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' });
    await t.waitFor(async () => (await requestRow(t, request.id)).status === 'ready');
    return { id: request.id, signers: await signerRows(t, request.id) };
  }

  it('reminds by mail and SMS on schedule until expiry, then expires the request once', async () => {
    base = new Date();
    t.now.value = base;
    const withReminders = await sent({
      expiryDays: 10,
      reminders: { mail: { firstAfterDays: 2, intervalDays: 3 }, sms: { firstAfterDays: 4, intervalDays: 0 } },
    });
    const without = await sent({ expiryDays: 20, reminders: { mail: { firstAfterDays: 0, intervalDays: 1 } } }, [signer(0)]);
    const email = withReminders.signers[0]!.email;
    const reminders = async () => (await messagesTo(t, email, 'signature-reminder')).length;
    const smsReminders = async () => (await messagesTo(t, '+33611111111', 'signature-reminder')).length;
    expect(withReminders.signers[0]!.invitedAt!.getTime()).toBe(base.getTime());

    await at(2 * day - minute);
    expect(await reminders()).toBe(0);
    await at(2 * day + minute);
    expect(await reminders()).toBe(1);
    await at(2 * day + 2 * minute); // due once only
    expect(await reminders()).toBe(1);
    await at(4 * day + minute);
    expect([await reminders(), await smsReminders()]).toEqual([1, 1]);
    await at(5 * day + minute);
    expect(await reminders()).toBe(2);
    await at(8 * day + minute);
    expect([await reminders(), await smsReminders()]).toEqual([3, 1]); // SMS interval 0: one reminder only
    const row = (await signerRows(t, withReminders.id))[0]!;
    expect([row.mailReminders, row.smsReminders]).toEqual([3, 1]);

    await at(10 * day + minute);
    expect(await reminders()).toBe(3); // expired, not reminded
    const expired = await requestRow(t, withReminders.id);
    expect(expired.status).toBe('expired');
    expect((await signerRows(t, withReminders.id)).map((s) => s.status)).toEqual(['expired']);
    expect(await messagesTo(t, gerantEmail, 'signature-expired')).toHaveLength(1);
    const notifications = await t.waitFor(async () => {
      const rows = await t.database.db.select().from(notificationRows);
      return rows.some((n) => n.type === 'signature.expired' && n.data.requestId === withReminders.id) ? rows : null;
    });
    expect(notifications.filter((n) => n.type === 'signature.expired' && n.data.requestId === withReminders.id)).toHaveLength(1);

    const snapshot = await t.snapshot();
    await at(11 * day);
    expect(await t.snapshot()).toBe(snapshot);
    // firstAfterDays 0: never reminded.
    expect(await messagesTo(t, without.signers[0]!.email, 'signature-reminder')).toHaveLength(0);
    expect((await requestRow(t, without.id)).status).toBe('ready');
    await at(20 * day + minute);
    expect((await requestRow(t, without.id)).status).toBe('expired');
  });

  it('stops reminding a signer who acted', async () => {
    base = new Date();
    t.now.value = base;
    const request = await sent({ reminders: { mail: { firstAfterDays: 1, intervalDays: 1 } } }, [signer(0), signer(1)]);
    await onSignerFinished({ platform: t.server.platform, requestId: request.id, signerId: request.signers[0]!.id, outcome: 'signed' });
    await at(1 * day + minute);
    await at(2 * day + minute);
    expect(await messagesTo(t, request.signers[0]!.email, 'signature-reminder')).toHaveLength(0);
    // The second was invited when the first signed (at base): reminded from then on.
    expect(await messagesTo(t, request.signers[1]!.email, 'signature-reminder')).toHaveLength(2);
  });

  it('stops after the maximum number of reminders, and a bad maximum is refused with the field named', async () => {
    base = new Date();
    t.now.value = base;
    const refused = await createRequest(t, gerant, {
      signers: [signer(0)],
      options: { reminders: { mail: { firstAfterDays: 1, intervalDays: 1, maxCount: 0 } } },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(
      refused.json().error.fields.map((f: { field: string }) => f.field),
      refused.body,
    ).toContain('optionsRequest.reminders.mail.maxCount');
    const request = await sent({ expiryDays: 30, reminders: { mail: { firstAfterDays: 1, intervalDays: 1, maxCount: 2 } } }, [signer(0)]);
    for (let d = 1; d <= 6; d++) await at(d * day + minute);
    expect(await messagesTo(t, request.signers[0]!.email, 'signature-reminder')).toHaveLength(2);
    expect((await signerRows(t, request.id))[0]!.nextMailReminderAt).toBeNull();
  });

  it('signing links: valid, tampered, forged, expired', async () => {
    base = new Date();
    t.now.value = base;
    const request = await sent({ expiryDays: 5 }, [signer(0)]);
    const [mail] = await messagesTo(t, request.signers[0]!.email, 'signature-invitation');
    const token = /#\/sign\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const platform = t.server.platform;
    expect(verifySigningLink(platform, token)).toMatchObject({ requestId: request.id, signerId: request.signers[0]!.id });

    const [payload, mac] = token.split('.') as [string, string];
    const flipped = `${payload.slice(0, -2)}${payload.at(-2) === 'A' ? 'B' : 'A'}${payload.at(-1)}.${mac}`;
    const otherSigner = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), s: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const wrongKey = signingToken(Buffer.alloc(32, 7), { requestId: request.id, signerId: request.signers[0]!.id, expiresAt: new Date(base.getTime() + day) });
    for (const bad of [flipped, `${otherSigner}.${mac}`, wrongKey, `${token}.x`, 'garbage', '']) {
      expect(() => verifySigningLink(platform, bad)).toThrow(expect.objectContaining({ code: 'TOKEN_INVALID' }));
    }
    t.now.value = new Date(base.getTime() + 5 * day + minute);
    expect(() => verifySigningLink(platform, token)).toThrow(expect.objectContaining({ code: 'TOKEN_EXPIRED' }));
  });
});
