/**
 * Does an e-mail's domain resolve (spec §5 "a valid email with a valid domain")? An MX record, else an A or AAAA
 * record, through node:dns (the system's resolvers). Each lookup is bounded in time, lookups run a few at a time,
 * and answers are kept in a bounded LRU cache with a TTL. A lookup that cannot tell (timeout, server failure) counts
 * as resolving: a row is never refused because of our own DNS trouble.
 *
 * EMAIL_DOMAIN_CHECK: `on`, `off`, or `auto` (default): one probe of the resolvers (cached 10 minutes); if it fails
 * (no DNS, e.g. an offline machine), the check is off and imports say so (`domainCheck: 'off'`).
 *
 * Tests replace the DNS with `setDnsLookup` (no network in tests).
 */
import { Resolver } from 'node:dns/promises';

export interface DnsLookup {
  resolveMx(domain: string): Promise<{ exchange: string }[]>;
  resolve4(domain: string): Promise<string[]>;
  resolve6(domain: string): Promise<string[]>;
}

export type DomainCheckSetting = 'auto' | 'on' | 'off';

export const lookupTimeoutMs = 2000;
const cacheTtlMs = 60 * 60 * 1000;
const cacheMaxEntries = 10_000;
const maxConcurrentLookups = 8;
const probeTtlMs = 10 * 60 * 1000;
/** A domain every working resolver answers for. */
const probeDomain = 'gmail.com';

/** "No such domain" / "no such record": a definite answer. Anything else (timeout, SERVFAIL, refused) is not. */
const definiteNo = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);
const codeOf = (error: unknown) => (error as { code?: string }).code ?? '';

function systemLookup(): DnsLookup {
  const resolver = new Resolver({ timeout: lookupTimeoutMs, tries: 1 });
  return {
    resolveMx: (d) => resolver.resolveMx(d),
    resolve4: (d) => resolver.resolve4(d),
    resolve6: (d) => resolver.resolve6(d),
  };
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error('DNS lookup timed out'), { code: 'ETIMEOUT' })), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/** A domain → answer cache: least recently used entries go first past `maxEntries`; entries expire after `ttlMs`. */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  constructor(maxEntries: number, ttlMs: number, now: () => number = Date.now) {
    this.maxEntries = maxEntries;
    this.ttlMs = ttlMs;
    this.now = now;
  }
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
  get size() {
    return this.entries.size;
  }
}

export class DomainChecker {
  private readonly lookup: DnsLookup;
  private readonly cache: LruCache<boolean>;
  private readonly inFlight = new Map<string, Promise<boolean | null>>();
  private readonly timeoutMs: number;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(lookup: DnsLookup, options: { timeoutMs?: number; cacheTtlMs?: number; cacheMaxEntries?: number } = {}) {
    this.lookup = lookup;
    this.timeoutMs = options.timeoutMs ?? lookupTimeoutMs;
    this.cache = new LruCache(options.cacheMaxEntries ?? cacheMaxEntries, options.cacheTtlMs ?? cacheTtlMs);
  }

  /** true: resolves; false: does not; null: could not tell (not cached). */
  async resolves(domain: string): Promise<boolean | null> {
    const key = domain.toLowerCase();
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.limited(() => this.ask(key)).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** The domains that surely do not resolve, among these. */
  async unresolved(domains: Iterable<string>): Promise<Set<string>> {
    const unique = [...new Set([...domains].map((d) => d.toLowerCase()))];
    const answers = await Promise.all(unique.map(async (d) => [d, await this.resolves(d)] as const));
    return new Set(answers.filter(([, ok]) => ok === false).map(([d]) => d));
  }

  private async ask(domain: string): Promise<boolean | null> {
    const answer = await this.askDns(domain);
    if (answer !== null) this.cache.set(domain, answer);
    return answer;
  }

  private async askDns(domain: string): Promise<boolean | null> {
    if (!/^[a-z0-9.-]+$/.test(domain) && !/^xn--/.test(domain)) {
      // Non-ASCII domains: node:dns wants their punycode form.
      try {
        domain = new URL(`http://${domain}`).hostname;
      } catch {
        return false;
      }
    }
    const attempt = async (lookup: () => Promise<unknown[]>): Promise<boolean | null> => {
      try {
        return (await withTimeout(lookup(), this.timeoutMs)).length > 0;
      } catch (error) {
        return definiteNo.has(codeOf(error)) ? false : null;
      }
    };
    const mx = await attempt(() => this.lookup.resolveMx(domain));
    if (mx) return true;
    // No MX record: mail goes to the domain's own address (RFC 5321 §5.1).
    const [v4, v6] = await Promise.all([attempt(() => this.lookup.resolve4(domain)), attempt(() => this.lookup.resolve6(domain))]);
    if (v4 || v6) return true;
    return mx === null || v4 === null || v6 === null ? null : false;
  }

  private async limited<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= maxConcurrentLookups) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

let lookupOverride: DnsLookup | undefined;
let shared: DomainChecker | undefined;
let probe: { at: number; ok: Promise<boolean> } | undefined;

/** Replaces the DNS (tests: no network); undefined goes back to the system's resolvers. Clears the cache and probe. */
export function setDnsLookup(lookup: DnsLookup | undefined): void {
  lookupOverride = lookup;
  shared = undefined;
  probe = undefined;
}

function checker(): DomainChecker {
  return (shared ??= new DomainChecker(lookupOverride ?? systemLookup()));
}

/** Whether the resolvers answer at all (auto mode), probed once per 10 minutes. */
function resolversWork(): Promise<boolean> {
  if (!probe || Date.now() - probe.at > probeTtlMs) {
    probe = {
      at: Date.now(),
      ok: checker()
        .resolves(probeDomain)
        .then((answer) => answer === true),
    };
  }
  return probe.ok;
}

/** The checker to use under this setting, or null when the check is off (setting, or auto without DNS). */
export async function domainCheckerFor(setting: DomainCheckSetting): Promise<DomainChecker | null> {
  if (setting === 'off') return null;
  if (setting === 'on') return checker();
  return (await resolversWork()) ? checker() : null;
}
