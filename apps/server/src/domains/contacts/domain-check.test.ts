import { describe, expect, it } from 'vitest';
import { DomainChecker, LruCache, type DnsLookup } from './domain-check.ts';

const fail = (code: string) => Promise.reject(Object.assign(new Error(code), { code }));

function fakeDns(answers: Record<string, { mx?: boolean; a?: boolean; hang?: boolean; error?: string }>) {
  const calls: string[] = [];
  let active = 0;
  let maxActive = 0;
  const answer = async (kind: 'mx' | 'a' | 'aaaa', domain: string) => {
    calls.push(`${kind}:${domain}`);
    active++;
    maxActive = Math.max(maxActive, active);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const a = answers[domain];
      if (!a) return fail('ENOTFOUND');
      if (a.hang) return new Promise<never>(() => {});
      if (a.error) return fail(a.error);
      if (kind === 'mx') return a.mx ? [{ exchange: `mx.${domain}` }] : fail('ENODATA');
      return kind === 'a' && a.a ? ['192.0.2.1'] : fail('ENODATA');
    } finally {
      active--;
    }
  };
  const lookup: DnsLookup = {
    resolveMx: (d) => answer('mx', d) as Promise<{ exchange: string }[]>,
    resolve4: (d) => answer('a', d) as Promise<string[]>,
    resolve6: (d) => answer('aaaa', d) as Promise<string[]>,
  };
  return { lookup, calls, maxActive: () => maxActive };
}

describe('e-mail domain check', () => {
  it('MX first, then A/AAAA; no such domain is false; a timeout or a server failure is "cannot tell"', async () => {
    const dns = fakeDns({ 'mx.test': { mx: true }, 'a.test': { a: true }, 'slow.test': { hang: true }, 'broken.test': { error: 'ESERVFAIL' } });
    const checker = new DomainChecker(dns.lookup, { timeoutMs: 50 });
    expect(await checker.resolves('mx.test')).toBe(true);
    expect(await checker.resolves('a.test')).toBe(true);
    expect(await checker.resolves('nowhere.test')).toBe(false);
    expect(await checker.resolves('slow.test')).toBeNull();
    expect(await checker.resolves('broken.test')).toBeNull();
    expect(await checker.unresolved(['mx.test', 'nowhere.test', 'slow.test', 'NOWHERE.test'])).toEqual(new Set(['nowhere.test']));
  });

  it('caches answers (not the "cannot tell" ones) and asks a few at a time', async () => {
    const dns = fakeDns({ 'mx.test': { mx: true }, 'broken.test': { error: 'ETIMEOUT' } });
    const checker = new DomainChecker(dns.lookup);
    await checker.resolves('mx.test');
    await checker.resolves('MX.test');
    expect(dns.calls.filter((c) => c === 'mx:mx.test')).toHaveLength(1);
    await checker.resolves('broken.test');
    await checker.resolves('broken.test');
    expect(dns.calls.filter((c) => c === 'mx:broken.test')).toHaveLength(2);
    await checker.unresolved(Array.from({ length: 40 }, (_, i) => `d${i}.test`));
    expect(dns.maxActive()).toBeLessThanOrEqual(8 * 2);
  });

  it('bounds the cache: least recently used out first, entries expire', () => {
    let now = 0;
    const cache = new LruCache<boolean>(2, 1000, () => now);
    cache.set('a', true);
    cache.set('b', true);
    cache.get('a');
    cache.set('c', false);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([true, undefined, false]);
    now = 2000;
    expect(cache.get('a')).toBeUndefined();
  });
});
