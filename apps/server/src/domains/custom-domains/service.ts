import { randomBytes } from 'node:crypto';
import type { CustomDomain, CustomDomainFailure, CustomDomainStatus, DeclareCustomDomainInput, PublicBranding } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Executor } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import type { HostTenant } from '../../platform/http/host-tenant.ts';
import { DnsLookupError, dnsRecordsFor, normalizeHostName } from '../../platform/net/dns-records.ts';
import { displayCompanyOf, getApplication, logoPathOf } from '../tenants/index.ts';
import { reloadDomains, tenantOfHost } from './registry.ts';
import * as repo from './repository.ts';

/** The ownership record: `_paraphe-challenge.<host>` TXT `paraphe-verification=<token>`. */
export const challengeNameOf = (host: string) => `_paraphe-challenge.${host}`;
const challengeValueOf = (token: string) => `paraphe-verification=${token}`;
/** The platform's host name (from PUBLIC_URL): where CNAMEs point, and a name no tenant may declare. */
export const platformHostOf = (platform: Platform) => new URL(platform.config.publicUrl).hostname.toLowerCase();

function present(platform: Platform, row: repo.CustomDomainRow): CustomDomain {
  return {
    id: row.id,
    host: row.host,
    purpose: row.purpose,
    status: row.status,
    failure: row.failure ?? null,
    cnameOk: row.cnameOk ?? null,
    records: [
      { type: 'TXT', name: challengeNameOf(row.host), value: challengeValueOf(row.token) },
      { type: 'CNAME', name: row.host, value: platformHostOf(platform) },
    ],
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDomains(opts: { platform: Platform; actor: Actor }) {
  const { platform, actor } = opts;
  const rows = await platform.database.inTenant(actor.appId, (tx) => repo.domainsOf(tx, actor.appId));
  return { items: rows.map((r) => present(platform, r)), target: platformHostOf(platform) };
}

/** The host as the tenant typed it, checked: a host name (punycode), not an IP address, not the platform's own. */
function declaredHost(platform: Platform, input: string): string {
  const host = normalizeHostName(input);
  if (!host) throw fieldError('host', 'invalid_value', 'Give a host name such as sign.example.com: no scheme, port, path, user or IP address.');
  if (host === platformHostOf(platform) || host === 'localhost') throw fieldError('host', 'invalid_value', "The platform's own address cannot be declared.");
  return host;
}

/** Declares a domain (pending): its records are shown at once; nothing uses it before its TXT record is found. */
export async function declareDomain(opts: { platform: Platform; actor: Actor; input: DeclareCustomDomainInput }): Promise<CustomDomain> {
  const { platform, actor, input } = opts;
  const host = declaredHost(platform, input.host);
  if (await platform.database.inSystem((tx) => repo.verifiedElsewhere(tx, actor.appId, host)))
    throw new AppError('CONFLICT', 'This domain is already used by another account.', {
      fields: [{ field: 'host', rule: 'invalid_value', message: 'This domain is already used by another account.' }],
    });
  const row = await platform.database.inTenant(actor.appId, async (tx) => {
    const mine = await repo.domainsOf(tx, actor.appId);
    if (mine.some((d) => d.purpose === input.purpose)) {
      const message = 'A domain is already declared for this purpose: remove it first.';
      throw new AppError('CONFLICT', message, { fields: [{ field: 'purpose', rule: 'invalid_value', message }] });
    }
    if (mine.some((d) => d.host === host)) {
      const message = 'This domain is already declared for the other purpose.';
      throw new AppError('CONFLICT', message, { fields: [{ field: 'host', rule: 'invalid_value', message }] });
    }
    const created = await repo.insertDomain(tx, {
      appId: actor.appId,
      host,
      purpose: input.purpose,
      token: randomBytes(18).toString('base64url'),
      createdBy: actor.realUserId,
    });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'custom_domain.declared',
      targetType: 'custom_domain',
      targetId: created.id,
      data: { host, purpose: input.purpose },
      ip: actor.ip,
    });
    return created;
  });
  return present(platform, row);
}

interface Lookup {
  failure: CustomDomainFailure | null;
  cnameOk: boolean | null;
}

/** The records as the DNS (or DNS_STUB_FILE) gives them now: the TXT decides, the CNAME is only reported. */
async function lookUp(platform: Platform, row: repo.CustomDomainRow): Promise<Lookup> {
  const dns = dnsRecordsFor(platform.config);
  const cnameOk = await dns
    .cname(row.host)
    .then((targets) => targets.includes(platformHostOf(platform)))
    .catch(() => null);
  try {
    const values = await dns.txt(challengeNameOf(row.host));
    if (values.includes(challengeValueOf(row.token))) return { failure: null, cnameOk };
    return { failure: values.length ? 'txt_mismatch' : 'txt_missing', cnameOk };
  } catch (error) {
    if (error instanceof DnsLookupError) return { failure: 'dns_error', cnameOk };
    throw error;
  }
}

/**
 * The status a lookup gives. Found: verified, unless another tenant verified the name first (`taken`). Absent:
 * pending while never verified, failed once it was (the tenant withdrew it: links go back to the platform). Another
 * value: failed. DNS not answering: a verified domain stays so (a passing outage), a pending one fails.
 */
function statusAfter(row: repo.CustomDomainRow, lookup: Lookup, takenElsewhere: boolean): { status: CustomDomainStatus; failure: CustomDomainFailure | null } {
  if (!lookup.failure) return takenElsewhere ? { status: 'failed', failure: 'taken' } : { status: 'verified', failure: null };
  if (lookup.failure === 'txt_missing') return { status: row.status === 'verified' ? 'failed' : 'pending', failure: 'txt_missing' };
  if (lookup.failure === 'dns_error' && row.status === 'verified') return { status: 'verified', failure: 'dns_error' };
  return { status: 'failed', failure: lookup.failure };
}

const isTakenViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.message?.includes('custom_domains_verified_host_idx')) return true;
  }
  return false;
};

/** Checks one domain and records the outcome, with an audit row when its status changes (the same transaction). */
async function checkRow(platform: Platform, row: repo.CustomDomainRow, by: { userId: string | null; ip?: string }): Promise<repo.CustomDomainRow> {
  const lookup = await lookUp(platform, row);
  const taken = !lookup.failure && (await platform.database.inSystem((tx) => repo.verifiedElsewhere(tx, row.appId, row.host)));
  const write = (next: { status: CustomDomainStatus; failure: CustomDomainFailure | null }) =>
    platform.database.inTenant(row.appId, async (tx) => {
      const now = platform.clock();
      const updated = await repo.updateCheck(tx, row.appId, row.id, {
        ...next,
        cnameOk: lookup.cnameOk,
        lastCheckedAt: now,
        verifiedAt: next.status === 'verified' ? (row.verifiedAt ?? now) : null,
      });
      if (!updated) throw notFound('Domain');
      if (next.status !== row.status && next.status !== 'pending') await auditChange(tx, updated, by);
      return updated;
    });
  let updated: repo.CustomDomainRow;
  try {
    updated = await write(statusAfter(row, lookup, taken));
  } catch (error) {
    // Two tenants' checks of one name at the same moment: the unique index lets the first verify, the other is told.
    if (!isTakenViolation(error)) throw error;
    updated = await write({ status: 'failed', failure: 'taken' });
  }
  if (updated.status !== row.status || updated.status === 'verified') await reloadDomains(platform);
  return updated;
}

function auditChange(tx: Executor, row: repo.CustomDomainRow, by: { userId: string | null; ip?: string }) {
  return audit(tx, {
    appId: row.appId,
    actorUserId: by.userId,
    action: row.status === 'verified' ? 'custom_domain.verified' : 'custom_domain.failed',
    targetType: 'custom_domain',
    targetId: row.id,
    data: { host: row.host, purpose: row.purpose, failure: row.failure, cnameOk: row.cnameOk },
    ip: by.ip ?? null,
  });
}

/** "Check now": the tenant asks, the lookups run (bounded in time by the DNS seam). */
export async function checkDomain(opts: { platform: Platform; actor: Actor; id: string }): Promise<CustomDomain> {
  const { platform, actor, id } = opts;
  const row = await platform.database.inTenant(actor.appId, (tx) => repo.findDomain(tx, actor.appId, id));
  if (!row) throw notFound('Domain');
  return present(platform, await checkRow(platform, row, { userId: actor.realUserId, ip: actor.ip }));
}

/** The periodic re-check of every declared domain (hourly job): one at a time, a failing one does not stop the rest. */
export async function recheckAllDomains(platform: Platform): Promise<void> {
  const declared = await platform.database.inSystem((tx) => repo.declaredDomains(tx));
  for (const { id, appId } of declared) {
    const row = await platform.database.inTenant(appId, (tx) => repo.findDomain(tx, appId, id));
    if (!row) continue;
    await checkRow(platform, row, { userId: null }).catch((error: unknown) =>
      platform.logger.warn({ err: error, domainId: id }, 'custom domain re-check failed'),
    );
  }
  await reloadDomains(platform);
}

export async function removeDomain(opts: { platform: Platform; actor: Actor; id: string }): Promise<void> {
  const { platform, actor, id } = opts;
  await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await repo.findDomain(tx, actor.appId, id);
    if (!row) throw notFound('Domain');
    await repo.deleteDomain(tx, actor.appId, id);
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'custom_domain.removed',
      targetType: 'custom_domain',
      targetId: id,
      data: { host: row.host, purpose: row.purpose, status: row.status },
      ip: actor.ip,
    });
  });
  await reloadDomains(platform);
}

const platformBranding: PublicBranding = { tenant: false, company: null, themeColor: null, logoUrl: null };

/** The pre-login look: the host's tenant (a verified domain, an enabled account) or the platform's, never a guess. */
export async function publicBranding(platform: Platform, hostTenant: HostTenant | null): Promise<PublicBranding> {
  if (!hostTenant) return platformBranding;
  const app = await platform.database.inTenant(hostTenant.appId, (tx) => getApplication(tx, hostTenant.appId));
  if (!app.enabled) return platformBranding;
  return { tenant: true, company: displayCompanyOf(app), themeColor: app.settings.themeColor ?? null, logoUrl: logoPathOf(app) ?? null };
}

/** Caddy's on-demand TLS question: a certificate only for a verified tenant domain (an in-memory lookup). */
export async function tlsAllowed(platform: Platform, domain: string): Promise<boolean> {
  const host = normalizeHostName(domain);
  return Boolean(host && (await tenantOfHost(platform, host)));
}
