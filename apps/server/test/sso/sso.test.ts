import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmail, createTestContext, engine, freshIp, password, sessionCookieOf, type TestClient, type TestContext } from '../support/harness.ts';
import { tenantWithGerant } from '../support/signatures.ts';
import { startOidcStandIn, type OidcStandIn } from '../support/oidc-standin.ts';

/**
 * Single sign-on (docs/sso.md) against a real OpenID Connect provider started here (`oidc-provider`): the
 * configuration and its ladder, a login with just-in-time creation, an existing user, and every refusal — an ID
 * token for another client, an expired one, a replayed state, an e-mail outside the domains or not verified — and
 * the SSO-only tenant refusing passwords except to its break-glass director.
 */
describe(`sso: OpenID Connect single sign-on (${engine})`, () => {
  let t: TestContext;
  let op: OidcStandIn;
  let gerant: TestClient;
  let appId: string;
  let gerantId: string;
  let manager: { id: string; email: string };
  let existing: { id: string; email: string };
  let other: { appId: string; client: TestClient };

  beforeAll(async () => {
    t = await createTestContext({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
    op = await startOidcStandIn({
      redirectUri: `${t.config.publicUrl}/api/public/sso/callback`,
      accounts: {
        alice: { email: 'alice@corp.test', email_verified: true, given_name: 'Alice', family_name: 'Martin' },
        bob: { email: 'bob@corp.test', email_verified: true, given_name: 'Bob', family_name: 'Durand' },
        eve: { email: 'eve@elsewhere.test', email_verified: true, given_name: 'Eve', family_name: 'Outside' },
        mallory: { email: 'mallory@corp.test', email_verified: false, given_name: 'Mallory', family_name: 'Unverified' },
        carol: { email: 'carol@corp.test', email_verified: true, given_name: 'Carol', family_name: 'Replay' },
      },
    });
    const tenant = await tenantWithGerant(t);
    appId = tenant.appId;
    gerant = tenant.client;
    gerantId = gerant.userId;
    manager = await t.factory.user(appId, { profile: 'MANAGER' });
    existing = await t.factory.user(appId, { profile: 'COMMERCIAL', email: 'bob@corp.test' });
    other = await tenantWithGerant(t);
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  const configBody = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    providerName: 'Corp ID',
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
    allowedDomains: ['corp.test'],
    defaultProfile: 'COMMERCIAL',
    defaultParentId: manager.id,
    ssoOnly: false,
    breakGlassUserId: null,
    ...overrides,
  });
  const save = (client: TestClient, body: unknown) => client.call('PUT', '/api/sso/config', 'application', body);
  const rows = async <R>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  const auditsOf = (action: string) =>
    rows<{ data: Record<string, unknown> }>(sql`select data from audit_events where app_id = ${appId} and action = ${action}`);

  /** The start address → the provider (logs `account` in) → the callback → where the product sends the browser. */
  async function ssoLogin(account: string, before?: (callbackPath: string) => void) {
    op.nextAccount = account;
    const start = await t.request({ method: 'GET', url: `/api/public/sso/${appId}/start`, headers: freshIp() });
    expect(start.statusCode, start.body).toBe(302);
    const back = new URL(await op.authorize(start.headers.location as string));
    expect(`${back.origin}${back.pathname}`).toBe(`${t.config.publicUrl}/api/public/sso/callback`);
    const path = `${back.pathname}${back.search}`;
    before?.(path);
    const done = await t.request({ method: 'GET', url: path, headers: freshIp() });
    expect(done.statusCode, done.body).toBe(302);
    return { location: done.headers.location as string, response: done, callbackPath: path };
  }

  it('the ladder: no session 401, a sales user 403, nothing changed; another tenant sees only its own', async () => {
    const sales = await t.login((await t.factory.user(appId, { profile: 'COMMERCIAL' })).email);
    const before = await t.snapshot();
    expect((await t.request({ method: 'GET', url: '/api/sso/config' })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url: '/api/sso/config', body: configBody() })).statusCode).toBe(401);
    expect((await save(sales, configBody())).statusCode).toBe(403);
    expect((await sales.call('POST', '/api/sso/config/test', 'application')).statusCode).toBe(403);
    expect(await t.snapshot()).toBe(before);
    expect((await gerant.call('GET', '/api/sso/config', 'application')).json().data).toMatchObject({ configured: false, enabled: false });
  });

  it('saves the provider: discovery fetched, the secret sealed and never returned, an audit row without it', async () => {
    const saved = await save(gerant, configBody());
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json().data;
    expect(view).toMatchObject({ configured: true, enabled: true, issuer: op.issuer, clientSecretSet: true, allowedDomains: ['corp.test'] });
    expect(view.redirectUri).toBe(`${t.config.publicUrl}/api/public/sso/callback`);
    expect(saved.body).not.toContain(op.clientSecret);
    expect((await gerant.call('GET', '/api/sso/config', 'application')).body).not.toContain(op.clientSecret);
    const [stored] = await rows<{ client_secret_sealed: string; metadata: { token_endpoint: string } }>(
      sql`select client_secret_sealed, metadata from sso_configs where app_id = ${appId}`,
    );
    expect(stored!.client_secret_sealed).not.toContain(op.clientSecret);
    expect(stored!.metadata.token_endpoint).toBe(`${op.issuer}/token`);
    const audits = await auditsOf('sso.config_updated');
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(op.clientSecret);
    expect(audits[0]!.data).toMatchObject({ secretChanged: true, issuer: op.issuer });
    // An update without the secret keeps it.
    const { clientSecret: _omitted, ...withoutSecret } = configBody({ providerName: 'Corp ID 2' });
    const kept = await save(gerant, withoutSecret);
    expect(kept.statusCode, kept.body).toBe(200);
    const [again] = await rows<{ client_secret_sealed: string }>(sql`select client_secret_sealed from sso_configs where app_id = ${appId}`);
    expect(again!.client_secret_sealed).toBe(stored!.client_secret_sealed);
    expect((await gerant.call('POST', '/api/sso/config/test', 'application')).statusCode).toBe(200);
  });

  it("refuses another tenant's users as line manager or break-glass (404), a claimed domain (409), an issuer that does not answer (422)", async () => {
    const before = await t.snapshot();
    const foreign = await save(other.client, configBody({ defaultParentId: gerantId }));
    expect(foreign.statusCode).toBe(404);
    const foreignAdmin = await save(gerant, configBody({ ssoOnly: true, breakGlassUserId: other.client.userId }));
    expect(foreignAdmin.statusCode).toBe(404);
    const claimed = await save(other.client, configBody({ defaultParentId: null }));
    expect(claimed.statusCode).toBe(409);
    const dead = await save(other.client, configBody({ defaultParentId: null, allowedDomains: ['other.test'], issuer: 'http://127.0.0.1:9/' }));
    expect(dead.statusCode).toBe(422);
    expect(dead.json().error.code).toBe('SSO_DISCOVERY_FAILED');
    expect(await t.snapshot()).toBe(before);
    expect((await other.client.call('GET', '/api/sso/config', 'application')).json().data.configured).toBe(false);
  });

  it('the login page learns the provider from the e-mail domain, and only from it', async () => {
    const found = await t.request({ method: 'POST', url: '/api/public/sso/discover', body: { email: 'someone@corp.test' }, headers: freshIp() });
    expect(found.json().data.provider).toEqual({ name: 'Corp ID 2', startUrl: `/api/public/sso/${appId}/start` });
    const none = await t.request({ method: 'POST', url: '/api/public/sso/discover', body: { email: 'someone@elsewhere.test' }, headers: freshIp() });
    expect(none.json().data.provider).toBeNull();
  });

  it('a first login creates the user just in time, with the default profile and line manager, and opens a session', async () => {
    const { location, response } = await ssoLogin('alice');
    expect(location).toBe(`${t.config.publicUrl}/`);
    const cookie = sessionCookieOf(response);
    const token = await t.request({ method: 'POST', url: '/api/auth/token', cookie, body: { audience: 'user' } });
    expect(token.statusCode, token.body).toBe(200);
    const [user] = await rows<{
      id: string;
      profile: string;
      parent_id: string;
      password_hash: string | null;
      first_name: string;
      email_confirmed_at: string | null;
    }>(sql`select id, profile, parent_id, password_hash, first_name, email_confirmed_at from users where email = 'alice@corp.test'`);
    expect(user).toMatchObject({ profile: 'COMMERCIAL', parent_id: manager.id, password_hash: null, first_name: 'Alice' });
    expect(user!.email_confirmed_at).not.toBeNull();
    const me = await t.request({ method: 'GET', url: `/api/Users/${user!.id}/me`, token: token.json().data.accessToken });
    expect(me.statusCode, me.body).toBe(200);
    expect((await auditsOf('sso.login')).map((a) => a.data.provisioned)).toEqual([true]);
    expect(await auditsOf('user.created')).toHaveLength(1);
  });

  it('an existing user logs in as themselves (no second account)', async () => {
    const { location, response } = await ssoLogin('bob');
    expect(location).toBe(`${t.config.publicUrl}/`);
    sessionCookieOf(response);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from users where email = 'bob@corp.test'`);
    expect(count!.n).toBe(1);
    const [session] = await rows<{ user_id: string }>(sql`select user_id from sessions where user_id = ${existing.id}`);
    expect(session!.user_id).toBe(existing.id);
  });

  const refused = async (account: string, code: string, forge?: OidcStandIn['forge']) => {
    const usersBefore = await rows<{ n: number }>(sql`select count(*)::int as n from users`);
    const sessionsBefore = await rows<{ n: number }>(sql`select count(*)::int as n from sessions`);
    const { location, response } = await ssoLogin(account, () => {
      if (forge) op.forge = forge;
    });
    expect(location).toBe(`${t.config.publicUrl}/#/?sso=${code}`);
    expect(response.cookies.find((c) => c.name === 'paraphe_session')).toBeUndefined();
    expect(await rows(sql`select count(*)::int as n from users`)).toEqual(usersBefore);
    expect(await rows(sql`select count(*)::int as n from sessions`)).toEqual(sessionsBefore);
  };

  it('refuses an ID token issued for another client (wrong audience)', async () => {
    await refused('carol', 'token_invalid', 'wrong-audience');
  });

  it('refuses an expired ID token', async () => {
    await refused('carol', 'token_invalid', 'expired');
  });

  it('refuses an e-mail outside the allowed domains, and one the provider did not verify', async () => {
    await refused('eve', 'domain_refused');
    await refused('mallory', 'email_unverified');
    expect((await auditsOf('sso.login_refused')).map((a) => a.data.reason)).toEqual(
      expect.arrayContaining(['token_invalid', 'domain_refused', 'email_unverified']),
    );
  });

  it('refuses a replayed state, before any call to the provider', async () => {
    const { callbackPath, location } = await ssoLogin('carol');
    expect(location).toBe(`${t.config.publicUrl}/`);
    const calls = op.tokenCalls;
    const replay = await t.request({ method: 'GET', url: callbackPath, headers: freshIp() });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe(`${t.config.publicUrl}/#/?sso=state_invalid`);
    expect(replay.cookies.find((c) => c.name === 'paraphe_session')).toBeUndefined();
    expect(op.tokenCalls).toBe(calls);
    const forged = await t.request({ method: 'GET', url: '/api/public/sso/callback?code=x&state=made-up', headers: freshIp() });
    expect(forged.headers.location).toBe(`${t.config.publicUrl}/#/?sso=state_invalid`);
  });

  it('SSO only: passwords refused for the tenant, except its break-glass director and the product administrator', async () => {
    const saved = await save(gerant, configBody({ ssoOnly: true, breakGlassUserId: gerantId, clientSecret: undefined }));
    expect(saved.statusCode, saved.body).toBe(200);
    const login = (email: string) => t.request({ method: 'POST', url: '/api/auth/login', body: { email, password }, headers: freshIp() });
    const managerLogin = await login(manager.email);
    expect(managerLogin.statusCode).toBe(403);
    expect(managerLogin.json().error.code).toBe('SSO_REQUIRED');
    expect(managerLogin.cookies.find((c) => c.name === 'paraphe_session')).toBeUndefined();
    // A wrong password is answered as before: the refusal says nothing to whoever does not know the password.
    const wrong = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: manager.email, password: 'nope-Wrong1' }, headers: freshIp() });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const [gerantEmail] = await rows<{ email: string }>(sql`select email from users where id = ${gerantId}`);
    expect((await login(gerantEmail!.email)).statusCode).toBe(200);
    expect((await login(adminEmail)).statusCode).toBe(200);
    // Another tenant keeps its passwords.
    const [otherEmail] = await rows<{ email: string }>(sql`select email from users where id = ${other.client.userId}`);
    expect((await login(otherEmail!.email)).statusCode).toBe(200);
  });

  it('a disabled configuration starts no login', async () => {
    expect((await save(gerant, configBody({ enabled: false, clientSecret: undefined }))).statusCode).toBe(200);
    const start = await t.request({ method: 'GET', url: `/api/public/sso/${appId}/start`, headers: freshIp() });
    expect(start.headers.location).toBe(`${t.config.publicUrl}/#/?sso=unavailable`);
    const unknown = await t.request({ method: 'GET', url: `/api/public/sso/${other.appId}/start`, headers: freshIp() });
    expect(unknown.headers.location).toBe(`${t.config.publicUrl}/#/?sso=unavailable`);
  });
});
