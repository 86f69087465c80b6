import { createPublicKey } from 'node:crypto';
import type { DkimState, DmarcState, SpfState } from '@paraphe/contracts';

/**
 * The DNS records of a sender domain (docs/mail-senders.md): what the tenant publishes, and how the TXT answers are
 * read. Pure: the lookups are the caller's (platform/net/dns-records.ts).
 */
export const dkimNameOf = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;
export const dmarcNameOf = (domain: string) => `_dmarc.${domain}`;
export const dkimValueOf = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
export const spfValueOf = (include: string) => `v=spf1 include:${include} ~all`;
/** A first DMARC policy that only reports; the tenant tightens it (quarantine, reject) once its reports are clean. */
export const dmarcAdvice = 'v=DMARC1; p=none';

/**
 * The tags of a TXT record (`k=v; k=v`). People paste values with the zone file's quotes and splits
 * (`"v=DKIM1; k=rsa; " "p=MIIB…"`): quotes are dropped, and whitespace is dropped inside the key (`p=`).
 */
export function tagsOf(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.replace(/"/g, '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim().toLowerCase();
    if (name && !tags.has(name)) tags.set(name, part.slice(at + 1).trim());
  }
  return tags;
}

/** The key of a published `p=` value in our form (base64 of its SubjectPublicKeyInfo), or null when it is not an RSA key. */
function publishedKey(p: string): string | null {
  const material = p.replace(/\s+/g, '');
  // A 4096-bit key is under 800 characters: anything far longer is not a key (and is not parsed).
  if (!material || material.length > 2048 || !/^[A-Za-z0-9+/]+=*$/.test(material)) return null;
  const der = Buffer.from(material, 'base64');
  // SubjectPublicKeyInfo (what DKIM specifies) or a bare RSAPublicKey (what a few tools publish).
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      return createPublicKey({ key: der, format: 'der', type }).export({ format: 'der', type: 'spki' }).toString('base64');
    } catch {
      // try the next form
    }
  }
  return null;
}

/**
 * ok: a DKIM record at the selector holds our key; mismatch: DKIM records are there, none with our key (another
 * key, a revoked empty `p=`, garbage); missing: no DKIM record at all.
 */
export function dkimStateOf(records: readonly string[], publicKey: string): DkimState {
  const keys = records.map(tagsOf).filter((tags) => tags.has('p') || tags.get('v')?.toUpperCase() === 'DKIM1');
  if (!keys.length) return 'missing';
  return keys.some((tags) => (tags.get('v') ?? 'DKIM1').toUpperCase() === 'DKIM1' && publishedKey(tags.get('p') ?? '') === publicKey) ? 'ok' : 'mismatch';
}

/** ok: an SPF record (naming `include:<include>` when the platform gives one); without_include: it does not name it. */
export function spfStateOf(records: readonly string[], include: string | null): SpfState {
  const spf = records.filter((r) => /^v=spf1(\s|$)/i.test(r.replace(/"/g, '').trim()));
  if (!spf.length) return 'missing';
  if (!include) return 'ok';
  const named = spf.some((r) =>
    r
      .replace(/"/g, '')
      .toLowerCase()
      .split(/\s+/)
      .some((term) => term.replace(/^[+?~]/, '') === `include:${include}`),
  );
  return named ? 'ok' : 'without_include';
}

export function dmarcStateOf(records: readonly string[]): DmarcState {
  return records.some((r) => /^v=DMARC1\s*(;|$)/i.test(r.replace(/"/g, '').trim())) ? 'ok' : 'missing';
}
