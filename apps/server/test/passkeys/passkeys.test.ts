import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, engine, freshIp, password, sessionCookieOf, type TestClient, type TestContext } from '../support/harness.ts';
import { SoftwareAuthenticator } from '../support/software-authenticator.ts';

/** The ceremonies over HTTP with a software authenticator (test/support/software-authenticator.ts), on both engines. */
describe(`passkeys (${engine})`, () => {
  let t: TestContext;
  let origin: string;
  let rpId: string;
  let tenantA: { appId: string; gerant: { id: string; email: string } };
  let tenantB: { appId: string; gerant: { id: string; email: string } };

  beforeAll(async () => {
    t = await createTestContext();
    origin = new URL(t.config.publicUrl).origin;
    rpId = new URL(t.config.publicUrl).hostname;
    tenantA = await t.factory.tenant();
    tenantB = await t.factory.tenant();
  });
  afterAll(async () => t?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const audits = (action: string, userId: string) =>
    rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = ${action} and actor_user_id = ${userId}`).then((r) => r[0]!.n);

  /** Registers a passkey for a logged-in client and returns the authenticator holding it. */
  async function registerFor(client: TestClient, name = 'Laptop') {
    const authenticator = new SoftwareAuthenticator(origin, rpId);
    const options = (await client.call('POST', '/api/passkeys/registration-options', 'user')).json().data.options;
    const res = await client.call('POST', '/api/passkeys', 'user', { name, response: authenticator.register(options) });
    expect(res.statusCode).toBe(201);
    return { authenticator, passkey: res.json().data as { id: string; name: string } };
  }

  /** Password only: a session waiting for its second factor, and its bearer. */
  async function pendingSession(email: string) {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password }, headers: freshIp() });
    expect(res.json().data.requestDoubleAuth).toBe(true);
    const cookie = sessionCookieOf(res);
    const token = (await t.request({ method: 'POST', url: '/api/auth/token', cookie, body: { audience: 'user' } })).json().data.accessToken as string;
    const call = (method: string, url: string, body?: unknown) => t.request({ method, url, token, body });
    return { cookie, token, call };
  }

  it('registers a passkey and lists it (name, created, last used)', async () => {
    const user = await t.factory.user(tenantA.appId, { profile: 'COMMERCIAL', parentId: tenantA.gerant.id });
    const client = await t.login(user.email);
    const { passkey } = await registerFor(client, 'Work laptop');
    const list = (await client.call('GET', '/api/passkeys', 'user')).json().data;
    expect(list).toEqual([expect.objectContaining({ id: passkey.id, name: 'Work laptop', lastUsedAt: null, deviceType: 'singleDevice' })]);
    expect(await audits('passkey.registered', user.id)).toBe(1);
  });

  it('refuses a registration with a wrong challenge, a wrong origin, or a challenge already answered', async () => {
    const user = await t.factory.user(tenantA.appId, { profile: 'COMMERCIAL', parentId: tenantA.gerant.id });
    const client = await t.login(user.email);
    const authenticator = new SoftwareAuthenticator(origin, rpId);
    const options = (await client.call('POST', '/api/passkeys/registration-options', 'user')).json().data.options;
    const register = (response: unknown) => client.call('POST', '/api/passkeys', 'user', { name: 'x', response });

    const made = await register(authenticator.register(options, { challenge: Buffer.from('not the server one').toString('base64url') }));
    expect([made.statusCode, made.json().error.code]).toEqual([400, 'PASSKEY_REJECTED']);
    const elsewhere = await register(authenticator.register(options, { origin: 'https://evil.example' }));
    expect([elsewhere.statusCode, elsewhere.json().error.code]).toEqual([400, 'PASSKEY_REJECTED']);
    // The wrong-origin answer used the challenge up: the right answer to it comes too late.
    const replay = await register(authenticator.register(options));
    expect([replay.statusCode, replay.json().error.code]).toEqual([400, 'PASSKEY_REJECTED']);
    expect((await client.call('GET', '/api/passkeys', 'user')).json().data).toEqual([]);
  });

  it('passes the second factor with a passkey instead of the code', async () => {
    const user = await t.factory.user(tenantA.appId, { profile: 'MANAGER', parentId: tenantA.gerant.id });
    const { authenticator, passkey } = await registerFor(await t.login(user.email));
    const pending = await pendingSession(user.email);
    expect((await pending.call('GET', '/api/Users/web/me')).statusCode).toBe(206);
    expect((await pending.call('GET', '/api/auth/passkeys/second-factor')).json().data).toEqual({ available: true });
    const options = (await pending.call('POST', '/api/auth/passkeys/second-factor/options')).json().data.options;
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const res = await pending.call('POST', '/api/auth/passkeys/second-factor', { response: authenticator.assert(options) });
    expect(res.statusCode).toBe(200);
    expect((await pending.call('GET', '/api/Users/web/me')).statusCode).toBe(200);
    expect(await audits('passkey.second_factor', user.id)).toBe(1);
    const [row] = await rows<{ counter: number; last_used_at: string | null }>(sql`select counter::int, last_used_at from passkeys where id = ${passkey.id}`);
    expect(row).toMatchObject({ counter: 1 });
    expect(row!.last_used_at).not.toBeNull();
  });

  it('refuses a wrong challenge, a wrong origin and a replayed assertion; the session stays pending', async () => {
    const user = await t.factory.user(tenantA.appId, { profile: 'MANAGER', parentId: tenantA.gerant.id });
    const { authenticator } = await registerFor(await t.login(user.email));
    const pending = await pendingSession(user.email);
    const verify = (response: unknown) => pending.call('POST', '/api/auth/passkeys/second-factor', { response });
    const options = () => pending.call('POST', '/api/auth/passkeys/second-factor/options').then((r) => r.json().data.options as { challenge: string });

    const wrongChallenge = await verify(authenticator.assert({ challenge: Buffer.from('guessed').toString('base64url') }));
    expect([wrongChallenge.statusCode, wrongChallenge.json().error.code]).toEqual([400, 'PASSKEY_REJECTED']);
    const wrongOrigin = await verify(authenticator.assert(await options(), { origin: 'https://evil.example' }));
    expect(wrongOrigin.json().error.code).toBe('PASSKEY_REJECTED');
    const wrongRp = await verify(authenticator.assert(await options(), { rpId: 'evil.example' }));
    expect(wrongRp.json().error.code).toBe('PASSKEY_REJECTED');
    expect((await pending.call('GET', '/api/Users/web/me')).statusCode).toBe(206);

    const good = authenticator.assert(await options());
    expect((await verify(good)).statusCode).toBe(200);
    // The same signed answer again, on another pending session: its challenge is used.
    const other = await pendingSession(user.email);
    const replay = await other.call('POST', '/api/auth/passkeys/second-factor', { response: good });
    expect(replay.json().error.code).toBe('PASSKEY_REJECTED');
    expect((await other.call('GET', '/api/Users/web/me')).statusCode).toBe(206);
  });

  it('refuses a cloned credential whose counter does not increase, and audits it', async () => {
    const user = await t.factory.user(tenantA.appId, { profile: 'MANAGER', parentId: tenantA.gerant.id });
    const { authenticator } = await registerFor(await t.login(user.email));
    const clone = authenticator.clone();
    const first = await pendingSession(user.email);
    const firstOptions = (await first.call('POST', '/api/auth/passkeys/second-factor/options')).json().data.options;
    authenticator.counter = 5;
    expect((await first.call('POST', '/api/auth/passkeys/second-factor', { response: authenticator.assert(firstOptions) })).statusCode).toBe(200);

    const second = await pendingSession(user.email);
    const options = (await second.call('POST', '/api/auth/passkeys/second-factor/options')).json().data.options;
    // The clone was copied at counter 0 and has been used three times since: 3 is not above 6.
    clone.counter = 2;
    const res = await second.call('POST', '/api/auth/passkeys/second-factor', { response: clone.assert(options) });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'PASSKEY_REJECTED']);
    expect((await second.call('GET', '/api/Users/web/me')).statusCode).toBe(206);
    expect(await audits('passkey.counter_rejected', user.id)).toBe(1);
    const [row] = await rows<{ counter: number }>(sql`select counter::int from passkeys where user_id = ${user.id}`);
    expect(row!.counter).toBe(6);
  });

  it("refuses another tenant's credential at the second factor", async () => {
    const mine = await t.factory.user(tenantA.appId, { profile: 'MANAGER', parentId: tenantA.gerant.id });
    await registerFor(await t.login(mine.email));
    const stranger = await t.factory.user(tenantB.appId, { profile: 'MANAGER', parentId: tenantB.gerant.id });
    const { authenticator: theirs } = await registerFor(await t.login(stranger.email));
    const pending = await pendingSession(mine.email);
    const options = (await pending.call('POST', '/api/auth/passkeys/second-factor/options')).json().data.options;
    const res = await pending.call('POST', '/api/auth/passkeys/second-factor', { response: theirs.assert(options) });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'PASSKEY_REJECTED']);
    expect((await pending.call('GET', '/api/Users/web/me')).statusCode).toBe(206);
  });

  it('logs in without a password only where the tenant allows it, with user verification', async () => {
    const tenant = await t.factory.tenant();
    const user = await t.factory.user(tenant.appId, { profile: 'MANAGER', parentId: tenant.gerant.id });
    const { authenticator } = await registerFor(await t.login(user.email));
    const passwordless = async (o: { userVerified?: boolean } = {}) => {
      const options = (await t.request({ method: 'POST', url: '/api/auth/passkeys/login/options', headers: freshIp() })).json().data.options;
      expect(options.userVerification).toBe('required');
      return t.request({ method: 'POST', url: '/api/auth/passkeys/login', body: { response: authenticator.assert(options, o) }, headers: freshIp() });
    };
    const off = await passwordless();
    expect([off.statusCode, off.json().error.code]).toEqual([403, 'PASSWORDLESS_DISABLED']);
    expect(off.cookies.find((c) => c.name === 'paraphe_session')).toBeUndefined();

    const gerant = await t.login(tenant.gerant.email);
    const enable = await gerant.call('PUT', `/api/applications/${tenant.appId}`, 'application', { settings: { passwordlessPasskeys: true } });
    expect(enable.statusCode).toBe(200);
    const noUv = await passwordless({ userVerified: false });
    expect(noUv.json().error.code).toBe('PASSKEY_REJECTED');

    const res = await passwordless();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userId: user.id, appId: tenant.appId, requestDoubleAuth: false });
    const cookie = sessionCookieOf(res);
    const token = (await t.request({ method: 'POST', url: '/api/auth/token', cookie, body: { audience: 'user' } })).json().data.accessToken;
    const me = await t.request({ method: 'GET', url: '/api/Users/web/me', token });
    expect([me.statusCode, me.json().data.user.id]).toEqual([200, user.id]);
    expect(await audits('passkey.login', user.id)).toBe(1);
  });

  it('management: 401 without a session, 401 before the second factor, 403 in a commuted view, 404 for another tenant', async () => {
    const owner = await t.factory.user(tenantA.appId, { profile: 'COMMERCIAL', parentId: tenantA.gerant.id });
    const ownerClient = await t.login(owner.email);
    const { passkey } = await registerFor(ownerClient, 'Phone');
    const before = JSON.stringify(await rows(sql`select id, name, counter from passkeys order by id`));

    expect((await t.request({ method: 'GET', url: '/api/passkeys' })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/passkeys/${passkey.id}` })).statusCode).toBe(401);
    const pending = await pendingSession(owner.email);
    expect((await pending.call('DELETE', `/api/passkeys/${passkey.id}`)).statusCode).toBe(401);
    expect((await pending.call('POST', '/api/passkeys/registration-options')).statusCode).toBe(401);

    const gerant = await t.login(tenantA.gerant.email);
    expect((await gerant.call('POST', '/api/auth/commute', 'user', { appId: tenantA.appId, userId: owner.id })).statusCode).toBe(200);
    const commuted = await t.request({ method: 'POST', url: '/api/auth/token', cookie: gerant.cookie, body: { audience: 'user' } });
    const asViewer = (method: string, url: string, body?: unknown) => t.request({ method, url, token: commuted.json().data.accessToken, body });
    expect((await asViewer('GET', '/api/passkeys')).statusCode).toBe(403);
    expect((await asViewer('DELETE', `/api/passkeys/${passkey.id}`)).statusCode).toBe(403);
    expect((await asViewer('POST', '/api/passkeys/registration-options')).statusCode).toBe(403);

    const stranger = await t.login(tenantB.gerant.email);
    expect((await stranger.call('PATCH', `/api/passkeys/${passkey.id}`, 'user', { name: 'Mine now' })).statusCode).toBe(404);
    expect((await stranger.call('DELETE', `/api/passkeys/${passkey.id}`, 'user')).statusCode).toBe(404);
    expect((await stranger.call('GET', '/api/passkeys', 'user')).json().data).toEqual([]);
    // Another user of the same tenant (the GERANT, back to themself): not theirs either.
    expect((await gerant.call('DELETE', '/api/auth/commute', 'user')).statusCode).toBe(200);
    const asGerant = await t.request({ method: 'POST', url: '/api/auth/token', cookie: gerant.cookie, body: { audience: 'user' } });
    const gone = await t.request({ method: 'DELETE', url: `/api/passkeys/${passkey.id}`, token: asGerant.json().data.accessToken });
    expect(gone.statusCode).toBe(404);
    expect(JSON.stringify(await rows(sql`select id, name, counter from passkeys order by id`))).toBe(before);
  });

  it('renames, and removes only with a recent authentication', async () => {
    const owner = await t.factory.user(tenantA.appId, { profile: 'COMMERCIAL', parentId: tenantA.gerant.id });
    const client = await t.login(owner.email);
    const { passkey } = await registerFor(client, 'Phone');
    const renamed = await client.call('PATCH', `/api/passkeys/${passkey.id}`, 'user', { name: '  Old phone ' });
    expect(renamed.json().data.name).toBe('Old phone');

    t.now.value = new Date(Date.now() + 11 * 60_000);
    try {
      const token = (await t.request({ method: 'POST', url: '/api/auth/token', cookie: client.cookie, body: { audience: 'user' } })).json().data.accessToken;
      const stale = await t.request({ method: 'DELETE', url: `/api/passkeys/${passkey.id}`, token });
      expect([stale.statusCode, stale.json().error.code]).toEqual([403, 'REAUTHENTICATION_REQUIRED']);
    } finally {
      t.now.value = undefined;
    }
    expect((await client.call('GET', '/api/passkeys', 'user')).json().data).toHaveLength(1);

    const fresh = await t.login(owner.email);
    expect((await fresh.call('DELETE', `/api/passkeys/${passkey.id}`, 'user')).statusCode).toBe(200);
    expect((await fresh.call('GET', '/api/passkeys', 'user')).json().data).toEqual([]);
    expect(await audits('passkey.removed', owner.id)).toBe(1);
    expect(await audits('passkey.renamed', owner.id)).toBe(1);
  });
});
