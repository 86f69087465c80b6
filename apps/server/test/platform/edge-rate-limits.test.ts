import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import * as contracts from '@paraphe/contracts';
import { isSchema, type EndpointSpec } from '@paraphe/contracts';
import { createTestContext, engine, freshIp, type TestContext } from '../support/harness.ts';

/**
 * Rate limits (docs/security.md): every public endpoint is limited by the real client address (TRUST_PROXY; the
 * harness trusts the loopback proxy, so X-Forwarded-For gives each test its address); a 429 says when to retry;
 * the signing page's actions are also limited per link whatever the address.
 */
const publicEndpoints = Object.entries(contracts)
  .filter(([name, value]) => name.endsWith('Endpoints') && typeof value === 'object')
  .flatMap(([group, endpoints]) => Object.entries(endpoints as Record<string, EndpointSpec>).map(([name, endpoint]) => ({ id: `${group}.${name}`, endpoint })))
  .filter(({ endpoint }) => 'public' in endpoint.auth);

/** Public endpoints without a limit, and why. */
const unlimited: Record<string, string> = {
  'authEndpoints.logout': 'ends the session of the cookie it is given: nothing to guess, nothing to spend',
  'customDomainEndpoints.tlsAsk':
    "the reverse proxy's question before a certificate (docs/deployment.md): one client, the proxy, asks for every new name — a limit per address would refuse certificates to verified domains — and the answer is an in-memory lookup that spends nothing; the proxy never serves /internal/* to the outside",
  'settingsEndpoints.logo':
    'a cacheable image at an unguessable version: mail clients fetch it through image proxies, many readers from few addresses (a limit would blank the logos), and it spends nothing',
};

const aToken = () => `${'a'.repeat(40)}.${randomUUID().replaceAll('-', '')}`;

function requestOf(endpoint: EndpointSpec, token: string): { method: string; url: string; body?: unknown; headers: Record<string, string> } {
  const url = endpoint.path
    .replace(':token', token)
    .replace(':docId', randomUUID())
    .replace(':appId', randomUUID())
    .replace(':version', 'v0000001')
    .replace('*', 'AAAA');
  const headers: Record<string, string> = {};
  let body: unknown;
  if (isSchema(endpoint.body)) body = {};
  else if (endpoint.body?.kind === 'binary') {
    headers['content-type'] = endpoint.body.contentTypes[0]!;
    body = Buffer.alloc(0);
  }
  return { method: endpoint.method, url, body, headers };
}

const rateLimitHeaders = (res: LightMyRequestResponse) => ({
  limit: Number(res.headers['x-ratelimit-limit']),
  remaining: Number(res.headers['x-ratelimit-remaining']),
  reset: Number(res.headers['x-ratelimit-reset']),
});

function expect429(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json().error.code).toBe('RATE_LIMITED');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(rateLimitHeaders(res)).toMatchObject({ remaining: 0 });
  expect(rateLimitHeaders(res).limit).toBeGreaterThan(0);
  expect(rateLimitHeaders(res).reset).toBeGreaterThan(0);
}

describe(`edge: rate limits (${engine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  it('every public endpoint answers with its limit, counted per client address', async () => {
    expect(publicEndpoints.length).toBeGreaterThan(15);
    for (const { id, endpoint } of publicEndpoints) {
      if (unlimited[id]) continue;
      const token = aToken();
      const from = freshIp();
      const first = await t.request({ ...requestOf(endpoint, token), headers: { ...requestOf(endpoint, token).headers, ...from } });
      const { limit, remaining } = rateLimitHeaders(first);
      expect(limit, `${id}: ${first.statusCode} ${first.body.slice(0, 200)}`).toBeGreaterThan(0);
      expect(remaining, id).toBe(limit - 1);
      const second = await t.request({ ...requestOf(endpoint, token), headers: { ...requestOf(endpoint, token).headers, ...from } });
      expect(rateLimitHeaders(second).remaining, id).toBe(limit - 2);
      // Another address: its own count.
      const elsewhere = await t.request({ ...requestOf(endpoint, token), headers: { ...requestOf(endpoint, token).headers, ...freshIp() } });
      expect(rateLimitHeaders(elsewhere).remaining, id).toBe(limit - 1);
    }
  });

  it('429 carries Retry-After and the x-ratelimit-* headers (login: the 11th attempt within a minute)', async () => {
    const from = freshIp();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++)
      last = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: 'nobody-rl@example.com', password: 'Wrong-pass1' }, headers: from });
    expect429(last!);
    expect(rateLimitHeaders(last!).limit).toBe(10);
  });

  it('signing page actions: at most 20 a minute per link, whatever the address (code, sign, refuse, approve, reject together)', async () => {
    const token = aToken();
    const actions = [
      { method: 'POST', url: `/api/public/sign/${token}/code` },
      { method: 'POST', url: `/api/public/sign/${token}/sign`, body: { code: '123456', consents: [] } },
      { method: 'POST', url: `/api/public/sign/${token}/refuse`, body: { comment: 'No' } },
      { method: 'POST', url: `/api/public/sign/${token}/approve`, body: {} },
      { method: 'POST', url: `/api/public/sign/${token}/reject`, body: { comment: 'No' } },
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await t.request({ ...actions[i % actions.length]!, headers: freshIp() })).statusCode);
    expect(statuses).not.toContain(429);
    // A new address, any action: the link has had its 20.
    for (const action of actions) expect429(await t.request({ ...action, headers: freshIp() }));
    // Another link is not affected, nor are the reads of this one.
    expect((await t.request({ method: 'POST', url: `/api/public/sign/${aToken()}/refuse`, body: { comment: 'No' }, headers: freshIp() })).statusCode).not.toBe(
      429,
    );
    expect((await t.request({ method: 'GET', url: `/api/public/sign/${token}`, headers: freshIp() })).statusCode).not.toBe(429);
  });

  it('signing page reads: at most 600 a minute per address over all links (guessing links from one address)', async () => {
    const from = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 601; i++) statuses.push((await t.request({ method: 'GET', url: `/api/public/sign/${aToken()}`, headers: from })).statusCode);
    expect(statuses.slice(0, 600)).not.toContain(429);
    expect(statuses[600]).toBe(429);
    expect((await t.request({ method: 'GET', url: `/api/public/sign/${aToken()}`, headers: freshIp() })).statusCode).not.toBe(429);
  });
});
