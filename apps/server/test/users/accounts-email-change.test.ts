import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { errorMessages } from '@paraphe/contracts';
import { auditEvents, domainEvents } from '../../src/platform/db/schema/index.ts';
import { createTestContext, engine, freshIp, linkToken, password, type TestClient, type TestContext } from '../support/harness.ts';
import { messagesTo } from '../support/signatures.ts';

interface Person {
  id: string;
  email: string;
}
let sequence = 0;
const fresh = (prefix: string) => `${prefix}-${++sequence}-${Date.now().toString(36)}@example.com`;
const form = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Test',
  lastName: 'COMMERCIAL',
  email,
  profile: 'COMMERCIAL',
  language: 'fr',
  active: true,
  ...extra,
});

/**
 * Item 9, second half: an e-mail address set by someone else only becomes the login address once its owner
 * confirms it from the link mailed to it; the current address is told. Item 12: whether an address is used is
 * answered about the caller's tenant only.
 */
describe(`accounts: e-mail changes wait for the new address (${engine})`, () => {
  let t: TestContext;
  let appId: string;
  let G: Person;
  let asG: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await t.factory.tenant({ doubleAuth: false });
    appId = tenant.appId;
    G = tenant.gerant;
    asG = await t.login(G.email);
  });
  afterAll(async () => t?.close());

  const loginStatus = async (email: string, pass = password) =>
    (await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: pass }, headers: freshIp() })).statusCode;
  const confirm = (token: string) => t.request({ method: 'POST', url: '/api/auth/email/confirm', body: { token }, headers: freshIp() });
  const lastLink = async (to: string) => linkToken((await messagesTo(t, to, 'confirm-email-change')).at(-1)!.text);
  const newUser = () => t.factory.user(appId, { profile: 'COMMERCIAL', parentId: G.id });
  /** The `changed` lists of the user.updated events about a user, oldest first. */
  const updatesOf = async (userId: string) =>
    (await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'user.updated')).orderBy(domainEvents.occurredAt))
      .filter((e) => e.data.userId === userId)
      .map((e) => e.data.changed);

  it('keeps the login on the old address until the new one confirms, tells the old one, then switches', async () => {
    const user = await newUser();
    const next = fresh('next');
    const res = await asG.call('PUT', `/api/Users/${user.id}`, 'user', form(next, { parentId: G.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: user.email, pendingEmail: next });

    // Until confirmed: the old address logs in, the new one does not.
    expect(await loginStatus(next)).toBe(401);
    expect(await loginStatus(user.email)).toBe(200);
    const notice = (await messagesTo(t, user.email, 'email-change-notice')).at(-1)!;
    expect(notice.text).toContain(next);
    expect(notice.text).toContain('Gérard Gerant');
    const mail = (await messagesTo(t, next, 'confirm-email-change')).at(-1)!;
    expect(mail.text).toContain('/#/confirm-email?token=');
    expect(await updatesOf(user.id)).toEqual([['pendingEmail']]);

    const confirmed = await confirm(linkToken(mail.text));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await loginStatus(next)).toBe(200);
    expect(await loginStatus(user.email)).toBe(401);
    expect((await asG.call('GET', `/api/Users/${user.id}`, 'user')).json().data).toMatchObject({ email: next, pendingEmail: null });
    expect(await updatesOf(user.id)).toEqual([['pendingEmail'], ['email']]);
    const [trail] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.email_changed'), eq(auditEvents.targetId, user.id)));
    expect(trail!.data).toEqual({ from: user.email, to: next });

    // Single use.
    const again = await confirm(linkToken(mail.text));
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TOKEN_EXPIRED');
  });

  it('confirms only the latest pending address; saving the form again with the current address keeps it pending', async () => {
    const user = await newUser();
    const first = fresh('first');
    const second = fresh('second');
    await asG.call('PUT', `/api/Users/${user.id}`, 'user', form(first, { parentId: G.id }));
    const firstToken = await lastLink(first);
    const res = await asG.call('PUT', `/api/Users/${user.id}`, 'user', form(second, { parentId: G.id }));
    expect(res.json().data.pendingEmail).toBe(second);
    // The same pending address again sends nothing new; the current address leaves the pending one as it is.
    await asG.call('PUT', `/api/Users/${user.id}`, 'user', form(second, { parentId: G.id }));
    expect(await messagesTo(t, second, 'confirm-email-change')).toHaveLength(1);
    const kept = await asG.call('PUT', `/api/Users/${user.id}`, 'user', form(user.email, { parentId: G.id, firstName: 'Renamed' }));
    expect(kept.json().data).toMatchObject({ email: user.email, pendingEmail: second, firstName: 'Renamed' });

    expect((await confirm(firstToken)).json().error.code).toBe('TOKEN_EXPIRED');
    expect(await loginStatus(first)).toBe(401);
    expect((await confirm(await lastLink(second))).statusCode).toBe(200);
    expect(await loginStatus(second)).toBe(200);
  });

  it('spends links mailed to the former address once the change is confirmed', async () => {
    const user = await newUser();
    expect((await asG.call('POST', `/api/Users/${user.id}/password/web`, 'user')).statusCode).toBe(200);
    const resetToken = linkToken((await messagesTo(t, user.email, 'reset-password')).at(-1)!.text);
    const next = fresh('moved');
    await asG.call('PUT', `/api/Users/${user.id}`, 'user', form(next, { parentId: G.id }));
    expect((await confirm(await lastLink(next))).statusCode).toBe(200);
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/password/reset',
      body: { token: resetToken, password: 'Other-pass2!' },
      headers: freshIp(),
    });
    expect(reset.json().error.code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a confirmation when the address was taken meanwhile, and changes nothing', async () => {
    const user = await newUser();
    const wanted = fresh('wanted');
    await asG.call('PUT', `/api/Users/${user.id}`, 'user', form(wanted, { parentId: G.id }));
    const other = await t.factory.tenant();
    await t.factory.user(other.appId, { profile: 'COMMERCIAL', parentId: other.gerant.id, email: wanted });
    const res = await confirm(await lastLink(wanted));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_ALREADY_EXISTS');
    expect((await asG.call('GET', `/api/Users/${user.id}`, 'user')).json().data).toMatchObject({ email: user.email, pendingEmail: wanted });
  });

  it('an unconfirmed invitation: the new address confirms, then gets its set-password link', async () => {
    const created = await asG.call('POST', '/api/Users', 'user', form(fresh('typo'), { parentId: G.id }));
    const user = created.json().data;
    const inviteToken = linkToken((await messagesTo(t, user.email, 'set-password')).at(-1)!.text);
    const right = fresh('right');
    await asG.call('PUT', `/api/Users/${user.id}`, 'user', form(right, { parentId: G.id }));
    expect((await confirm(await lastLink(right))).statusCode).toBe(200);
    // The invitation that went to the mistyped address no longer works; the new address got its own.
    const stale = await t.request({ method: 'POST', url: '/api/auth/password/reset', body: { token: inviteToken, password }, headers: freshIp() });
    expect(stale.json().error.code).toBe('TOKEN_EXPIRED');
    const invite = (await messagesTo(t, right, 'set-password')).at(-1)!;
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/password/reset', body: { token: linkToken(invite.text), password }, headers: freshIp() })).statusCode,
    ).toBe(200);
    expect(await loginStatus(right)).toBe(200);
  });

  it("answers isExist about the caller's tenant only, and refuses a used address without saying where", async () => {
    const mine = await newUser();
    const other = await t.factory.tenant({ company: 'Secret Rival Corp' });
    const theirs = await t.factory.user(other.appId, { profile: 'COMMERCIAL', parentId: other.gerant.id });
    const exists = async (email: string) => (await asG.call('GET', `/api/Users/isExist?email=${encodeURIComponent(email)}`, 'user')).json().data.exists;
    expect(await exists(mine.email)).toBe(true);
    expect(await exists(theirs.email)).toBe(false);
    expect(await exists(other.gerant.email.toUpperCase())).toBe(false);

    const refusals = [];
    for (const taken of [mine.email, theirs.email]) {
      const before = await t.snapshot();
      const create = await asG.call('POST', '/api/Users', 'user', form(taken, { parentId: G.id }));
      const update = await asG.call('PUT', `/api/Users/${mine.id}`, 'user', form(taken === mine.email ? theirs.email : taken, { parentId: G.id }));
      expect(await t.snapshot()).toBe(before);
      refusals.push(create.json().error, update.json().error);
    }
    for (const error of refusals) {
      expect(error).toMatchObject({ code: 'EMAIL_ALREADY_EXISTS', message: errorMessages.EMAIL_ALREADY_EXISTS });
      expect(JSON.stringify(error)).not.toMatch(/Rival|tenant|application/i);
    }
  });
});
