import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ipv6Bytes,
  ipv6Form,
  isPublicAddress,
  outboundRequest,
  OutboundError,
  parseOutboundUrl,
  prepareOutbound,
  type OutboundNetwork,
} from '../../src/platform/net/outbound.ts';

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
      if (request.url === '/redirect-private-name') return response.writeHead(302, { Location: 'http://inside.test/secret' }).end();
      if (request.url === '/redirect-public-name') return response.writeHead(302, { Location: `http://next.test:${request.socket.localPort}/ok` }).end();
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
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '2001:db8::1',
      'not-an-ip',
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

    expect(await refusal(outboundRequest(`${base}/big`, { ...local, maxBytes: 1024 }))).toBe('too_large');
    expect(await refusal(outboundRequest(`${base}/slow`, { ...local, timeoutMs: 200 }))).toBe('timeout');
    expect(await refusal(outboundRequest('http://127.0.0.1:1/', local))).toBe('network');
  });

  it('judges IPv6 forms that embed an IPv4 address by that address: mapped, SIIT, NAT64, 6to4, Teredo; refuses IPv4-compatible and NAT64 local-use', () => {
    const cases: [string, boolean][] = [
      // IPv4-compatible (deprecated): refused whatever it embeds; :: and ::1 are themselves.
      ['::127.0.0.1', false],
      ['::7f00:1', false],
      ['::10.0.0.1', false],
      ['::8.8.8.8', false],
      ['::', false],
      ['::1', false],
      // IPv4-mapped and SIIT (IPv4-translated).
      ['::ffff:127.0.0.1', false],
      ['::ffff:a9fe:a9fe', false],
      ['::ffff:8.8.8.8', true],
      ['::ffff:0:127.0.0.1', false],
      ['::ffff:0:7f00:1', false],
      ['::ffff:0:192.168.1.1', false],
      ['::ffff:0:8.8.8.8', true],
      // NAT64 well-known prefix, and the local-use prefix (an operator's own translators).
      ['64:ff9b::127.0.0.1', false],
      ['64:ff9b::a9fe:a9fe', false],
      ['64:ff9b::8.8.8.8', true],
      ['64:ff9b::808:808', true],
      ['64:ff9b:1::8.8.8.8', false],
      ['64:ff9b:1:ffff::1', false],
      // 6to4: the IPv4 address at bits 16–48.
      ['2002:7f00:1::1', false],
      ['2002:a00:1::', false],
      ['2002:c0a8:101::1', false],
      ['2002:a9fe:a9fe::1', false],
      ['2002:808:808::1', true],
      ['2002:5db8:d822::1', true],
      // Teredo: server at bits 32–64, client XOR 0xffffffff in the last 32 bits; both must be public.
      ['2001:0:7f00:1::', false], // server 127.0.0.1
      ['2001:0:808:808:0:0:80ff:fffe', false], // client ~(7f.00.00.01) = 127.0.0.1
      ['2001:0:808:808:0:0:f5ff:fffe', false], // client 10.0.0.1
      ['2001:0:808:808:0:0:f7f7:f7f7', true], // client 8.8.8.8
      // Plain IPv6: public unicast and the ranges refused before.
      ['2606:4700:4700::1111', true],
      ['2001:4860:4860::8888', true],
      ['fe80::1%eth0', false],
      ['fd12:3456::1', false],
      ['2001:db8::1', false],
    ];
    for (const [address, expected] of cases) expect(isPublicAddress(address), address).toBe(expected);
    expect(ipv6Form(ipv6Bytes('2001:0:808:808:0:0:f7f7:f7f7')!)).toEqual({ kind: 'embeds', form: 'teredo', ipv4: ['8.8.8.8', '8.8.8.8'] });
    expect(ipv6Form(ipv6Bytes('2002:808:808::1')!)).toEqual({ kind: 'embeds', form: '6to4', ipv4: ['8.8.8.8'] });
    expect(ipv6Bytes('not-an-ip')).toBeNull();
  });

  it('refuses the embedded forms by URL literal too (the URL parser rewrites [::127.0.0.1] as [::7f00:1])', async () => {
    for (const url of [
      'https://[::127.0.0.1]/',
      'https://[::ffff:0:127.0.0.1]/',
      'https://[64:ff9b::127.0.0.1]/',
      'https://[64:ff9b:1::a00:1]/',
      'https://[2002:7f00:1::1]/',
      'https://[2001:0:7f00:1::1]/',
    ]) {
      expect(await refusal(prepareOutbound(url)), url).toBe('private_address');
    }
  });

  /**
   * A stand-in network: names resolve from `answers` (one list per successive lookup of a name: a rebinding DNS), and
   * every address the checks let through is dialled on the loopback test server — no traffic leaves the machine,
   * yet the public-only rules run as for the Internet. `dialled` records the address each connection was for.
   */
  function standInNetwork(answers: Record<string, string[]>) {
    const lookups: string[] = [];
    const dialled: string[] = [];
    const port = Number(new URL(base).port);
    const network: OutboundNetwork = {
      lookup: async (host) => {
        const seen = lookups.filter((h) => h === host).length;
        lookups.push(host);
        const list = answers[host];
        if (!list) throw new Error('ENOTFOUND');
        const address = list[Math.min(seen, list.length - 1)]!;
        return [{ address, family: address.includes(':') ? 6 : 4 }];
      },
      dial: (target) => {
        dialled.push(target.address);
        return { address: '127.0.0.1', family: 4 };
      },
    };
    // The URLs name the loopback server's port; the names are the stand-in's.
    return { network, lookups, dialled, url: (host: string, path: string) => `http://${host}:${port}${path}` };
  }

  it('re-checks every redirect: a public first hop redirecting to a private address is refused at the redirect', async () => {
    const net = standInNetwork({ 'public.test': ['93.184.216.34'], 'inside.test': ['10.0.0.1'], 'next.test': ['93.184.216.35'] });
    // The first hop is public and is sent (dialled for 93.184.216.34); its redirect leads to 10.0.0.1: refused.
    const refused = await refusal(
      outboundRequest(net.url('public.test', '/redirect-private-name'), { allowHttp: true, maxRedirects: 2, network: net.network }),
    );
    expect(refused).toBe('private_address');
    expect(net.dialled).toEqual(['93.184.216.34']);
    expect(net.lookups).toEqual(['public.test', 'inside.test']);
    // A redirect to an IP literal in the private network: refused the same way, after the public first hop.
    expect(await refusal(outboundRequest(net.url('public.test', '/redirect-private'), { allowHttp: true, maxRedirects: 2, network: net.network }))).toBe(
      'private_address',
    );
    expect(net.dialled).toEqual(['93.184.216.34', '93.184.216.34']);
    // A redirect to another public name is followed (checked, then dialled for its own address).
    const followed = await outboundRequest(net.url('public.test', '/redirect-public-name'), { allowHttp: true, maxRedirects: 2, network: net.network });
    expect(followed.status).toBe(200);
    expect(followed.address).toBe('93.184.216.35');
    expect(net.dialled.at(-1)).toBe('93.184.216.35');
  });

  it('connects to the address it checked: a name answering a private address at a second lookup is never asked twice', async () => {
    // A rebinding name: public at the first lookup, loopback afterwards.
    const net = standInNetwork({ 'rebind.test': ['93.184.216.34', '127.0.0.1'] });
    const response = await outboundRequest(net.url('rebind.test', '/ok'), { allowHttp: true, network: net.network });
    expect(response.status).toBe(200);
    expect(response.address).toBe('93.184.216.34');
    expect(net.lookups).toEqual(['rebind.test']); // resolved once, for the check
    expect(net.dialled).toEqual(['93.184.216.34']); // and that address connected to
    // The next call resolves again and gets the private answer: refused before any connection.
    expect(await refusal(outboundRequest(net.url('rebind.test', '/ok'), { allowHttp: true, network: net.network }))).toBe('private_address');
    expect(net.dialled).toEqual(['93.184.216.34']);
    // Prepared once (a webhook batch): every message goes to the checked address, whatever the name answers later.
    const rebinding = standInNetwork({ 'batch.test': ['93.184.216.34', '10.0.0.1'] });
    const prepared = await prepareOutbound(rebinding.url('batch.test', '/ok'), { allowHttp: true, network: rebinding.network });
    for (let i = 0; i < 3; i++) expect((await outboundRequest('', { allowHttp: true, prepared, network: rebinding.network })).address).toBe('93.184.216.34');
    expect(rebinding.lookups).toEqual(['batch.test']);
    expect(rebinding.dialled).toEqual(['93.184.216.34', '93.184.216.34', '93.184.216.34']);
  });
});
