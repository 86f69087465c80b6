import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience } from '@paraphe/contracts';
import { randomUUID } from 'node:crypto';
import { engine, createTestContext, type TestClient, type TestContext } from '../support/harness.ts';

/** Ids every row may use: tenant A is the caller's, tenant B is someone else's. */
interface Ids {
  appA: string;
  gerantA: string;
  commercialA: string;
  appB: string;
  gerantB: string;
  userB: string;
  messageId: string;
}
type Caller = 'gerant' | 'commercial';
interface Call {
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
}
interface Endpoint extends Call {
  /** OpenAPI form of the route, to prove the table lists every authenticated route. */
  route: string;
  audience: Audience;
  /** A caller whose profile lacks the right gets 403 FORBIDDEN. */
  forbidden?: Call & { as: Caller };
  /** Tenant A's GERANT naming tenant B's user or application gets 404 and changes nothing. */
  foreign?: Call;
}

const userInput = (email: string) => ({ firstName: 'Ann', lastName: 'Other', email, profile: 'COMMERCIAL' });

const endpoints: Endpoint[] = [
  { route: 'GET /api/Users/{id}/me', audience: 'user', url: () => '/api/Users/web/me' },
  {
    route: 'PATCH /api/Users/{id}/{appId}/logged/{userId}',
    audience: 'user',
    url: (i) => `/api/Users/web/${i.appA}/logged/${i.gerantA}?code=123456`,
    foreign: { url: (i) => `/api/Users/web/${i.appB}/logged/${i.gerantB}?code=123456` },
  },
  { route: 'POST /api/auth/code/resend', audience: 'user', url: () => '/api/auth/code/resend' },
  {
    route: 'DELETE /api/Users/logged/{userId}',
    audience: 'user',
    url: (i) => `/api/Users/logged/${i.gerantA}`,
    foreign: { url: (i) => `/api/Users/logged/${i.gerantB}` },
  },
  {
    route: 'POST /api/auth/commute',
    audience: 'user',
    url: () => '/api/auth/commute',
    body: (i) => ({ appId: i.appA, userId: i.commercialA }),
    forbidden: { as: 'commercial', url: () => '/api/auth/commute', body: (i) => ({ appId: i.appA, userId: i.gerantA }) },
    foreign: { url: () => '/api/auth/commute', body: (i) => ({ appId: i.appB, userId: i.userB }) },
  },
  { route: 'DELETE /api/auth/commute', audience: 'user', url: () => '/api/auth/commute' },
  { route: 'GET /api/Users', audience: 'user', url: () => '/api/Users', forbidden: { as: 'commercial', url: () => '/api/Users' } },
  {
    route: 'GET /api/Users/isExist',
    audience: 'user',
    url: () => '/api/Users/isExist?email=someone@example.com',
    forbidden: { as: 'commercial', url: () => '/api/Users/isExist?email=someone@example.com' },
  },
  { route: 'GET /api/Users/byProfiles/{profiles}', audience: 'user', url: () => '/api/Users/byProfiles/GERANT,MANAGER' },
  {
    route: 'GET /api/Users/isUsed/{id}',
    audience: 'user',
    url: (i) => `/api/Users/isUsed/${i.commercialA}`,
    forbidden: { as: 'commercial', url: (i) => `/api/Users/isUsed/${i.commercialA}` },
    foreign: { url: (i) => `/api/Users/isUsed/${i.userB}` },
  },
  { route: 'PUT /api/Users/me', audience: 'user', url: () => '/api/Users/me', body: () => ({ firstName: 'Me', lastName: 'Myself' }) },
  { route: 'PATCH /api/Users/additionnalData', audience: 'user', url: () => '/api/Users/additionnalData', body: () => ({ theme: { lang: 'en' } }) },
  {
    route: 'GET /api/Users/{id}',
    audience: 'user',
    url: (i) => `/api/Users/${i.commercialA}`,
    forbidden: { as: 'commercial', url: (i) => `/api/Users/${i.gerantA}` },
    foreign: { url: (i) => `/api/Users/${i.userB}` },
  },
  {
    route: 'GET /api/Users/{id}/children',
    audience: 'user',
    url: (i) => `/api/Users/${i.gerantA}/children`,
    foreign: { url: (i) => `/api/Users/${i.gerantB}/children?recursif=1` },
  },
  {
    route: 'GET /api/Users/{id}/parent',
    audience: 'user',
    url: (i) => `/api/Users/${i.commercialA}/parent`,
    foreign: { url: (i) => `/api/Users/${i.userB}/parent` },
  },
  {
    route: 'POST /api/Users',
    audience: 'user',
    url: () => '/api/Users',
    body: () => userInput('new-user@example.com'),
    forbidden: { as: 'commercial', url: () => '/api/Users', body: () => userInput('new-user@example.com') },
  },
  {
    route: 'PUT /api/Users/{id}',
    audience: 'user',
    url: (i) => `/api/Users/${i.commercialA}`,
    body: () => userInput('changed@example.com'),
    forbidden: { as: 'commercial', url: (i) => `/api/Users/${i.commercialA}`, body: () => userInput('changed@example.com') },
    foreign: { url: (i) => `/api/Users/${i.userB}`, body: () => userInput('stolen@example.com') },
  },
  {
    route: 'DELETE /api/Users/{id}',
    audience: 'user',
    url: (i) => `/api/Users/${i.commercialA}`,
    forbidden: { as: 'commercial', url: (i) => `/api/Users/${i.commercialA}` },
    foreign: { url: (i) => `/api/Users/${i.userB}` },
  },
  {
    route: 'POST /api/Users/{id}/password/{client}',
    audience: 'user',
    url: (i) => `/api/Users/${i.commercialA}/password/web`,
    forbidden: { as: 'commercial', url: (i) => `/api/Users/${i.commercialA}/password/web` },
    foreign: { url: (i) => `/api/Users/${i.userB}/password/web` },
  },
  {
    route: 'PUT /api/Users/{id}/parent',
    audience: 'user',
    url: (i) => `/api/Users/${i.commercialA}/parent`,
    body: (i) => ({ parentId: i.gerantA }),
    forbidden: { as: 'commercial', url: (i) => `/api/Users/${i.commercialA}/parent`, body: (i) => ({ parentId: i.gerantA }) },
    foreign: { url: (i) => `/api/Users/${i.userB}/parent`, body: (i) => ({ parentId: i.gerantA }) },
  },
  {
    route: 'GET /api/applications/{id}/users',
    audience: 'application',
    url: (i) => `/api/applications/${i.appA}/users`,
    forbidden: { as: 'gerant', url: (i) => `/api/applications/${i.appA}/users` },
  },
  {
    route: 'POST /api/applications/{id}/users/{userId}/invitation',
    audience: 'application',
    url: (i) => `/api/applications/${i.appA}/users/${i.commercialA}/invitation`,
    forbidden: { as: 'gerant', url: (i) => `/api/applications/${i.appA}/users/${i.commercialA}/invitation` },
  },
  {
    route: 'PUT /api/applications/{id}/users/{userId}/active',
    audience: 'application',
    url: (i) => `/api/applications/${i.appA}/users/${i.commercialA}/active`,
    body: () => ({ active: false }),
    forbidden: { as: 'gerant', url: (i) => `/api/applications/${i.appA}/users/${i.commercialA}/active`, body: () => ({ active: false }) },
  },
  { route: 'GET /api/applications', audience: 'application', url: () => '/api/applications', forbidden: { as: 'gerant', url: () => '/api/applications' } },
  {
    route: 'POST /api/applications',
    audience: 'application',
    url: () => '/api/applications',
    body: () => ({ company: 'New', owner: { firstName: 'O', lastName: 'Wner', email: 'owner-new@example.com' } }),
    forbidden: {
      as: 'gerant',
      url: () => '/api/applications',
      body: () => ({ company: 'New', owner: { firstName: 'O', lastName: 'Wner', email: 'owner-new@example.com' } }),
    },
  },
  {
    route: 'GET /api/applications/{id}',
    audience: 'application',
    url: (i) => `/api/applications/${i.appA}`,
    foreign: { url: (i) => `/api/applications/${i.appB}` },
  },
  {
    route: 'PUT /api/applications/{id}',
    audience: 'application',
    url: (i) => `/api/applications/${i.appA}`,
    body: () => ({ settings: { themeColor: '#112233' } }),
    forbidden: { as: 'gerant', url: (i) => `/api/applications/${i.appA}`, body: () => ({ pack: 'large' }) },
    foreign: { url: (i) => `/api/applications/${i.appB}`, body: () => ({ settings: { themeColor: '#112233' } }) },
  },
  {
    route: 'GET /api/applications/{id}/consents',
    audience: 'application',
    url: (i) => `/api/applications/${i.appA}/consents`,
    forbidden: { as: 'gerant', url: (i) => `/api/applications/${i.appA}/consents` },
  },
  {
    route: 'PUT /api/applications/{id}/company-identity',
    audience: 'application',
    url: (i) => `/api/applications/${i.appA}/company-identity`,
    body: () => ({ legalName: 'Acme SAS', registrationNumber: '732829320', country: 'FR' }),
    forbidden: {
      as: 'gerant',
      url: (i) => `/api/applications/${i.appA}/company-identity`,
      body: () => ({ legalName: 'Acme SAS', registrationNumber: '732829320', country: 'FR' }),
    },
  },
  {
    route: 'DELETE /api/applications/{id}/company-identity',
    audience: 'application',
    url: (i) => `/api/applications/${i.appA}/company-identity`,
    forbidden: { as: 'gerant', url: (i) => `/api/applications/${i.appA}/company-identity` },
  },
  { route: 'GET /api/outbox', audience: 'outbox', url: () => '/api/outbox', forbidden: { as: 'gerant', url: () => '/api/outbox' } },
  {
    route: 'GET /api/outbox/{id}',
    audience: 'outbox',
    url: (i) => `/api/outbox/${i.messageId}`,
    forbidden: { as: 'gerant', url: (i) => `/api/outbox/${i.messageId}` },
  },
  {
    route: 'POST /api/outbox/{id}/resend',
    audience: 'outbox',
    url: (i) => `/api/outbox/${i.messageId}/resend`,
    forbidden: { as: 'gerant', url: (i) => `/api/outbox/${i.messageId}/resend` },
  },
  {
    route: 'POST /api/outbox/resend-failed',
    audience: 'outbox',
    url: () => '/api/outbox/resend-failed',
    forbidden: { as: 'gerant', url: () => '/api/outbox/resend-failed' },
  },
];
/** Routes anyone may call (they authenticate by password, cookie or mailed link, or open a session). */
const publicRoutes = [
  'POST /api/auth/login',
  'POST /api/auth/token',
  'POST /api/auth/logout',
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset',
  'POST /api/auth/confirm',
  'POST /api/auth/email/confirm',
  'POST /api/applications/public',
];

const methodOf = (route: string) => route.split(' ')[0]!;

function tamper(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const i = 10;
  const flipped = signature[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, i)}${flipped}${signature.slice(i + 1)}`;
}

describe(`authorization ladder on every authenticated route (${engine})`, () => {
  let t: TestContext;
  let ids: Ids;
  let gerant: TestClient;
  let commercial: TestClient;

  const send = (row: Endpoint, call: Call, token: string | undefined) =>
    t.request({ method: methodOf(row.route), url: call.url(ids), token, body: call.body?.(ids) });

  beforeAll(async () => {
    t = await createTestContext();
    const a = await t.factory.tenant({ doubleAuth: false });
    const b = await t.factory.tenant({ doubleAuth: false });
    const commercialA = await t.factory.user(a.appId, { profile: 'COMMERCIAL', parentId: a.gerant.id });
    const userB = await t.factory.user(b.appId, { profile: 'COMMERCIAL', parentId: b.gerant.id });
    gerant = await t.login(a.gerant.email);
    commercial = await t.login(commercialA.email);
    // A session of tenant B, so that "revoke B's sessions" would be visible in the snapshot.
    await t.login(b.gerant.email);
    ids = { appA: a.appId, gerantA: a.gerant.id, commercialA: commercialA.id, appB: b.appId, gerantB: b.gerant.id, userB: userB.id, messageId: randomUUID() };
  });
  afterAll(async () => t?.close());

  it('lists every authenticated route of the platform domains once', async () => {
    const spec = t.server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(spec.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const listed = endpoints.map((e) => e.route);
    expect(new Set(listed).size).toBe(listed.length);
    // The platform domains (auth, users, applications, outbox); other domains keep their own ladders — the passkeys
    // domain's ceremonies under /api/auth/passkeys included (test/passkeys/passkeys.test.ts).
    const covered = served.filter((r) => /^\w+ \/api\/(auth|Users|applications|outbox)(\/|$)/.test(r) && !/^\w+ \/api\/auth\/passkeys\//.test(r));
    expect([...listed, ...publicRoutes].sort()).toEqual(covered.sort());
  });

  it('answers 401 without a token, with another audience, with a tampered token', async () => {
    const otherAudience = await gerant.token('history');
    for (const row of endpoints) {
      const valid = await gerant.token(row.audience);
      for (const [label, token] of [
        ['no token', undefined],
        ['wrong audience', otherAudience],
        ['tampered', tamper(valid)],
      ] as const) {
        const res = await send(row, row, token);
        expect(res.statusCode, `${row.route} with ${label}: ${res.body}`).toBe(401);
      }
    }
  });

  it('answers 401 once the access token is older than 5 minutes', async () => {
    const fresh = new Map<Audience, string>();
    for (const audience of ['user', 'application', 'outbox'] as const) {
      const res = await t.request({ method: 'POST', url: '/api/auth/token', cookie: gerant.cookie, body: { audience } });
      fresh.set(audience, res.json().data.accessToken);
    }
    const mintedAt = Date.now();
    try {
      t.now.value = new Date(mintedAt + 4 * 60_000);
      expect((await t.request({ method: 'GET', url: '/api/Users/web/me', token: fresh.get('user') })).statusCode).toBe(200);
      t.now.value = new Date(mintedAt + 6 * 60_000);
      for (const row of endpoints) {
        const res = await send(row, row, fresh.get(row.audience));
        expect(res.statusCode, `${row.route} with an expired token: ${res.body}`).toBe(401);
      }
    } finally {
      t.now.value = undefined;
    }
  });

  it('answers 403 FORBIDDEN to a profile without the permission, and changes nothing', async () => {
    const clients: Record<Caller, TestClient> = { gerant, commercial };
    const rows = endpoints.filter((e) => e.forbidden);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) {
      const forbidden = row.forbidden!;
      const before = await t.snapshot();
      const res = await send(row, forbidden, await clients[forbidden.as].token(row.audience));
      expect(res.statusCode, `${row.route} as ${forbidden.as}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect(await t.snapshot(), row.route).toBe(before);
    }
  });

  it("answers 404 to another tenant's ids, and changes nothing", async () => {
    const rows = endpoints.filter((e) => e.foreign);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      const before = await t.snapshot();
      const res = await send(row, row.foreign!, await gerant.token(row.audience));
      expect(res.statusCode, `${row.route} on tenant B: ${res.body}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect(await t.snapshot(), row.route).toBe(before);
    }
    // The caller's own session is still alive and tenant B untouched.
    expect((await gerant.call('GET', '/api/Users/web/me', 'user')).statusCode).toBe(200);
  });
});
