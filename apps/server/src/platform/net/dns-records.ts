import fs from 'node:fs';
import { Resolver } from 'node:dns/promises';
import { domainToASCII } from 'node:url';

/**
 * DNS records a tenant publishes to prove a name is theirs (a custom domain's ownership TXT, a sender domain's DKIM,
 * SPF and DMARC). Lookups are made only when the tenant asks for a check (or by the periodic re-check of names a tenant
 * declared): never for a name taken from a request's Host header, so no one can make the server query DNS unasked.
 *
 * DNS_STUB_FILE replaces the system's resolvers with a JSON file read at every lookup, so tests and journeys can
 * "publish" records while the server runs:
 *   { "_paraphe.sign.example.com": { "TXT": ["paraphe-verification=…"] }, "sign.example.com": { "CNAME": ["app.example.net"] } }
 * A name absent from the file does not exist (NXDOMAIN); a name with no record of the asked type has no data.
 */
export interface DnsRecords {
  /** TXT records of `name`, each the concatenation of its strings (RFC 7208 §3.3); [] when there is none. */
  txt(name: string): Promise<string[]>;
  /** CNAME targets of `name` (lower case, no trailing dot); [] when there is none. */
  cname(name: string): Promise<string[]>;
}

/** Why a lookup gave no answer that could be used: the name has none (not an error) or the DNS did not answer. */
export class DnsLookupError extends Error {
  readonly code: 'timeout' | 'servfail' | 'invalid_name';
  constructor(code: DnsLookupError['code'], message: string) {
    super(message);
    this.name = 'DnsLookupError';
    this.code = code;
  }
}

/** One lookup's bound: a tenant's check must answer, even when their DNS does not. */
const lookupTimeoutMs = 4_000;

/** The punycode, lower-case, dot-less-at-the-end form of a host name, or null when it is not one. */
export function normalizeHostName(input: string): string | null {
  const trimmed = input.trim().toLowerCase().replace(/\.$/, '');
  if (!trimmed || trimmed.length > 253) return null;
  const ascii = domainToASCII(trimmed);
  if (!ascii) return null;
  const labels = ascii.split('.');
  if (labels.length < 2) return null;
  const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
  return labels.every((l) => label.test(l)) && !/^\d+$/.test(labels.at(-1)!) ? ascii : null;
}

/**
 * A name to look up, as callers give it (already in ASCII form: normalizeHostName): host names and the underscore
 * labels of service records (`_dmarc.`, `sel._domainkey.`, `_paraphe.`).
 */
function lookupName(name: string): string | null {
  const n = name.trim().toLowerCase().replace(/\.$/, '');
  const labels = n.split('.');
  return n.length <= 253 && labels.length >= 2 && labels.every((l) => /^_?[a-z0-9-]{1,63}$/.test(l)) ? n : null;
}

const noData = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

function systemRecords(): DnsRecords {
  const resolver = new Resolver({ timeout: lookupTimeoutMs, tries: 2 });
  const guard = async <T>(name: string, lookup: (n: string) => Promise<T[]>): Promise<T[]> => {
    const ascii = lookupName(name);
    if (!ascii) throw new DnsLookupError('invalid_name', `not a DNS name in ASCII form: ${name}`);
    try {
      return await lookup(ascii);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (noData.has(code)) return [];
      if (code === 'ETIMEOUT') throw new DnsLookupError('timeout', `DNS did not answer for ${name}`);
      throw new DnsLookupError('servfail', `DNS failed for ${name}: ${code || (error as Error).message}`);
    }
  };
  return {
    txt: async (name) => (await guard(name, (n) => resolver.resolveTxt(n))).map((parts) => parts.join('')),
    cname: async (name) => (await guard(name, (n) => resolver.resolveCname(n))).map((t) => t.toLowerCase().replace(/\.$/, '')),
  };
}

type StubZone = Record<string, { TXT?: string[]; CNAME?: string[] }>;

function stubRecords(file: string): DnsRecords {
  const zone = (): StubZone => {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as StubZone;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new DnsLookupError('servfail', `DNS_STUB_FILE unreadable: ${(error as Error).message}`);
    }
  };
  const entry = (name: string) => zone()[name.toLowerCase().replace(/\.$/, '')];
  return {
    txt: async (name) => [...(entry(name)?.TXT ?? [])],
    cname: async (name) => (entry(name)?.CNAME ?? []).map((t) => t.toLowerCase().replace(/\.$/, '')),
  };
}

const byStubFile = new Map<string, DnsRecords>();
let system: DnsRecords | undefined;

/** The records seam of this server: the stub file when DNS_STUB_FILE is set, else the system's resolvers. */
export function dnsRecordsFor(config: { dnsStubFile: string | null }): DnsRecords {
  if (config.dnsStubFile) {
    const cached = byStubFile.get(config.dnsStubFile) ?? stubRecords(config.dnsStubFile);
    byStubFile.set(config.dnsStubFile, cached);
    return cached;
  }
  return (system ??= systemRecords());
}
