import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { outboxMessages } from '../../src/platform/db/schema/index.ts';
import { createTestContext, engine, freshIp, linkToken, password, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, signer } from '../support/signatures.ts';

interface Person {
  id: string;
  email: string;
}
const form = (who: Person, extra: Record<string, unknown> = {}) => ({
  firstName: 'Test',
  lastName: 'User',
  email: who.email,
  profile: 'COMPTABLE',
  language: 'fr',
  active: true,
  ...extra,
});

/**
 * Item 9 of the trust issue: nobody acts on an account that has rights they do not have. The hostile sequence: a
 * GERANT places a COMPTABLE under a MANAGER; the MANAGER used to be able to change the COMPTABLE's e-mail to an
 * address they own, mail it a password link, log in as the COMPTABLE (billing.*) and read every request of the
 * tenant, outside their branch.
 */
describe(`accounts: no action on an account with more rights (${engine})`, () => {
  let t: TestContext;
  let appId: string;
  let G: Person, M: Person, K: Person, C: Person;
  let asG: TestClient, asM: TestClient;
  const attacker = `attacker-${Date.now().toString(36)}@evil.example`;
  const mailsTo = async (to: string) => (await t.database.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.to, to)))[0]!.n;

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await t.factory.tenant({ doubleAuth: false });
    appId = tenant.appId;
    G = tenant.gerant;
    M = await t.factory.user(appId, { profile: 'MANAGER', parentId: G.id });
    K = await t.factory.user(appId, { profile: 'COMPTABLE', parentId: G.id });
    C = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: M.id });
    [asG, asM] = await Promise.all([t.login(G.email), t.login(M.email)]);
    // The GERANT places the COMPTABLE under the MANAGER: it becomes one of the MANAGER's descendants.
    const placed = await asG.call('PUT', `/api/Users/${K.id}`, 'user', form(K, { parentId: M.id }));
    expect(placed.statusCode, placed.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('refuses the takeover chain at its first step and changes nothing', async () => {
    // A request of the GERANT, outside the MANAGER's branch: what the takeover was after.
    await draft(t, asG, { label: 'Board contract', signers: [signer(0)] });
    expect((await asM.call('GET', `/api/Users/${K.id}`, 'user')).statusCode).toBe(200); // visible, as before

    const before = await t.snapshot();
    const takeover = await asM.call('PUT', `/api/Users/${K.id}`, 'user', form(K, { email: attacker, parentId: M.id }));
    expect(takeover.statusCode, takeover.body).toBe(403);
    expect(takeover.json().error.code).toBe('FORBIDDEN');
    const link = await asM.call('POST', `/api/Users/${K.id}/password/web`, 'user');
    expect(link.statusCode).toBe(403);
    expect(await t.snapshot()).toBe(before);
    expect(await mailsTo(attacker)).toBe(0);
    expect(await mailsTo(K.email)).toBe(0);
  });

  it('refuses every other action on the COMPTABLE: profile, details, deactivation, deletion, signing out', async () => {
    const before = await t.snapshot();
    for (const body of [
      form(K, { parentId: M.id, profile: 'COMMERCIAL' }),
      form(K, { parentId: M.id, firstName: 'Renamed' }),
      form(K, { parentId: M.id, active: false }),
    ]) {
      const res = await asM.call('PUT', `/api/Users/${K.id}`, 'user', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect((await asM.call('DELETE', `/api/Users/${K.id}`, 'user')).statusCode).toBe(403);
    expect((await asM.call('DELETE', `/api/Users/logged/${K.id}`, 'user')).statusCode).toBe(403);
    expect(await t.snapshot()).toBe(before);
  });

  it('still lets the MANAGER manage a user whose rights they hold, and the GERANT manage everyone', async () => {
    const edited = await asM.call('PUT', `/api/Users/${C.id}`, 'user', { ...form(C, { profile: 'COMMERCIAL', parentId: M.id }), firstName: 'Carl' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await asM.call('POST', `/api/Users/${C.id}/password/web`, 'user')).statusCode).toBe(200);
    expect((await t.lastMessageTo(C.email))!.template).toBe('reset-password');
    expect((await asG.call('POST', `/api/Users/${K.id}/password/web`, 'user')).statusCode).toBe(200);
    expect((await asG.call('PUT', `/api/Users/${K.id}`, 'user', { ...form(K, { parentId: M.id }), firstName: 'Kim' })).statusCode).toBe(200);
    // The GERANT holds every right of the tenant: commuting into the COMPTABLE is allowed.
    expect((await asG.call('POST', '/api/auth/commute', 'user', { appId, userId: K.id })).statusCode).toBe(200);
    expect((await asG.call('DELETE', '/api/auth/commute', 'user')).statusCode).toBe(200);
  });

  it('refuses that a MANAGER turns a subordinate into a profile with rights they lack', async () => {
    const before = await t.snapshot();
    for (const profile of ['COMPTABLE', 'GERANT']) {
      const res = await asM.call('PUT', `/api/Users/${C.id}`, 'user', { ...form(C, { parentId: M.id }), profile });
      expect(res.statusCode, profile).toBe(403);
    }
    expect(await t.snapshot()).toBe(before);
  });

  it('in commuted mode, acts with the viewed user’s rights: a GERANT viewing as the MANAGER cannot touch the COMPTABLE', async () => {
    expect((await asG.call('POST', '/api/auth/commute', 'user', { appId, userId: M.id })).statusCode).toBe(200);
    try {
      const res = await asG.call('PUT', `/api/Users/${K.id}`, 'user', form(K, { email: attacker, parentId: M.id }));
      expect(res.statusCode).toBe(403);
    } finally {
      await asG.call('DELETE', '/api/auth/commute', 'user');
    }
  });

  it('keeps the COMPTABLE’s own access working (their password, their address)', async () => {
    const [message] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, K.email));
    expect(message?.template).toBe('reset-password'); // the GERANT's link above, to the COMPTABLE's own address
    const reset = await t.request({ method: 'POST', url: '/api/auth/password/reset', body: { token: linkToken(message!.text), password }, headers: freshIp() });
    expect(reset.statusCode, reset.body).toBe(200);
    const asK = await t.login(K.email);
    expect((await asK.call('GET', '/api/Users/web/me', 'user')).json().data.permissions).toContain('billing.manage');
  });
});
