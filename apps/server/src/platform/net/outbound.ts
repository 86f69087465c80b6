import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * Outbound HTTP to an address a tenant gave us (a webhook endpoint, a document "by URL", a connector's callback):
 * the server must not become a proxy into its own network (SSRF). Each call
 *  - accepts https (and http only when `allowHttp`), no credentials in the URL;
 *  - resolves the host name ONCE, refuses it when any address it resolves to is not a public unicast address
 *    (loopback, private, link-local — cloud metadata 169.254.169.254 —, carrier-grade NAT, unique-local, multicast,
 *    documentation ranges, IPv4-mapped/NAT64 forms of those…), unless `allowPrivateNetworks` (test mode, tests);
 *  - connects to the address it checked (a pinned lookup: no second resolution an attacker's DNS could answer
 *    differently — DNS rebinding), TLS still verified against the host name;
 *  - follows at most `maxRedirects` redirects, each target checked the same way;
 *  - stops at `timeoutMs` for the whole exchange and at `maxBytes` of body.
 */

export type OutboundRefusal = 'invalid_url' | 'scheme' | 'credentials' | 'private_address' | 'unresolvable' | 'too_large' | 'timeout' | 'too_many_redirects' | 'network';

export class OutboundError extends Error {
  readonly reason: OutboundRefusal;
  constructor(reason: OutboundRefusal, message: string) {
    super(message);
    this.name = 'OutboundError';
    this.reason = reason;
  }
}

export interface OutboundOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  allowHttp?: boolean;
  allowPrivateNetworks?: boolean;
  /**
   * The URL already checked and resolved by `prepareOutbound` (a sender of many messages to one address: one
   * resolution per batch, not per message). That address is the one connected to, as for a single call.
   */
  prepared?: PreparedOutbound;
  /**
   * A keep-alive agent for the first hop. It must be dedicated to `prepared`'s address (one agent per checked
   * address): a pooled socket is then always connected to the address this call checked.
   */
  agent?: http.Agent;
}

export interface PreparedOutbound {
  url: URL;
  target: { address: string; family: number };
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
  /** The address the request was sent to. */
  address: string;
}

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** The IPv4 address an IPv6 address embeds (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, IPv4-compatible). */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether `address` (an IP literal) is a public unicast address a tenant's URL may reach. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return isPublicAddress(v4);
  return !blocked.check(address, 'ipv6');
}

/** The URL as we accept it, or why not. */
export function parseOutboundUrl(raw: string, options: Pick<OutboundOptions, 'allowHttp'> = {}): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('invalid_url', 'The address is not a valid URL.');
  }
  if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:')) {
    throw new OutboundError('scheme', options.allowHttp ? 'The address must start with https:// or http://.' : 'The address must start with https://.');
  }
  if (url.username || url.password) throw new OutboundError('credentials', 'The address must not contain a user name or password.');
  return url;
}

/** Resolves the URL's host and checks every address; returns the one to connect to. */
export async function resolvePublicAddress(url: URL, allowPrivateNetworks = false): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new OutboundError('unresolvable', `The host name ${host} does not resolve.`);
    }
  }
  if (addresses.length === 0) throw new OutboundError('unresolvable', `The host name ${host} does not resolve.`);
  if (!allowPrivateNetworks) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) throw new OutboundError('private_address', `The address ${host} leads to a private, loopback or link-local address (${refused.address}): refused.`);
  }
  return addresses[0]!;
}

function once(url: URL, target: { address: string; family: number }, options: OutboundOptions, deadline: AbortSignal, agent: http.Agent | false): Promise<OutboundResponse> {
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, lookup: pinned, signal: deadline, agent },
      (response) => {
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          return reject(new OutboundError('too_large', `The answer is larger than ${maxBytes} bytes.`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new OutboundError('too_large', `The answer is larger than ${maxBytes} bytes.`));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), url: url.toString(), address: target.address }));
        response.on('error', (error) => reject(error));
      },
    );
    // Whether the socket came from the agent's pool (see isStaleSocket).
    request.on('error', (error) => reject(Object.assign(error, { reusedSocket: request.reusedSocket })));
    if (options.body !== undefined) request.end(options.body);
    else request.end();
  });
}

/** The URL parsed and its host resolved and checked under the rules above, for `outboundRequest`'s `prepared`. */
export async function prepareOutbound(rawUrl: string, options: Pick<OutboundOptions, 'allowHttp' | 'allowPrivateNetworks'> = {}): Promise<PreparedOutbound> {
  const url = parseOutboundUrl(rawUrl, options);
  return { url, target: await resolvePublicAddress(url, options.allowPrivateNetworks) };
}

/** A pooled socket the server had closed meanwhile fails at once: the request never reached it, send it again. */
const isStaleSocket = (error: unknown, agent: http.Agent | false) => agent !== false && (error as NodeJS.ErrnoException).code === 'ECONNRESET' && (error as { reusedSocket?: boolean }).reusedSocket === true;

/** One outbound HTTP exchange under the rules above. Throws OutboundError; any HTTP status is an answer. */
export async function outboundRequest(rawUrl: string, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let url = options.prepared?.url ?? parseOutboundUrl(rawUrl, options);
  const maxRedirects = options.maxRedirects ?? 0;
  try {
    for (let redirects = 0; ; redirects++) {
      const first = redirects === 0;
      const target = first && options.prepared ? options.prepared.target : await resolvePublicAddress(url, options.allowPrivateNetworks);
      const agent = first && options.agent ? options.agent : false;
      const response = await once(url, target, options, deadline, agent).catch((error: unknown) => {
        if (isStaleSocket(error, agent)) return once(url, target, options, deadline, agent);
        throw error;
      });
      const location = response.headers.location;
      if (response.status < 300 || response.status >= 400 || !location || maxRedirects === 0) return response;
      if (redirects >= maxRedirects) throw new OutboundError('too_many_redirects', `More than ${maxRedirects} redirects.`);
      url = parseOutboundUrl(new URL(location, url).toString(), options);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    if (deadline.aborted) throw new OutboundError('timeout', `No complete answer within ${options.timeoutMs ?? 10_000} ms.`);
    throw new OutboundError('network', `The address could not be reached: ${(error as Error).message}`);
  }
}
