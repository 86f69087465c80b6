import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { outboxMessages } from '../../src/platform/db/schema/index.ts';
import { createTestContext, engine, freshIp, linkToken, password, sessionCookieOf, type TestContext } from '../support/harness.ts';

const newPassword = 'Other-pass2!';

describe(`authentication flows (${engine})`, () => {
  let t: TestContext;
  let appId: string;
  let parentId: string;

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await t.factory.tenant({ doubleAuth: true });
    appId = tenant.appId;
    parentId = tenant.gerant.id;
  });
  afterAll(async () => t?.close());

  /** Logs in by password only: the session still waits for its code. */
  async function openSession(email: string, pass = password) {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: pass }, headers: freshIp() });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = sessionCookieOf(res);
    const mint = async () => {
      const r = await t.request({ method: 'POST', url: '/api/auth/token', cookie, body: { audience: 'user' } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.accessToken as string;
    };
    return { res, cookie, mint, userId: res.json().data.userId as string, token: await mint() };
  }
  const checkCode = (session: { userId: string; token: string }, code: string) =>
    t.request({ method: 'PATCH', url: `/api/Users/web/${appId}/logged/${session.userId}?code=${code}`, token: session.token });
  const lastCode = async (to: string) => /\b(\d{6})\b/.exec((await t.lastMessageTo(to))!.text)![1]!;
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');
  const outboxCount = async (to: string) => (await t.database.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.to, to)))[0]!.n;

  it('refuses a wrong password and an unknown e-mail with the same error', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const wrong = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: 'Wrong-pass1' }, headers: freshIp() });
    const unknown = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: 'nobody@example.com', password }, headers: freshIp() });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(unknown.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: wrong.json().error.message });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('rate-limits login attempts: the 11th within a minute gets 429 (the account is locked from the 6th)', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const headers = freshIp();
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: 'Wrong-pass1' }, headers });
      answers.push(`${res.statusCode} ${res.json().error.code}`);
    }
    // The 5th wrong password locks the account (docs/security.md); the address's rate limit still stops the 11th.
    expect(answers).toEqual([...Array(4).fill('401 INVALID_CREDENTIALS'), ...Array(6).fill('429 ACCOUNT_LOCKED'), '429 RATE_LIMITED']);
    // The count is per address and e-mail: another account from the same address may still try.
    const other = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    expect((await t.request({ method: 'POST', url: '/api/auth/login', body: { email: other.email, password }, headers })).statusCode).toBe(200);
  });

  it('sets an httpOnly, SameSite=Lax session cookie scoped to /api', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const { res } = await openSession(user.email);
    const cookie = res.cookies.find((c) => c.name === 'paraphe_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
  });

  it('answers 206 until the code is checked, then 200', async () => {
    const user = await t.factory.user(appId, { profile: 'MANAGER', parentId });
    const session = await openSession(user.email);
    expect(session.res.json().data.requestDoubleAuth).toBe(true);
    const partial = await t.request({ method: 'GET', url: '/api/Users/web/me', token: session.token });
    expect(partial.statusCode).toBe(206);
    expect(partial.json().data).toMatchObject({ requestDoubleAuth: true, channel: 'email', userId: user.id, appId });
    expect(partial.json().data.destination).toMatch(/^.\*\*\*@example\.com$/);
    const blocked = await t.request({ method: 'GET', url: '/api/Users', token: session.token });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json().error.code).toBe('SECOND_FACTOR_REQUIRED');

    expect((await checkCode(session, await lastCode(user.email))).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/Users/web/me', token: session.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/Users', token: session.token })).statusCode).toBe(200);
  });

  it('locks the code after 5 wrong tries, even for the right code; a resend after the cool-down gives a working code', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const session = await openSession(user.email);
    const code = await lastCode(user.email);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await checkCode(session, wrongCode(code))).json().error.code);
    expect(answers).toEqual(['CODE_INVALID', 'CODE_INVALID', 'CODE_INVALID', 'CODE_INVALID', 'CODE_LOCKED']);
    const locked = await checkCode(session, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('CODE_LOCKED');

    // The cool-down still runs: the code was sent a moment ago.
    const tooSoon = await t.request({ method: 'POST', url: '/api/auth/code/resend', token: session.token });
    expect(tooSoon.statusCode).toBe(429);
    const sentBefore = await outboxCount(user.email);
    try {
      t.now.value = new Date(Date.now() + 61_000);
      // Asked several times at once, only one new code leaves.
      const resends = await Promise.all(Array.from({ length: 4 }, () => t.request({ method: 'POST', url: '/api/auth/code/resend', token: session.token })));
      expect(resends.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
      expect(await outboxCount(user.email)).toBe(sentBefore + 1);
      const fresh = await lastCode(user.email);
      expect((await checkCode(session, fresh)).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/Users/web/me', token: session.token })).statusCode).toBe(200);
    } finally {
      t.now.value = undefined;
    }
  });

  it('after a code lockout, a new code asked too soon says when it will work (issue 25 item 16)', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const sentAt = Date.now();
    try {
      t.now.value = new Date(sentAt);
      const session = await openSession(user.email);
      const code = await lastCode(user.email);
      for (let i = 0; i < 5; i++) await checkCode(session, wrongCode(code));
      t.now.value = new Date(sentAt + 20_000);
      const tooSoon = await t.request({ method: 'POST', url: '/api/auth/code/resend', token: session.token });
      expect(tooSoon.statusCode).toBe(429);
      const error = tooSoon.json().error;
      expect(error.code).toBe('RATE_LIMITED');
      expect(error.details).toEqual({ retryAfterSeconds: 40, availableAt: new Date(sentAt + 60_000).toISOString() });
      expect(tooSoon.headers['retry-after']).toBe('40');
      expect(error.message).toBe('Wait 40 seconds before asking for a new code.');
    } finally {
      t.now.value = undefined;
    }
  });

  it('counts wrong codes sent in parallel: no more than 5 guesses per code', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const session = await openSession(user.email);
    const code = await lastCode(user.email);
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkCode(session, wrongCode(code))));
    expect(answers.map((r) => r.statusCode).every((s) => s === 400 || s === 429)).toBe(true);
    expect(answers.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(5);
    expect((await checkCode(session, code)).json().error.code).toBe('CODE_LOCKED');
  });

  it('refuses a code older than 10 minutes with CODE_EXPIRED', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const session = await openSession(user.email);
    const code = await lastCode(user.email);
    try {
      t.now.value = new Date(Date.now() + 11 * 60_000);
      const res = await checkCode({ userId: session.userId, token: await session.mint() }, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('CODE_EXPIRED');
    } finally {
      t.now.value = undefined;
    }
  });

  it('sends the code by SMS when the user has a mobile', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId, mobile: '+33612345678' });
    const session = await openSession(user.email);
    const sms = await t.lastMessageTo('+33612345678');
    expect(sms).toMatchObject({ channel: 'sms', template: 'second-factor-code', subject: null });
    const partial = (await t.request({ method: 'GET', url: '/api/Users/web/me', token: session.token })).json().data;
    expect(partial.channel).toBe('sms');
    expect(partial.destination).not.toContain('12345');
    expect(partial.destination.endsWith('78')).toBe(true);
    expect((await checkCode(session, /\b(\d{6})\b/.exec(sms!.text)![1]!)).statusCode).toBe(200);
  });

  it('logs out with DELETE /api/Users/logged/{userId}: the cookie and the access token stop working', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const client = await t.login(user.email);
    const token = await client.token('user');
    const res = await t.request({ method: 'DELETE', url: `/api/Users/logged/${user.id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'paraphe_session')?.value).toBe('');
    expect((await t.request({ method: 'POST', url: '/api/auth/token', cookie: client.cookie, body: { audience: 'user' } })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/Users/web/me', token })).statusCode).toBe(401);
  });

  it('logs out with POST /api/auth/logout and the cookie alone', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const client = await t.login(user.email);
    const token = await client.token('user');
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', cookie: client.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/token', cookie: client.cookie, body: { audience: 'user' } })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/Users/web/me', token })).statusCode).toBe(401);
    // Without any session it still answers 200 (nothing to revoke).
    expect((await t.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('resets a password from the mailed link: policy, revocation, single use', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    const oldClient = await t.login(user.email);

    const unknownBefore = await outboxCount('ghost@example.com');
    const unknown = await t.request({ method: 'POST', url: '/api/auth/password/forgot', body: { email: 'ghost@example.com' }, headers: freshIp() });
    expect(unknown.statusCode).toBe(200);
    expect(await outboxCount('ghost@example.com')).toBe(unknownBefore);

    const forgot = await t.request({ method: 'POST', url: '/api/auth/password/forgot', body: { email: user.email.toUpperCase() }, headers: freshIp() });
    expect(forgot.statusCode).toBe(200);
    // The link is mailed by a job (the answer does the same work for any address).
    const mail = await t.waitFor(async () => {
      const last = await t.lastMessageTo(user.email);
      return last?.template === 'reset-password' ? last : undefined;
    });
    const token = linkToken(mail.text);

    const weak = await t.request({ method: 'POST', url: '/api/auth/password/reset', body: { token, password: 'weakpass' }, headers: freshIp() });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields[0]).toMatchObject({ field: 'password', rule: 'password_policy' });

    const reset = await t.request({ method: 'POST', url: '/api/auth/password/reset', body: { token, password: newPassword }, headers: freshIp() });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/token', cookie: oldClient.cookie, body: { audience: 'user' } })).statusCode).toBe(401);

    const oldPassword = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password }, headers: freshIp() });
    expect(oldPassword.json().error.code).toBe('INVALID_CREDENTIALS');
    const fresh = await t.login(user.email, newPassword);
    expect((await fresh.call('GET', '/api/Users/web/me', 'user')).statusCode).toBe(200);

    const again = await t.request({ method: 'POST', url: '/api/auth/password/reset', body: { token, password: 'Third-pass3!' }, headers: freshIp() });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a reset link older than one hour', async () => {
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
    await t.request({ method: 'POST', url: '/api/auth/password/forgot', body: { email: user.email }, headers: freshIp() });
    const token = linkToken((await t.waitFor(() => t.lastMessageTo(user.email))).text);
    try {
      t.now.value = new Date(Date.now() + 61 * 60_000);
      const res = await t.request({ method: 'POST', url: '/api/auth/password/reset', body: { token, password: newPassword }, headers: freshIp() });
      expect(res.json().error.code).toBe('TOKEN_EXPIRED');
    } finally {
      t.now.value = undefined;
    }
  });
});
