import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, freshIp, linkToken, password, type TestClient, type TestContext } from '../support/harness.ts';

interface Person {
  id: string;
  email: string;
}
let sequence = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nina',
  lastName: `Newcomer${++sequence}`,
  email: `new-${sequence}-${Date.now().toString(36)}@example.com`,
  profile: 'COMMERCIAL',
  ...overrides,
});
const idsOf = (res: { json(): { data: { id: string }[] } }) =>
  res
    .json()
    .data.map((u) => u.id)
    .sort();

/**
 * One tenant with a 3-level tree: GERANT G → MANAGER A → MANAGER B → COMMERCIAL C, plus MANAGER D under G
 * and a COMPTABLE K. Visibility follows the tree for managers and is the whole tenant for G and K.
 */
describe(`users (${engine})`, () => {
  let t: TestContext;
  let appId: string;
  let G: Person, A: Person, B: Person, C: Person, D: Person, K: Person;
  let asG: TestClient, asA: TestClient, asC: TestClient, asK: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await t.factory.tenant({ doubleAuth: false });
    appId = tenant.appId;
    G = tenant.gerant;
    A = await t.factory.user(appId, { profile: 'MANAGER', parentId: G.id });
    B = await t.factory.user(appId, { profile: 'MANAGER', parentId: A.id });
    C = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: B.id });
    D = await t.factory.user(appId, { profile: 'MANAGER', parentId: G.id });
    K = await t.factory.user(appId, { profile: 'COMPTABLE', parentId: G.id });
    // Another tenant, whose users must never show up.
    const other = await t.factory.tenant();
    await t.factory.user(other.appId, { profile: 'MANAGER', parentId: other.gerant.id });
    [asG, asA, asC, asK] = await Promise.all([t.login(G.email), t.login(A.email), t.login(C.email), t.login(K.email)]);
  });
  afterAll(async () => t?.close());

  const allIds = () => [G, A, B, C, D, K].map((u) => u.id);

  it('shows the whole tenant to GERANT and COMPTABLE, only descendants to a manager', async () => {
    const everyone = [...allIds()].sort();
    expect(idsOf(await asG.call('GET', '/api/Users?limit=100', 'user'))).toEqual(everyone);
    expect(idsOf(await asK.call('GET', '/api/Users?limit=100', 'user'))).toEqual(everyone);
    expect(idsOf(await asA.call('GET', '/api/Users?limit=100', 'user'))).toEqual([B.id, C.id].sort());
    expect((await asA.call('GET', `/api/Users/${D.id}`, 'user')).statusCode).toBe(404);
    expect((await asA.call('GET', `/api/Users/${G.id}`, 'user')).statusCode).toBe(404);
    expect((await asA.call('GET', `/api/Users/${C.id}`, 'user')).json().data.email).toBe(C.email);
    // A sales user sees no list at all, and nobody among the managers.
    expect((await asC.call('GET', '/api/Users', 'user')).statusCode).toBe(403);
    expect((await asC.call('GET', '/api/Users/byProfiles/GERANT,MANAGER', 'user')).json().data).toEqual([]);
  });

  it('paginates (limit, offset, countAll, DESC by default), filters by profile, ignores searches under 3 characters', async () => {
    const first = (await asG.call('GET', '/api/Users?limit=4', 'user')).json();
    expect(first).toMatchObject({ countAll: 6, limit: 4, offset: 0, order: 'DESC' });
    expect(first.data).toHaveLength(4);
    const second = (await asG.call('GET', '/api/Users?limit=4&offset=4', 'user')).json();
    expect(second.data).toHaveLength(2);
    const pages = [...first.data, ...second.data].map((u: { id: string }) => u.id);
    expect(new Set(pages).size).toBe(6);
    const created = [...first.data, ...second.data].map((u: { createdAt: string }) => u.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const ascending = (await asG.call('GET', '/api/Users?limit=100&order=ASC', 'user')).json().data.map((u: { id: string }) => u.id);
    expect(ascending).toEqual([...pages].reverse());

    const managers = (await asG.call('GET', '/api/Users?limit=100&profile=MANAGER', 'user')).json();
    expect(managers.countAll).toBe(3);
    expect(managers.data.every((u: { profile: string }) => u.profile === 'MANAGER')).toBe(true);

    expect((await asG.call('GET', '/api/Users?search=CO', 'user')).json().countAll).toBe(6);
    const found = (await asG.call('GET', '/api/Users?search=COMPTA', 'user')).json();
    expect(found.data.map((u: { id: string }) => u.id)).toEqual([K.id]);
    expect((await asG.call('GET', '/api/Users?limit=0', 'user')).statusCode).toBe(400);
  });

  it('creates a user who chooses a password from the mailed link, which also confirms the account', async () => {
    const input = newUser({ parentId: D.id, mobile: '+33 6 11 22 33 44' });
    const res = await asG.call('POST', '/api/Users', 'user', input);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ email: input.email, profile: 'COMMERCIAL', parentId: D.id, active: true, appId, mobile: '+33611223344', language: 'fr' });

    const mail = (await t.lastMessageTo(input.email))!;
    expect(mail).toMatchObject({ template: 'set-password', channel: 'email', appId });
    expect(mail.text).toContain('Gérard Gerant');
    const noPassword = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: input.email, password }, headers: freshIp() });
    expect(noPassword.json().error.code).toBe('INVALID_CREDENTIALS');

    const set = await t.request({ method: 'POST', url: '/api/auth/password/reset', body: { token: linkToken(mail.text), password }, headers: freshIp() });
    expect(set.statusCode, set.body).toBe(200);
    const client = await t.login(input.email);
    expect((await client.call('GET', '/api/Users/web/me', 'user')).json().data.user.id).toBe(created.id);
  });

  it('edits a user, refuses a duplicate e-mail in this tenant or another one', async () => {
    const user = (await asG.call('POST', '/api/Users', 'user', newUser({ parentId: D.id }))).json().data;
    const edited = await asG.call('PUT', `/api/Users/${user.id}`, 'user', {
      ...newUser(),
      email: user.email,
      firstName: 'Renamed',
      profile: 'MANAGER',
      parentId: D.id,
      language: 'en',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ firstName: 'Renamed', profile: 'MANAGER', parentId: D.id, language: 'en' });
    expect((await asG.call('GET', `/api/Users/${user.id}`, 'user')).json().data.firstName).toBe('Renamed');

    const other = await t.factory.tenant();
    for (const taken of [C.email, C.email.toUpperCase(), other.gerant.email]) {
      const before = await t.snapshot();
      const create = await asG.call('POST', '/api/Users', 'user', newUser({ email: taken }));
      expect(create.statusCode, `${taken}: ${create.body}`).toBe(409);
      expect(create.json().error.code).toBe('EMAIL_ALREADY_EXISTS');
      const update = await asG.call('PUT', `/api/Users/${user.id}`, 'user', { ...newUser(), email: taken, parentId: D.id });
      expect(update.statusCode, `${taken}: ${update.body}`).toBe(409);
      expect(update.json().error.code).toBe('EMAIL_ALREADY_EXISTS');
      expect(await t.snapshot()).toBe(before);
    }
  });

  it('keeps the hierarchy a tree', async () => {
    const snapshot = await t.snapshot();
    const asChildOf = (parentId: string) =>
      asG.call('PUT', `/api/Users/${A.id}`, 'user', { firstName: 'Test', lastName: 'MANAGER', email: A.email, profile: 'MANAGER', parentId });
    // Under a subordinate (direct, deeper, even a sales user) or under oneself: a cycle.
    for (const parentId of [B.id, C.id, A.id]) {
      const res = await asChildOf(parentId);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('INVALID_LINE_MANAGER');
    }
    // A sales user cannot be anyone's line manager at all.
    const underSales = await asG.call('PUT', `/api/Users/${D.id}`, 'user', {
      firstName: 'Test',
      lastName: 'MANAGER',
      email: D.email,
      profile: 'MANAGER',
      parentId: C.id,
    });
    expect(underSales.statusCode).toBe(400);
    expect(underSales.json().error.fields[0]).toMatchObject({ field: 'parentId', rule: 'invalid_value' });
    expect(await t.snapshot()).toBe(snapshot);
  });

  it('walks the tree: children (direct or recursive) and parent', async () => {
    expect(idsOf(await asG.call('GET', `/api/Users/${A.id}/children?recursif=0`, 'user'))).toEqual([B.id]);
    expect(idsOf(await asG.call('GET', `/api/Users/${A.id}/children?recursif=1`, 'user'))).toEqual([B.id, C.id].sort());
    expect(idsOf(await asA.call('GET', `/api/Users/${A.id}/children?recursif=1`, 'user'))).toEqual([B.id, C.id].sort());
    expect((await asA.call('GET', `/api/Users/${D.id}/children`, 'user')).statusCode).toBe(404);
    expect((await asG.call('GET', `/api/Users/${C.id}/parent`, 'user')).json().data.id).toBe(B.id);
    expect((await asG.call('GET', `/api/Users/${G.id}/parent`, 'user')).json().data).toBeNull();
    expect((await asC.call('GET', `/api/Users/${C.id}/parent`, 'user')).json().data.id).toBe(B.id);
  });

  it('lists users by profiles, and says whether an e-mail exists', async () => {
    const byG = await asG.call('GET', '/api/Users/byProfiles/GERANT,MANAGER', 'user');
    expect(
      byG
        .json()
        .data.map((u: { profile: string }) => u.profile)
        .every((p: string) => p === 'GERANT' || p === 'MANAGER'),
    ).toBe(true);
    expect(byG.json().data.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([G.id, A.id, B.id, D.id]));
    // A manager may pick themselves, and sees their own subordinates only.
    expect(idsOf(await asA.call('GET', '/api/Users/byProfiles/MANAGER', 'user'))).toEqual([A.id, B.id].sort());
    expect((await asG.call('GET', '/api/Users/byProfiles/GERANT,NOPE', 'user')).statusCode).toBe(400);

    expect((await asG.call('GET', `/api/Users/isExist?email=${encodeURIComponent(C.email.toUpperCase())}`, 'user')).json().data.exists).toBe(true);
    expect((await asG.call('GET', '/api/Users/isExist?email=nobody-here@example.com', 'user')).json().data.exists).toBe(false);
    expect((await asG.call('GET', '/api/Users/isExist?email=bad', 'user')).statusCode).toBe(400);
  });

  it('lets only a GERANT give GERANT or COMPTABLE; a manager creates under themselves', async () => {
    for (const profile of ['GERANT', 'COMPTABLE']) {
      const res = await asA.call('POST', '/api/Users', 'user', newUser({ profile }));
      expect(res.statusCode, profile).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const promote = await asA.call('PUT', `/api/Users/${C.id}`, 'user', {
      firstName: 'Test',
      lastName: 'COMMERCIAL',
      email: C.email,
      profile: 'GERANT',
      parentId: B.id,
    });
    expect(promote.statusCode).toBe(403);
    const mine = await asA.call('POST', '/api/Users', 'user', newUser());
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().data.parentId).toBe(A.id);
    expect((await asA.call('POST', '/api/Users', 'user', newUser({ parentId: D.id }))).statusCode).toBe(400);
    const comptable = await asG.call('POST', '/api/Users', 'user', newUser({ profile: 'COMPTABLE' }));
    expect(comptable.statusCode).toBe(201);
  });

  it('sends a password link to a visible user', async () => {
    expect((await asA.call('POST', `/api/Users/${C.id}/password/web`, 'user')).statusCode).toBe(200);
    expect((await t.lastMessageTo(C.email))!.template).toBe('reset-password');
    expect((await asA.call('POST', `/api/Users/${D.id}/password/web`, 'user')).statusCode).toBe(404);
  });

  it('updates the own profile and additional data (theme.lang sets the language)', async () => {
    const me = await asC.call('PUT', '/api/Users/me', 'user', { firstName: 'Carla', lastName: 'Seller', mobile: '+33700000000', language: 'es' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toMatchObject({
      id: C.id,
      firstName: 'Carla',
      lastName: 'Seller',
      mobile: '+33700000000',
      language: 'es',
      profile: 'COMMERCIAL',
      parentId: B.id,
    });

    const data = await asC.call('PATCH', '/api/Users/additionnalData', 'user', { theme: { lang: 'de' }, options: { compact: true } });
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().data).toMatchObject({ language: 'de', additionnalData: { theme: { lang: 'de' }, options: { compact: true } } });
    const more = await asC.call('PATCH', '/api/Users/additionnalData', 'user', { plateforme: { tour: 'done' } });
    expect(more.json().data.additionnalData).toMatchObject({ theme: { lang: 'de' }, options: { compact: true }, plateforme: { tour: 'done' } });
    expect((await asC.call('GET', '/api/Users/web/me', 'user')).json().data.user.language).toBe('de');
    expect((await asC.call('PATCH', '/api/Users/additionnalData', 'user', { theme: { lang: 'xx' } })).statusCode).toBe(400);
  });

  it('deletes a user without subordinates; a user with some can only be deactivated', async () => {
    const leaf = (await asG.call('POST', '/api/Users', 'user', newUser({ parentId: D.id }))).json().data;
    expect((await asG.call('GET', `/api/Users/isUsed/${leaf.id}`, 'user')).json().data).toEqual({ isUsed: false, subordinates: 0 });
    expect((await asG.call('DELETE', `/api/Users/${leaf.id}`, 'user')).statusCode).toBe(200);
    expect((await asG.call('GET', `/api/Users/${leaf.id}`, 'user')).statusCode).toBe(404);
    expect((await asG.call('DELETE', `/api/Users/${G.id}`, 'user')).statusCode).toBe(409);

    const children = (await asG.call('GET', `/api/Users/${A.id}/children`, 'user')).json().data.length;
    expect((await asG.call('GET', `/api/Users/isUsed/${A.id}`, 'user')).json().data).toEqual({ isUsed: true, subordinates: children });
    const before = await t.snapshot();
    const refused = await asG.call('DELETE', `/api/Users/${A.id}`, 'user');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('USER_IN_USE');
    expect(await t.snapshot()).toBe(before);

    const off = await asG.call('PUT', `/api/Users/${A.id}`, 'user', {
      firstName: 'Test',
      lastName: 'MANAGER',
      email: A.email,
      profile: 'MANAGER',
      parentId: G.id,
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    // A deactivated user's session stops working and they cannot log in again.
    expect((await asA.call('GET', '/api/Users/web/me', 'user')).statusCode).toBe(401);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: A.email, password }, headers: freshIp() });
    expect(login.json().error.code).toBe('ACCOUNT_DISABLED');
    expect((await asG.call('GET', '/api/Users?active=false', 'user')).json().data.map((u: { id: string }) => u.id)).toEqual([A.id]);
  });
});
