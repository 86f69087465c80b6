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
 *    documentation ranges, and IPv6 forms that embed an IPv4 address: mapped, SIIT, NAT64, 6to4, Teredo — see
 *    ipv6Form), unless `allowPrivateNetworks`: the operator's server setting OUTBOUND_ALLOW_PRIVATE_NETWORKS
 *    (self-hosted development; never a tenant's state such as test mode);
 *  - connects to the address it checked (a pinned lookup: no second resolution an attacker's DNS could answer
 *    differently — DNS rebinding), TLS still verified against the host name;
 *  - follows at most `maxRedirects` redirects, each target checked the same way;
 *  - stops at `timeoutMs` for the whole exchange and at `maxBytes` of body.
 */

export type OutboundRefusal =
  'invalid_url' | 'scheme' | 'credentials' | 'private_address' | 'unresolvable' | 'too_large' | 'timeout' | 'too_many_redirects' | 'network';

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
  /** How names are resolved and checked addresses dialled; the system's unless a test gives its own (see OutboundNetwork). */
  network?: OutboundNetwork;
}

/**
 * The seam between the checks and the network. `lookup` answers a host name's addresses (the system resolver by
 * default); `dial` maps the address that passed the check to the one the socket connects to (the same by default).
 * Tests use it to make a name "resolve" to a public-looking address that is dialled on a loopback test server, so
 * the public-only rules (redirect re-checks, the pinned address) run without any traffic leaving the machine.
 */
export interface OutboundNetwork {
  lookup(host: string): Promise<{ address: string; family: number }[]>;
  dial?(target: { address: string; family: number }): { address: string; family: number };
}
const systemNetwork: OutboundNetwork = { lookup: (host) => dns.lookup(host, { all: true, verbatim: true }) };

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

/** The 16 bytes of an IPv6 literal (zone id dropped, a trailing dotted IPv4 accepted), or null when it is not one. */
export function ipv6Bytes(address: string): Uint8Array | null {
  const literal = address.replace(/%.*$/, '');
  if (net.isIP(literal) !== 6) return null;
  let text = literal.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 255;
  });
  return bytes;
}

const v4At = (bytes: Uint8Array, offset: number, xor = 0) => [0, 1, 2, 3].map((i) => bytes[offset + i]! ^ xor).join('.');
const zeros = (bytes: Uint8Array, from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

/**
 * What an IPv6 address is, for the forms that carry an IPv4 address inside (each one reaches that IPv4 host through
 * a translator or a tunnel, so it is judged by the IPv4 address it embeds) or are never public:
 * - IPv4-mapped `::ffff:a.b.c.d` and IPv4-translated (SIIT) `::ffff:0:a.b.c.d`: the last 32 bits;
 * - NAT64 well-known prefix `64:ff9b::/96`: the last 32 bits;
 * - 6to4 `2002::/16`: bits 16–48;
 * - Teredo `2001::/32`: the server at bits 32–64 and the client, XOR-obfuscated, in the last 32 bits (both judged);
 * - refused whole: IPv4-compatible `::a.b.c.d` (deprecated by RFC 4291, routed by nobody on the Internet: a stack
 *   that still honours it reaches the IPv4 host directly), and the NAT64 local-use prefix `64:ff9b:1::/48`
 *   (RFC 8215: an operator's own translators, i.e. its internal network).
 */
export type Ipv6Form =
  | { kind: 'embeds'; form: 'ipv4-mapped' | 'siit' | 'nat64' | '6to4' | 'teredo'; ipv4: readonly string[] }
  | { kind: 'never-public'; form: 'ipv4-compatible' | 'nat64-local-use' }
  | { kind: 'plain' };

export function ipv6Form(bytes: Uint8Array): Ipv6Form {
  if (zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return { kind: 'embeds', form: 'ipv4-mapped', ipv4: [v4At(bytes, 12)] };
  if (zeros(bytes, 0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(bytes, 10, 12)) return { kind: 'embeds', form: 'siit', ipv4: [v4At(bytes, 12)] };
  // ::/96 except :: and ::1 (judged as themselves below: unspecified and loopback).
  if (zeros(bytes, 0, 12) && !zeros(bytes, 12, 15)) return { kind: 'never-public', form: 'ipv4-compatible' };
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b]) && zeros(bytes, 4, 12)) return { kind: 'embeds', form: 'nat64', ipv4: [v4At(bytes, 12)] };
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01])) return { kind: 'never-public', form: 'nat64-local-use' };
  if (startsWith(bytes, [0x20, 0x02])) return { kind: 'embeds', form: '6to4', ipv4: [v4At(bytes, 2)] };
  if (startsWith(bytes, [0x20, 0x01, 0x00, 0x00])) return { kind: 'embeds', form: 'teredo', ipv4: [v4At(bytes, 4), v4At(bytes, 12, 0xff)] };
  return { kind: 'plain' };
}

/**
 * Whether `address` (an IP literal) is a public unicast address a tenant's URL may reach. Pure: no resolution.
 * An IPv6 address embedding an IPv4 one (see ipv6Form) is public only when every IPv4 address it embeds is.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  const form = ipv6Form(bytes);
  if (form.kind === 'never-public') return false;
  if (form.kind === 'embeds') return form.ipv4.every((v4) => isPublicAddress(v4));
  return !blocked.check(address.replace(/%.*$/, ''), 'ipv6');
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
export async function resolvePublicAddress(
  url: URL,
  allowPrivateNetworks = false,
  network: OutboundNetwork = systemNetwork,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await network.lookup(host);
    } catch {
      throw new OutboundError('unresolvable', `The host name ${host} does not resolve.`);
    }
  }
  if (addresses.length === 0) throw new OutboundError('unresolvable', `The host name ${host} does not resolve.`);
  if (!allowPrivateNetworks) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused)
      throw new OutboundError('private_address', `The address ${host} leads to a private, loopback or link-local address (${refused.address}): refused.`);
  }
  return addresses[0]!;
}

function once(
  url: URL,
  target: { address: string; family: number },
  options: OutboundOptions,
  deadline: AbortSignal,
  agent: http.Agent | false,
): Promise<OutboundResponse> {
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const dialled = options.network?.dial ? options.network.dial(target) : target;
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [dialled]);
    else callback(null, dialled.address, dialled.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: options.method ?? 'GET', headers: options.headers, lookup: pinned, signal: deadline, agent }, (response) => {
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
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), url: url.toString(), address: target.address }),
      );
      response.on('error', (error) => reject(error));
    });
    // Whether the socket came from the agent's pool (see isStaleSocket).
    request.on('error', (error) => reject(Object.assign(error, { reusedSocket: request.reusedSocket })));
    if (options.body !== undefined) request.end(options.body);
    else request.end();
  });
}

/** The URL parsed and its host resolved and checked under the rules above, for `outboundRequest`'s `prepared`. */
export async function prepareOutbound(
  rawUrl: string,
  options: Pick<OutboundOptions, 'allowHttp' | 'allowPrivateNetworks' | 'network'> = {},
): Promise<PreparedOutbound> {
  const url = parseOutboundUrl(rawUrl, options);
  return { url, target: await resolvePublicAddress(url, options.allowPrivateNetworks, options.network) };
}

/** A pooled socket the server had closed meanwhile fails at once: the request never reached it, send it again. */
const isStaleSocket = (error: unknown, agent: http.Agent | false) =>
  agent !== false && (error as NodeJS.ErrnoException).code === 'ECONNRESET' && (error as { reusedSocket?: boolean }).reusedSocket === true;

/** One outbound HTTP exchange under the rules above. Throws OutboundError; any HTTP status is an answer. */
export async function outboundRequest(rawUrl: string, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let url = options.prepared?.url ?? parseOutboundUrl(rawUrl, options);
  const maxRedirects = options.maxRedirects ?? 0;
  try {
    for (let redirects = 0; ; redirects++) {
      const first = redirects === 0;
      const target = first && options.prepared ? options.prepared.target : await resolvePublicAddress(url, options.allowPrivateNetworks, options.network);
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
