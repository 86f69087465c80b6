import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress, outboundRequest, OutboundError, parseOutboundUrl } from '../../src/platform/net/outbound.ts';

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error.reason;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('outbound requests to tenant-given addresses (SSRF)', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/redirect-private') return response.writeHead(302, { Location: 'http://10.0.0.1/inside' }).end();
      if (request.url === '/redirect-here') return response.writeHead(302, { Location: '/ok' }).end();
      if (request.url === '/big') return response.end(Buffer.alloc(2048, 120));
      if (request.url === '/slow') return void setTimeout(() => response.end('late'), 1_000);
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => response.writeHead(200, { 'Content-Type': 'text/plain' }).end(`${request.method} ${body}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('knows the public unicast addresses from the others, IPv4-mapped and NAT64 forms included', () => {
    for (const ok of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(ok), ok).toBe(true);
    for (const refused of [
      '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '198.18.0.1', '::1', '::', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:127.0.0.1',
      '::ffff:7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1', '2001:db8::1', 'not-an-ip',
    ]) {
      expect(isPublicAddress(refused), refused).toBe(false);
    }
  });

  it('accepts https only (http when allowed), never credentials in the URL', () => {
    expect(() => parseOutboundUrl('ftp://example.com/x')).toThrow(/https/);
    expect(() => parseOutboundUrl('http://example.com/x')).toThrow(/https/);
    expect(parseOutboundUrl('http://example.com/x', { allowHttp: true }).host).toBe('example.com');
    expect(() => parseOutboundUrl('https://user:pw@example.com/')).toThrow(/password/);
    expect(() => parseOutboundUrl('not a url')).toThrow(/valid URL/);
  });

  it('refuses loopback, private and link-local targets, by literal or by a name resolving to them', async () => {
    expect(await refusal(outboundRequest(`${base}/ok`, { allowHttp: true }))).toBe('private_address');
    expect(await refusal(outboundRequest('http://localhost:1/', { allowHttp: true }))).toBe('private_address');
    expect(await refusal(outboundRequest('http://[::1]:1/', { allowHttp: true }))).toBe('private_address');
    expect(await refusal(outboundRequest('http://169.254.169.254/latest/meta-data/', { allowHttp: true }))).toBe('private_address');
    expect(await refusal(outboundRequest('https://no-such-host.invalid/'))).toBe('unresolvable');
  });

  it('when private networks are allowed (test mode): answers, bodies, redirects re-checked, limits', async () => {
    const local = { allowHttp: true, allowPrivateNetworks: true };
    const posted = await outboundRequest(`${base}/ok`, { ...local, method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } });
    expect(posted.status).toBe(200);
    expect(posted.body.toString()).toBe('POST {"a":1}');
    expect(posted.address).toBe('127.0.0.1');

    expect((await outboundRequest(`${base}/redirect-here`, local)).status).toBe(302); // not followed unless asked
    expect((await outboundRequest(`${base}/redirect-here`, { ...local, maxRedirects: 2 })).body.toString()).toBe('GET ');
    // A public-only call never follows a redirect into the private network (here the first hop is refused already;
    // the redirect target is checked the same way as the first address).
    expect(await refusal(outboundRequest(`${base}/redirect-private`, { allowHttp: true, maxRedirects: 2 }))).toBe('private_address');

    expect(await refusal(outboundRequest(`${base}/big`, { ...local, maxBytes: 1024 }))).toBe('too_large');
    expect(await refusal(outboundRequest(`${base}/slow`, { ...local, timeoutMs: 200 }))).toBe('timeout');
    expect(await refusal(outboundRequest('http://127.0.0.1:1/', local))).toBe('network');
  });
});
