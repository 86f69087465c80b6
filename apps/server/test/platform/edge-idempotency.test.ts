import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { adminEmail, createTestContext, engine, freshIp, password, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, multipartBody, placed, samplePdf, signer, makePdf, tenantWithGerant, type Part } from '../support/signatures.ts';
import { idempotencyModule } from '../../src/platform/idempotency.ts';
import type { JobSpec } from '../../src/platform/modules.ts';
import { rows } from './edge-support.ts';

/**
 * Idempotent creates (docs/security.md, docs/api.md): `Idempotency-Key` on every create endpoint. The key row is
 * written in the transaction of the change; the answer is stored just after and replayed to a retry.
 */
let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}`;
const userInput = (email = `${unique('idem')}@example.com`) => ({ firstName: 'Ida', lastName: 'Empotent', email, profile: 'COMMERCIAL' });
const keyed = (key: string) => ({ 'idempotency-key': key });

async function count(t: TestContext, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(t, query);
  return row!.n;
}
const usersWithEmail = (t: TestContext, email: string) => count(t, sql`select count(*)::int as n from users where email = ${email}`);
const keyRows = (t: TestContext, key: string) =>
  rows<{ app_id: string | null; scope: string; request_hash: string; response_status: number | null; response_body: unknown; expires_at: Date | string }>(
    t,
    sql`select app_id, scope, request_hash, response_status, response_body, expires_at from idempotency_keys where key = ${key}`,
  );
const errorCode = (res: LightMyRequestResponse) => (res.statusCode >= 400 ? res.json().error.code : undefined);

describe(`edge: Idempotency-Key on creates (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let appId: string;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    appId = tenant.appId;
  });
  afterAll(async () => t?.close());

  const createUser = async (body: unknown, headers: Record<string, string> = {}, client = gerant) =>
    t.request({ method: 'POST', url: '/api/Users', token: await client.token('user'), body, headers });

  it('a retry after success gets the first answer again (Idempotent-Replayed), and one user exists', async () => {
    const key = unique('key');
    const input = userInput();
    const first = await createUser(input, keyed(key));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await createUser(input, keyed(key));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(await usersWithEmail(t, input.email)).toBe(1);
    // Recorded with the change: in the tenant's transaction (its app_id), with the answer.
    const [row] = await keyRows(t, key);
    expect(row).toMatchObject({ app_id: appId, response_status: 201 });
    expect(row!.scope).toContain(`user:${gerant.userId}`);
    const ttl = new Date(row!.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000 + 5000);
  });

  it('the same key with another request is refused: 422 IDEMPOTENCY_KEY_REUSED, nothing created', async () => {
    const key = unique('key');
    expect((await createUser(userInput(), keyed(key))).statusCode).toBe(201);
    const other = userInput();
    const res = await createUser(other, keyed(key));
    expect(res.statusCode, res.body).toBe(422);
    expect(errorCode(res)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await usersWithEmail(t, other.email)).toBe(0);
  });

  it('a refused create binds no key: the corrected request with the same key is processed', async () => {
    const key = unique('key');
    const taken = userInput();
    expect((await createUser(taken)).statusCode).toBe(201);
    // The service refuses inside its transaction (the address is taken): rolled back, key included.
    const refused = await createUser(taken, keyed(key));
    expect(errorCode(refused)).toBe('EMAIL_ALREADY_EXISTS');
    expect(await keyRows(t, key)).toEqual([]);
    // Validation refuses before the handler.
    expect(errorCode(await createUser({ ...userInput(), profile: 'BOSS' }, keyed(key)))).toBe('VALIDATION_FAILED');
    const fixed = userInput();
    const res = await createUser(fixed, keyed(key));
    expect(res.statusCode, res.body).toBe(201);
    expect(await usersWithEmail(t, fixed.email)).toBe(1);
  });

  it('parallel duplicates: exactly one user; the others are 409 IDEMPOTENCY_KEY_IN_USE or the replayed answer', async () => {
    const key = unique('key');
    const input = userInput();
    const token = await gerant.token('user');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.request({ method: 'POST', url: '/api/Users', token, body: input, headers: keyed(key) })),
    );
    const created = answers.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed']);
    expect(created).toHaveLength(1);
    for (const res of answers) {
      if (res === created[0]) continue;
      if (res.statusCode === 201) expect(res.body).toBe(created[0]!.body);
      else expect(errorCode(res)).toBe('IDEMPOTENCY_KEY_IN_USE');
    }
    expect(await usersWithEmail(t, input.email)).toBe(1);
  });

  it('two nodes (the in-process in-flight set not shared): the key in the change’s transaction still prevents a duplicate', async () => {
    const key = unique('key');
    const input = userInput();
    const token = await gerant.token('user');
    const flights = t.server.app.idempotency.inFlight;
    const has = flights.has.bind(flights);
    flights.has = () => false;
    try {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => t.request({ method: 'POST', url: '/api/Users', token, body: input, headers: keyed(key) })),
      );
      expect(answers.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed'])).toHaveLength(1);
      // The others: the first answer (or, its answer not stored yet, IN_USE / UNKNOWN_RESULT), never another error.
      for (const res of answers) {
        if (res.statusCode === 201) continue;
        expect(['IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_UNKNOWN_RESULT']).toContain(errorCode(res));
      }
    } finally {
      flights.has = has;
    }
    expect(await usersWithEmail(t, input.email)).toBe(1);
    expect(await count(t, sql`select count(*)::int as n from outbox_messages where recipient = ${input.email}`)).toBe(1);
  });

  it('an answer lost after the commit (the process died): a retry gets 409 IDEMPOTENCY_KEY_UNKNOWN_RESULT, never a duplicate', async () => {
    const key = unique('key');
    const input = userInput();
    expect((await createUser(input, keyed(key))).statusCode).toBe(201);
    // Simulates the crash between the commit (change + key) and storing the answer.
    await t.database.db.execute(sql`update idempotency_keys set response_status = null, response_body = null where key = ${key}`);
    for (let i = 0; i < 2; i++) {
      const retry = await createUser(input, keyed(key));
      expect(retry.statusCode, retry.body).toBe(409);
      expect(retry.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_UNKNOWN_RESULT', message: expect.stringContaining('Look for the item it created') });
    }
    expect(await usersWithEmail(t, input.email)).toBe(1);
  });

  it('keys belong to their caller: another user’s same key is another request', async () => {
    const key = unique('key');
    expect((await createUser(userInput(), keyed(key))).statusCode).toBe(201);
    const other = await tenantWithGerant(t);
    const res = await createUser(userInput(), keyed(key), other.client);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await keyRows(t, key)).toHaveLength(2);
  });

  it('refuses a malformed key (1–200 printable ASCII characters) and changes nothing', async () => {
    const before = await t.snapshot();
    for (const key of ['', ' ', 'x'.repeat(201), 'tab\there', 'caf\u00e9']) {
      const res = await createUser(userInput(), { 'idempotency-key': key });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'Idempotency-Key' })]);
    }
    expect(await t.snapshot()).toBe(before);
    expect((await createUser(userInput(), keyed('x'.repeat(200)))).statusCode).toBe(201);
  });

  it('keys expire after 24 h (a later request with the key is new) and the hourly job purges them', async () => {
    const key = unique('key');
    expect((await createUser(userInput(), keyed(key))).statusCode).toBe(201);
    await t.database.db.execute(sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${key}`);
    const later = userInput();
    const res = await createUser(later, keyed(key));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await usersWithEmail(t, later.email)).toBe(1);

    const live = unique('key');
    expect((await createUser(userInput(), keyed(live))).statusCode).toBe(201);
    await t.database.db.execute(sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${key}`);
    const purge = idempotencyModule.jobs[0] as unknown as JobSpec<Record<string, unknown>>;
    expect(purge.schedule).toBeDefined();
    await purge.run(t.server.platform, {}, { id: 'test', retryCount: 0 });
    expect(await keyRows(t, key)).toEqual([]);
    expect(await keyRows(t, live)).toHaveLength(1);
  });

  it('a non-create endpoint ignores the header', async () => {
    const created = (await createUser(userInput())).json().data;
    const key = unique('key');
    const update = async (lastName: string) =>
      t.request({
        method: 'PUT',
        url: `/api/Users/${created.id}`,
        token: await gerant.token('user'),
        body: { ...userInput(created.email), lastName },
        headers: keyed(key),
      });
    expect((await update('First')).json().data.lastName).toBe('First');
    const second = await update('Second');
    expect(second.json().data.lastName).toBe('Second');
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await keyRows(t, key)).toEqual([]);
  });

  it('public sign-up: keyed by the client address; a retry replays, one account', async () => {
    const key = unique('key');
    const n = ++sequence;
    const body = {
      company: `Idem Signup ${n}`,
      firstName: 'Sid',
      lastName: 'Up',
      email: `${unique('signup')}@example.com`,
      password,
      language: 'en',
      consents: { terms: true, personalData: true, partners: false, brandPublication: false },
    };
    const from = freshIp();
    const first = await t.request({ method: 'POST', url: '/api/applications/public', body, headers: { ...from, ...keyed(key) } });
    expect(first.statusCode, first.body).toBe(201);
    const again = await t.request({ method: 'POST', url: '/api/applications/public', body, headers: { ...from, ...keyed(key) } });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await count(t, sql`select count(*)::int as n from applications where company = ${body.company}`)).toBe(1);
    const [row] = await keyRows(t, key);
    expect(row).toMatchObject({ app_id: null, response_status: 201 });
    // Another address with the same key is another caller.
    const elsewhere = await t.request({ method: 'POST', url: '/api/applications/public', body, headers: { ...freshIp(), ...keyed(key) } });
    expect(errorCode(elsewhere)).toBe('EMAIL_ALREADY_EXISTS');
  });

  it('applications create (product administrator): a retry replays', async () => {
    const admin = await t.login(adminEmail);
    const key = unique('key');
    const body = {
      company: `Idem Admin ${++sequence}`,
      owner: { firstName: 'Olga', lastName: 'Owner', email: `${unique('owner')}@example.com` },
      pack: 'small',
      testMode: false,
    };
    const call = async () => t.request({ method: 'POST', url: '/api/applications', token: await admin.token('application'), body, headers: keyed(key) });
    const first = await call();
    expect(first.statusCode, first.body).toBe(201);
    const again = await call();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await count(t, sql`select count(*)::int as n from applications where company = ${body.company}`)).toBe(1);
  });

  describe('signature requests', () => {
    const requestCount = () => count(t, sql`select count(*)::int as n from signature_requests`);
    const form = async (label: string, pdf?: Uint8Array) => {
      const parts: Part[] = [
        { name: 'label', value: label },
        { name: 'transactionSigners', value: JSON.stringify([signer(0)]) },
        { name: 'transactionDocuments', value: JSON.stringify([placed('contract.pdf', [0])]) },
        { name: 'transactionRequest', value: JSON.stringify({ send: false }) },
        { name: 'optionsRequest', value: JSON.stringify({}) },
        { name: 'files', fileName: 'contract.pdf', contentType: 'application/pdf', data: pdf ?? (await samplePdf()) },
      ];
      return multipartBody(parts);
    };
    const post = async (body: { payload: Buffer; headers: Record<string, string> }, key: string) =>
      t.request({
        method: 'POST',
        url: '/api/transactions/1',
        token: await gerant.token('history'),
        body: body.payload,
        headers: { ...body.headers, ...keyed(key) },
      });

    it('create (multipart): the same bytes replay; another file with the key is refused; one request created', async () => {
      const key = unique('key');
      const body = await form(unique('Idempotent contract'));
      const before = await requestCount();
      const first = await post(body, key);
      expect(first.statusCode, first.body).toBe(201);
      const again = await post(body, key);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
      const other = await post(await form('Another contract', await makePdf(1, 'Other')), key);
      expect(errorCode(other)).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await requestCount()).toBe(before + 1);
      expect((await keyRows(t, key))[0]).toMatchObject({ app_id: appId, response_status: 201 });
    });

    it('create (multipart): parallel duplicates create one request', async () => {
      const key = unique('key');
      const body = await form(unique('Parallel contract'));
      const before = await requestCount();
      const answers = await Promise.all(Array.from({ length: 3 }, () => post(body, key)));
      expect(answers.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed'])).toHaveLength(1);
      expect(answers.every((r) => r.statusCode === 201 || errorCode(r) === 'IDEMPOTENCY_KEY_IN_USE')).toBe(true);
      expect(await requestCount()).toBe(before + 1);
    });

    it('create (multipart): while the first is still running (its upload not finished) a retry gets 409 IDEMPOTENCY_KEY_IN_USE', async () => {
      const key = unique('key');
      const body = await form(unique('Slow upload contract'));
      const before = await requestCount();
      const upload = new PassThrough();
      const first = t.request({
        method: 'POST',
        url: '/api/transactions/1',
        token: await gerant.token('history'),
        body: upload,
        headers: { ...body.headers, ...keyed(key) },
      });
      upload.write(body.payload.subarray(0, 200));
      await t.waitFor(async () => t.server.app.idempotency.inFlight.size > 0);
      const retry = await post(body, key);
      expect(retry.statusCode, retry.body).toBe(409);
      expect(errorCode(retry)).toBe('IDEMPOTENCY_KEY_IN_USE');
      upload.end(body.payload.subarray(200));
      const done = await first;
      expect(done.statusCode, done.body).toBe(201);
      const replay = await post(body, key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await requestCount()).toBe(before + 1);
    });

    it('create (multipart): a lost answer gives UNKNOWN_RESULT, still one request', async () => {
      const key = unique('key');
      const body = await form(unique('Lost answer contract'));
      const before = await requestCount();
      expect((await post(body, key)).statusCode).toBe(201);
      await t.database.db.execute(sql`update idempotency_keys set response_status = null, response_body = null where key = ${key}`);
      expect(errorCode(await post(body, key))).toBe('IDEMPOTENCY_KEY_UNKNOWN_RESULT');
      expect(await requestCount()).toBe(before + 1);
    });

    it('duplicate: a retry replays; without a key every call duplicates', async () => {
      const source = await draft(t, gerant);
      const key = unique('key');
      const before = await requestCount();
      const call = async (headers: Record<string, string>) =>
        t.request({ method: 'POST', url: `/api/transactions/${source.id}/duplicate`, token: await gerant.token('history'), headers });
      const first = await call(keyed(key));
      expect(first.statusCode, first.body).toBe(201);
      const again = await call(keyed(key));
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
      expect(await requestCount()).toBe(before + 1);
      expect((await call({})).statusCode).toBe(201);
      expect(await requestCount()).toBe(before + 2);
    });
  });
});
