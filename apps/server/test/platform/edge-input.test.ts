import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { encodeSignatureFilter } from '@paraphe/contracts';
import { adminEmail, createTestContext, engine, freshIp, password, type TestClient, type TestContext } from '../support/harness.ts';
import { createRequest, tenantWithGerant } from '../support/signatures.ts';
import { inputDatabaseError } from '../../src/platform/http/database-errors.ts';
import { sentLink } from './edge-support.ts';

/**
 * Input validation (docs/security.md): hostile input never answers 500 and never changes the database. Control
 * characters and ill-formed Unicode are refused with 400 VALIDATION_FAILED naming the field, at the edge for every
 * route; what the database itself refuses as a data exception (PostgreSQL class 22) is a 400, not a 500.
 */
const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};
const nestedArray = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** Values a client could send in place of a string. */
const hostileValues: readonly unknown[] = [
  'a\u0000b',
  '\u0000',
  'ann\u0001\u001b[31m',
  'del\u007f',
  '\ud800',
  'x\udc00y',
  'x'.repeat(10_000),
  nested(200),
  nestedArray(200),
  [],
  ['a', 'b'],
  {},
  { $gt: '' },
  null,
  true,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
];
/** Query-string forms (already URL-encoded). */
const hostileQueries: readonly string[] = [
  '%00',
  'abc%00def',
  '%01%02%1F',
  '%ED%A0%80',
  '%F0%28%8C%28',
  '%C0%80',
  'x'.repeat(10_000),
  '%25%00',
  "'%3B%20drop%20table%20users%3B--",
  '%5Cu0000',
];
const describeValue = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text;
};

describe(`edge: hostile input never answers 500 (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let admin: TestClient;
  let userId: string;
  let links: { token: string }[];
  const seen: string[] = [];

  /** Sends, asserts no 5xx, and records the status for the summary. */
  async function send(label: string, call: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
    const res = await call();
    seen.push(`${res.statusCode} ${label}`);
    expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
    return res;
  }

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    admin = await t.login(adminEmail);
    userId = (await t.factory.user(tenant.appId, { profile: 'COMMERCIAL' })).id;
    links = [await sentLink(t, gerant), await sentLink(t, gerant), await sentLink(t, gerant)];
  });
  afterAll(async () => t?.close());

  it('fuzz: list searches, user create and update, sign-up, login, links, signing page actions — no 500, nothing changed', async () => {
    const before = await t.snapshot();
    const userToken = await gerant.token('user');
    const historyToken = await gerant.token('history');
    const appToken = await admin.token('application');
    const validUser = { firstName: 'Ann', lastName: 'Lee', email: 'fuzz-user@example.com', profile: 'COMMERCIAL' };
    const validSignUp = {
      company: 'Fuzz Co',
      firstName: 'Fay',
      lastName: 'Fuzz',
      email: 'fuzz-signup@example.com',
      password,
      language: 'en',
      consents: { terms: true, personalData: true, partners: false, brandPublication: false },
    };

    for (const q of hostileQueries) {
      await send(`GET users search ${q.slice(0, 20)}`, () => t.request({ method: 'GET', url: `/api/Users?search=${q}`, token: userToken }));
      await send(`GET users orderBy ${q.slice(0, 20)}`, () => t.request({ method: 'GET', url: `/api/Users?orderBy=${q}`, token: userToken }));
      await send(`GET transactions search ${q.slice(0, 20)}`, () => t.request({ method: 'GET', url: `/api/transactions/search?q=${q}`, token: historyToken }));
      await send(`GET transactions list ${q.slice(0, 20)}`, () =>
        t.request({ method: 'GET', url: `/api/transactions?search=${q}&filter=${q}`, token: historyToken }),
      );
      await send(`GET applications search ${q.slice(0, 20)}`, () => t.request({ method: 'GET', url: `/api/applications?search=${q}`, token: appToken }));
      await send(`GET isExist ${q.slice(0, 20)}`, () => t.request({ method: 'GET', url: `/api/Users/isExist?email=${q}`, token: userToken }));
      await send(`GET user by id ${q.slice(0, 20)}`, () => t.request({ method: 'GET', url: `/api/Users/${q}`, token: userToken }));
      await send(`GET signing view ${q.slice(0, 20)}`, () => t.request({ method: 'GET', url: `/api/public/sign/${q}aaaaaaaaaaaaaaaa` }));
    }
    // Arrays and objects in the query string.
    for (const qs of ['search[]=a&search[]=b', 'search[$ne]=x', 'limit=1e309', 'limit=-1', 'offset=99999999999999999999', 'order=%00']) {
      await send(`GET users ?${qs}`, () => t.request({ method: 'GET', url: `/api/Users?${qs}`, token: userToken }));
    }
    // The list filter: dates PostgreSQL cannot represent.
    for (const filter of [{ createdFrom: '0000-01-01' }, { createdTo: '9999-12-31T23:59:59+14:00' }, { createdFrom: '2024-02-30' }, { status: ['\u0000'] }]) {
      await send(`GET transactions filter ${JSON.stringify(filter)}`, () =>
        t.request({ method: 'GET', url: `/api/transactions?filter=${encodeURIComponent(encodeSignatureFilter(filter as never))}`, token: historyToken }),
      );
    }

    let linkCalls = 0;
    for (const value of hostileValues) {
      const v = describeValue(value);
      for (const field of ['firstName', 'lastName', 'email', 'profile', 'mobile', 'parentId', 'company']) {
        if (value === null && ['mobile', 'parentId', 'company'].includes(field)) continue; // null is "none": a valid user
        await send(`user create ${field}=${v}`, () =>
          t.request({ method: 'POST', url: '/api/Users', token: userToken, body: { ...validUser, [field]: value } }),
        );
      }
      await send(`user update lastName=${v}`, () =>
        t.request({ method: 'PUT', url: `/api/Users/${userId}`, token: userToken, body: { ...validUser, email: 'other@example.com', lastName: value } }),
      );
      for (const field of ['company', 'email', 'password', 'consents', 'language']) {
        await send(`sign-up ${field}=${v}`, () =>
          t.request({ method: 'POST', url: '/api/applications/public', body: { ...validSignUp, [field]: value }, headers: freshIp() }),
        );
      }
      await send(`login email=${v}`, () => t.request({ method: 'POST', url: '/api/auth/login', body: { email: value, password }, headers: freshIp() }));
      await send(`forgot email=${v}`, () => t.request({ method: 'POST', url: '/api/auth/password/forgot', body: { email: value }, headers: freshIp() }));
      await send(`confirm token=${v}`, () => t.request({ method: 'POST', url: '/api/auth/confirm', body: { token: value }, headers: freshIp() }));
      // Signing page actions: spread over the links (each link takes 20 actions a minute).
      const link = links[Math.floor(linkCalls / 15) % links.length]!.token;
      linkCalls += 3;
      await send(`refuse comment=${v}`, () => t.request({ method: 'POST', url: `/api/public/sign/${link}/refuse`, body: { comment: value } }));
      await send(`sign code=${v}`, () =>
        t.request({ method: 'POST', url: `/api/public/sign/${link}/sign`, body: { code: value, consents: value, handwrittenPng: value } }),
      );
      await send(`approve comment=${v}`, () => t.request({ method: 'POST', url: `/api/public/sign/${link}/approve`, body: { comment: value } }));
    }
    // Whole bodies of the wrong shape.
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const deepArray = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    for (const body of [...[[], [validUser], 'text', 42, null].map((b) => JSON.stringify(b)), deepObject, deepArray]) {
      const v = body.length > 40 ? `${body.slice(0, 40)}…(${body.length})` : body;
      await send(`user create body ${v}`, () =>
        t.request({ method: 'POST', url: '/api/Users', token: userToken, body, headers: { 'content-type': 'application/json' } }),
      );
      await send(`sign-up body ${v}`, () =>
        t.request({ method: 'POST', url: '/api/applications/public', body, headers: { 'content-type': 'application/json', ...freshIp() } }),
      );
    }
    // Broken JSON and a wrong content type.
    for (const [payload, type] of [
      ['{"firstName": "a\u0000', 'application/json'],
      ['{"a":1,"a":2}', 'application/json'],
      ['{"__proto__": {"admin": true}}', 'application/json'],
      ['firstName=a%00b', 'application/x-www-form-urlencoded'],
      ['\u0000', 'text/plain'],
    ] as const) {
      await send(`user create raw ${payload}`, () =>
        t.request({ method: 'POST', url: '/api/Users', token: userToken, body: payload, headers: { 'content-type': type } }),
      );
    }
    // Reads may find nothing (200); no write may be accepted.
    expect(
      seen.filter((line) => line.startsWith('2') && !line.includes(' GET ')),
      'accepted writes',
    ).toEqual([]);
    expect(seen.length).toBeGreaterThan(400);
    expect(await t.snapshot()).toBe(before);
  });

  it('a NUL or a lone surrogate is a 400 VALIDATION_FAILED naming the field (body, query, path)', async () => {
    const userToken = await gerant.token('user');
    const create = await t.request({
      method: 'POST',
      url: '/api/Users',
      token: userToken,
      body: { firstName: 'A\u0000n', lastName: 'Lee', email: 'nul@example.com', profile: 'COMMERCIAL' },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'firstName', rule: 'invalid_value', message: expect.stringContaining('Control characters') }],
    });

    const surrogate = await t.request({
      method: 'POST',
      url: '/api/Users',
      token: userToken,
      body: { firstName: 'Ann', lastName: 'L\ud800e', email: 'lone@example.com', profile: 'COMMERCIAL' },
    });
    expect(surrogate.json().error.fields).toEqual([expect.objectContaining({ field: 'lastName', message: expect.stringContaining('Unicode') })]);

    const search = await t.request({ method: 'GET', url: '/api/Users?search=abc%00def', token: userToken });
    expect(search.statusCode).toBe(400);
    expect(search.json().error.fields).toEqual([expect.objectContaining({ field: 'search' })]);

    // Preferences are stored as jsonb (PostgreSQL refuses \u0000 there too).
    const preferences = (body: unknown) => t.request({ method: 'PATCH', url: '/api/Users/additionnalData', token: userToken, body });
    const nestedField = await preferences({ options: { deep: { er: ['ok', 'x\u0000'] } } });
    expect(nestedField.statusCode).toBe(400);
    expect(nestedField.json().error.fields).toEqual([expect.objectContaining({ field: 'options.deep.er.1' })]);

    const key = await preferences({ options: { 'k\u0000': 'v' } });
    expect(key.statusCode).toBe(400);
    expect((await preferences({ options: { ok: 'fine\ttext' } })).statusCode).toBe(200);

    // Bounded in size once merged (they come back with every /me): 1.9 MB refused, then a second 10 KB on top of 10 KB.
    const me = async () => (await t.request({ method: 'GET', url: `/api/Users/${gerant.userId}/me`, token: userToken })).json().data.user.additionnalData;
    const meBefore = await me();
    const huge = await preferences({ options: { blob: 'x'.repeat(1_900_000) } });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields).toEqual([expect.objectContaining({ field: 'additionnalData', rule: 'too_large' })]);
    expect(await me()).toEqual(meBefore);
    expect((await preferences({ plateforme: { notes: 'y'.repeat(10 * 1024) } })).statusCode).toBe(200);
    const onTop = await preferences({ options: { notes: 'z'.repeat(10 * 1024) } });
    expect(onTop.statusCode).toBe(400);
    expect(onTop.json().error.message).toContain('16 KB');

    const deep = await preferences({ options: nested(40) });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.fields[0].message).toContain('Nested deeper');

    const path = await t.request({ method: 'GET', url: `/api/public/sign/${links[0]!.token}%00` });
    expect(path.statusCode).toBe(400);
    expect(path.json().error.fields).toEqual([expect.objectContaining({ field: 'token' })]);
  });

  it('what reaches the database and is refused there (multipart text parts) answers 400, not 500, and changes nothing', async () => {
    const before = await t.snapshot();
    for (const label of ['Contract\u0000', 'A\u0000B']) {
      const res = await createRequest(t, gerant, { label });
      expect(res.statusCode, res.body).toBe(400);
      expect(['VALIDATION_FAILED', 'BAD_REQUEST']).toContain(res.json().error.code);
    }
    const signers = await createRequest(t, gerant, {
      signers: [{ firstname: 'Nul\u0000', lastname: 'Byte', emailAddress: 'nul-signer@example.com', signerIndex: 0 }],
    });
    expect(signers.statusCode, signers.body).toBe(400);
    expect(await t.snapshot()).toBe(before);
  });

  it('public JSON bodies are bounded (64 KB; the drawn signature’s sign call 1 MB): 413 PAYLOAD_TOO_LARGE', async () => {
    const padding = 'x'.repeat(70 * 1024);
    // A link of its own: the fuzz above may have spent the per-link action budget of the others (429 comes first).
    const fresh = await sentLink(t, gerant);
    for (const url of ['/api/applications/public', '/api/auth/login', '/api/auth/password/forgot', `/api/public/sign/${fresh.token}/refuse`]) {
      const res = await t.request({ method: 'POST', url, body: { comment: padding, email: padding }, headers: freshIp() });
      expect(res.statusCode, url).toBe(413);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    // A drawn signature of 700 KB reaches the sign call's validation (a wrong code here), not the size limit.
    const sign = await t.request({
      method: 'POST',
      url: `/api/public/sign/${links[1]!.token}/sign`,
      body: { code: '12', consents: [], handwrittenPng: 'A'.repeat(700 * 1024) },
    });
    expect(sign.statusCode).toBe(400);
    expect(sign.json().error.code).not.toBe('PAYLOAD_TOO_LARGE');
    // Authenticated JSON keeps the 2 MB default.
    const big = await t.request({ method: 'POST', url: '/api/Users', token: await gerant.token('user'), body: { firstName: 'x'.repeat(1024 * 1024) } });
    expect(big.statusCode).toBe(400);
    expect(big.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('free text keeps line breaks and tabs', async () => {
    const comment = await t.request({ method: 'POST', url: `/api/public/sign/${links[2]!.token}/refuse`, body: { comment: 'Line one\r\n\tLine two' } });
    expect(comment.statusCode, comment.body).toBe(200);
  });

  it('maps PostgreSQL data exceptions (class 22, 54000), wrapped or not, and nothing else', () => {
    expect(inputDatabaseError({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' })).toMatchObject({
      sqlState: '22021',
      message: expect.stringContaining('character'),
    });
    expect(inputDatabaseError(new Error('Failed query', { cause: { code: '22001' } }))).toMatchObject({ sqlState: '22001', message: 'A value is too long.' });
    expect(inputDatabaseError({ code: '22P02' })?.message).toBe('A value has an invalid format.');
    expect(inputDatabaseError({ code: '54000' })?.sqlState).toBe('54000');
    expect(inputDatabaseError({ code: '22ZZZ' })?.message).toBe('A value is not valid.');
    for (const other of [{ code: '23505' }, { code: '57P01' }, { code: 'ERR_INVALID_ARG_TYPE' }, new Error('x'), null, 'text'])
      expect(inputDatabaseError(other)).toBeUndefined();
  });
});
