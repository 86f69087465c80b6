import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/platform/config.ts';
import { fastifyTrustProxy } from '../../src/platform/http/headers.ts';
import { createTestContext, engine, password, type TestContext } from '../support/harness.ts';
import { tenantWithGerant } from '../support/signatures.ts';
import { rows, sentLink } from './edge-support.ts';

/**
 * Client address and proxies (docs/security.md): by default no X-Forwarded-For is believed, so rotating it neither
 * opens new rate-limit buckets nor writes a chosen address into the evidence; TRUST_PROXY names the proxies whose
 * header is believed. (inject() connects from 127.0.0.1.)
 */
const forwardedFrom = (ip: string) => ({ 'x-forwarded-for': ip });
let rotation = 0;
const rotated = () => forwardedFrom(`203.0.113.${++rotation % 250}`);

/** Login attempts with a wrong password: the status, or the code of a 429 (RATE_LIMITED by address, or an account lock). */
async function loginStatuses(t: TestContext, email: string, headers: () => Record<string, string>, times: number): Promise<(number | string)[]> {
  const statuses: (number | string)[] = [];
  for (let i = 0; i < times; i++) {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: 'Wrong-pass1' }, headers: headers() });
    statuses.push(res.statusCode === 429 ? res.json().error.code : res.statusCode);
  }
  return statuses;
}

/** The address the evidence chain recorded for the signer's first view of the link. */
async function viewedFrom(t: TestContext, requestId: string): Promise<string | null> {
  const [event] = await rows<{ ip: string | null }>(
    t,
    sql`select ip from signature_events where request_id = ${requestId} and type = 'viewed' order by seq limit 1`,
  );
  return event?.ip ?? null;
}

describe(`edge: client address, TRUST_PROXY unset (${engine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    // The harness trusts the loopback proxy for the other suites; '' is "unset" (blanks are ignored).
    t = await createTestContext({ env: { TRUST_PROXY: '' } });
  });
  afterAll(async () => t?.close());

  it('trusts no proxy by default', () => {
    expect(t.config.trustProxy).toBe(false);
  });

  it('a rotated X-Forwarded-For does not reset the login limit: the 11th attempt within a minute is 429', async () => {
    const statuses = await loginStatuses(t, 'nobody-default@example.com', rotated, 11);
    expect(statuses.slice(0, 10)).not.toContain('RATE_LIMITED');
    expect(statuses[10]).toBe('RATE_LIMITED');
  });

  it('sign-up: a rotated header does not reset its limit either (5 per minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.request({ method: 'POST', url: '/api/applications/public', body: {}, headers: rotated() })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('the evidence records the real peer, not the address the client claims', async () => {
    const { client } = await tenantWithGerant(t);
    const link = await sentLink(t, client);
    const view = await t.request({ method: 'GET', url: `/api/public/sign/${link.token}`, headers: forwardedFrom('198.51.100.66') });
    expect(view.statusCode, view.body).toBe(200);
    expect(await viewedFrom(t, link.requestId)).toBe('127.0.0.1');
  });
});

describe(`edge: client address, TRUST_PROXY=127.0.0.1 (${engine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => t?.close());

  it('the trusted proxy’s header gives the client address: each address has its own bucket', async () => {
    // Eleven addresses: no address's bucket reaches its limit (the account's own lock may answer, not the limit).
    expect(await loginStatuses(t, 'nobody-trusted@example.com', rotated, 11)).not.toContain('RATE_LIMITED');
    // One address: the 11th is refused.
    const one = forwardedFrom('198.51.100.7');
    const statuses = await loginStatuses(t, 'nobody-else@example.com', () => one, 11);
    expect(statuses.slice(0, 10)).not.toContain('RATE_LIMITED');
    expect(statuses[10]).toBe('RATE_LIMITED');
    // A user logs in from another address meanwhile.
    const { gerant } = await t.factory.tenant({ doubleAuth: false });
    const ok = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: gerant.email, password }, headers: forwardedFrom('198.51.100.8') });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the evidence records the address the proxy saw; a forged hop in front of it is ignored', async () => {
    const { client } = await tenantWithGerant(t);
    const link = await sentLink(t, client);
    // The client wrote "10.9.9.9" itself; the proxy (127.0.0.1) appended the address it saw.
    const view = await t.request({ method: 'GET', url: `/api/public/sign/${link.token}`, headers: forwardedFrom('10.9.9.9, 198.51.100.66') });
    expect(view.statusCode, view.body).toBe(200);
    expect(await viewedFrom(t, link.requestId)).toBe('198.51.100.66');
  });
});

describe('edge: client address, TRUST_PROXY forms (Fastify with the configured trust)', () => {
  it.each([
    ['', '127.0.0.1'],
    ['false', '127.0.0.1'],
    ['true', '10.9.9.9'],
    ['1', '198.51.100.66'],
    ['2', '10.9.9.9'],
    ['10.0.0.0/8', '127.0.0.1'],
    ['10.0.0.0/8, 127.0.0.0/8', '198.51.100.66'],
    ['loopback', '198.51.100.66'],
  ])('TRUST_PROXY=%j → request.ip %s (the client wrote 10.9.9.9, the proxy appended 198.51.100.66)', async (trust, expected) => {
    const app = Fastify({ trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: trust }).trustProxy) });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    const res = await app.inject({ method: 'GET', url: '/ip', headers: forwardedFrom('10.9.9.9, 198.51.100.66') });
    expect(res.json().ip).toBe(expected);
    await app.close();
  });
});
