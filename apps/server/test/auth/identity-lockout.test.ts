import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestContext, engine, freshIp, linkToken, password, sessionCookieOf, type TestContext } from '../support/harness.ts';
import { messagesTo } from '../support/signatures.ts';
import { sqlStatementsOf } from '../support/sql-trace.ts';

const minute = 60_000;
const wrong = 'Wrong-pass1!';

/**
 * Item 11 of the trust issue: guesses are bounded per account over time, whatever the sessions or client
 * addresses (every request here comes from a new address, so the per-address rate limit never helps).
 */
describe(`identity: lockout and backoff per account (${engine})`, () => {
  let t: TestContext;
  let appId: string;
  let parentId: string;
  let base: number;

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await t.factory.tenant({ doubleAuth: true });
    appId = tenant.appId;
    parentId = tenant.gerant.id;
  });
  afterAll(async () => t?.close());

  /** The clock, `ms` after the test's start (each test sets `base`). */
  const at = (ms: number) => {
    t.now.value = new Date(base + ms);
  };
  const startClock = () => {
    base = Date.now();
    at(0);
  };
  const login = (email: string, pass: string) => t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: pass }, headers: freshIp() });
  const answer = (res: LightMyRequestResponse) => `${res.statusCode} ${res.json().error?.code ?? 'OK'}`;
  const newUser = () => t.factory.user(appId, { profile: 'COMMERCIAL', parentId });

  it('locks password logins after 5 wrong passwords, answers the right password like a wrong one, with Retry-After', async () => {
    startClock();
    try {
      const user = await newUser();
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) answers.push(answer(await login(user.email, wrong)));
      expect(answers).toEqual([...Array(4).fill('401 INVALID_CREDENTIALS'), '429 ACCOUNT_LOCKED']);

      const right = await login(user.email, password);
      const wrongAgain = await login(user.email, wrong);
      for (const res of [right, wrongAgain]) {
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBe('900');
        expect(res.cookies).toHaveLength(0);
      }
      // Nothing tells the right password from a wrong one.
      expect(right.json().error).toEqual({ ...wrongAgain.json().error, requestId: right.json().error.requestId });
      expect(right.json().error.details).toMatchObject({ retryAfterSeconds: 900 });

      // The owner is told once, at the first lockout.
      const notices = await messagesTo(t, user.email, 'login-locked');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toContain('/#/forgot');

      at(15 * minute + 1000);
      expect(answer(await login(user.email, password))).toBe('200 OK');
    } finally {
      t.now.value = undefined;
    }
  });

  it('answers an unknown address exactly like a known one (no enumeration through the lock)', async () => {
    startClock();
    try {
      const user = await newUser();
      const ghost = `ghost-${Date.now().toString(36)}@example.com`;
      const known: string[] = [];
      const unknown: string[] = [];
      for (let i = 0; i < 6; i++) {
        known.push(answer(await login(user.email, wrong)));
        unknown.push(answer(await login(ghost, wrong)));
      }
      expect(unknown).toEqual(known);
      const [a, b] = [await login(user.email, wrong), await login(ghost, wrong)];
      expect(a.headers['retry-after']).toBe(b.headers['retry-after']);
      expect(a.json().error.message).toBe(b.json().error.message);
    } finally {
      t.now.value = undefined;
    }
  });

  it('backs off exponentially (15 min, 30 min, 1 h, 2 h, 4 h, capped), then starts again after a quiet day', async () => {
    startClock();
    try {
      const user = await newUser();
      const waits: number[] = [];
      let now = 0;
      for (let round = 0; round < 6; round++) {
        at(now);
        let res!: LightMyRequestResponse;
        for (let i = 0; i < 5; i++) res = await login(user.email, wrong);
        expect(res.statusCode).toBe(429);
        const wait = Number(res.headers['retry-after']);
        waits.push(wait);
        now += wait * 1000 + 1000;
      }
      expect(waits).toEqual([900, 1800, 3600, 7200, 14_400, 14_400]);
      // A single mail for the whole series.
      expect(await messagesTo(t, user.email, 'login-locked')).toHaveLength(1);

      at(now + 24 * 3_600_000);
      let res!: LightMyRequestResponse;
      for (let i = 0; i < 5; i++) res = await login(user.email, wrong);
      expect(res.headers['retry-after']).toBe('900');
    } finally {
      t.now.value = undefined;
    }
  });

  it('counts wrong passwords sent in parallel: no more than 5 are checked', async () => {
    const user = await newUser();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(user.email, wrong)));
    expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(4);
    expect(answers.every((r) => r.statusCode === 401 || answer(r) === '429 ACCOUNT_LOCKED')).toBe(true);
    expect(answer(await login(user.email, password))).toBe('429 ACCOUNT_LOCKED');
  });

  it('lifts the lock when the owner sets a new password from the mailed link', async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) await login(user.email, wrong);
    expect(answer(await login(user.email, password))).toBe('429 ACCOUNT_LOCKED');
    await t.request({ method: 'POST', url: '/api/auth/password/forgot', body: { email: user.email }, headers: freshIp() });
    const mail = await t.waitFor(async () => (await messagesTo(t, user.email, 'reset-password')).at(-1));
    const newPassword = 'Fresh-start7!';
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/password/reset',
      body: { token: linkToken(mail.text), password: newPassword },
      headers: freshIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(answer(await login(user.email, newPassword))).toBe('200 OK');
  });

  it('bounds second-factor guesses per account across sessions: 10 wrong codes an hour, then no code is accepted', async () => {
    startClock();
    try {
      const user = await newUser();
      const openSession = async () => {
        const res = await login(user.email, password);
        expect(res.statusCode, res.body).toBe(200);
        const cookie = sessionCookieOf(res);
        const token = (await t.request({ method: 'POST', url: '/api/auth/token', cookie, body: { audience: 'user' } })).json().data.accessToken as string;
        const code = /\b(\d{6})\b/.exec((await messagesTo(t, user.email, 'second-factor-code')).at(-1)!.text)![1]!;
        const check = (c: string) => t.request({ method: 'PATCH', url: `/api/Users/web/${appId}/logged/${user.id}?code=${c}`, token });
        return { code, check, token };
      };
      const miss = (code: string) => (code === '000000' ? '111111' : '000000');

      // Before: each new login gave 5 more tries (12 logins a minute = 60 guesses). Now the account has 10 an hour.
      const first = await openSession();
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) answers.push(answer(await first.check(miss(first.code))));
      const second = await openSession();
      for (let i = 0; i < 5; i++) answers.push(answer(await second.check(miss(second.code))));
      expect(answers).toEqual([...Array(4).fill('400 CODE_INVALID'), '429 CODE_LOCKED', ...Array(4).fill('400 CODE_INVALID'), '429 ACCOUNT_LOCKED']);

      // The right code of a live session, a new code, a new login: all refused until the hour ends.
      const rightCode = await second.check(second.code);
      expect(answer(rightCode)).toBe('429 ACCOUNT_LOCKED');
      expect(Number(rightCode.headers['retry-after'])).toBeGreaterThan(3500);
      at(2 * minute);
      expect(answer(await t.request({ method: 'POST', url: '/api/auth/code/resend', token: second.token }))).toBe('429 ACCOUNT_LOCKED');
      expect(answer(await login(user.email, password))).toBe('429 ACCOUNT_LOCKED');
      expect(await messagesTo(t, user.email, 'login-codes-locked')).toHaveLength(1);

      at(61 * minute);
      const third = await openSession();
      expect(answer(await third.check(third.code))).toBe('200 OK');
    } finally {
      t.now.value = undefined;
    }
  });
});

describe(`identity: forgot-password does the same work for any address (${engine})`, () => {
  let t: TestContext;
  let known: string;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await t.factory.tenant({ doubleAuth: false });
    known = (await t.factory.user(tenant.appId, { profile: 'COMMERCIAL', parentId: tenant.gerant.id })).email;
    // Generous: on a machine loaded ~10 times over its 2 cores, starting PGlite and migrating took over the default
    // 60 s. Nothing here is timed; this only bounds the setup.
  }, 300_000);
  afterAll(async () => t?.close());

  const forgot = async (email: string) => {
    const { result, statements } = await sqlStatementsOf(t.database, () =>
      t.request({ method: 'POST', url: '/api/auth/password/forgot', body: { email }, headers: freshIp() }),
    );
    expect(result.statusCode).toBe(200);
    // The maintenance state is re-read by whichever request comes after its cache expires (a few seconds): on a
    // loaded machine that can be any call. It reads no account and is the same for every address.
    return statements.filter((statement) => !/from "maintenance_mode"/.test(statement));
  };

  // Issue 24, item 15: this compared the median times of ~3 ms requests (ratio < 1.4) and failed on a loaded machine
  // (files run in parallel). What the promise needs is that the request does the same work whatever the address:
  // counted here as the SQL statements the request runs, which no load changes. Before the reset job, a known address
  // read the account, wrote the link and mailed it within the request (measured 13 ms against 3 ms): those statements
  // would differ here.
  it('answers a known and an unknown address with the same SQL statements, none reading the accounts', async () => {
    await forgot(`warm-${Date.now().toString(36)}@example.com`); // warm-up: the first request of a server loads more
    const baseline = await forgot(`first-${Date.now().toString(36)}@example.com`);
    expect(baseline.length, 'the request does work (the job is queued in the database)').toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      const knownStatements = await forgot(known);
      const unknownStatements = await forgot(`nobody-${i}-${Date.now().toString(36)}@example.com`);
      expect(knownStatements, `call ${i}`).toEqual(unknownStatements);
      expect(knownStatements).toEqual(baseline);
    }
    expect(
      baseline.filter((statement) => /from\s+"?users"?/i.test(statement)),
      'the account is looked up by the job, not the request',
    ).toEqual([]);
    // The link still leaves, by the job.
    await t.waitFor(async () => (await messagesTo(t, known, 'reset-password')).length > 0, 240_000);
  }, 300_000); // a bound on a slow machine, not a measure: the test asserts no time
});
