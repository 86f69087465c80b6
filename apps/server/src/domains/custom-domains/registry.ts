import type { CustomDomainPurpose } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { HostTenant } from '../../platform/http/host-tenant.ts';
import * as repo from './repository.ts';

/**
 * The verified domains of every tenant, in this process's memory: the Host hook's map (a request never costs a query
 * nor a DNS lookup) and the answer to "where do tenant X's links point" — synchronous, so a campaign's thousands of
 * invitations read a map, not the database. Reloaded at once by this process's own changes (verify, fail, remove)
 * and at most `ttlMs` after another process's (several API nodes, a worker): a link built meanwhile uses the
 * platform's address, which keeps working.
 */
const ttlMs = 60_000;

interface State {
  byHost: Map<string, HostTenant>;
  byApp: Map<string, Partial<Record<CustomDomainPurpose, string>>>;
  loadedAt: number;
  loading?: Promise<void>;
}

const states = new WeakMap<Platform, State>();

async function load(platform: Platform): Promise<void> {
  const rows = await platform.database.inSystem((tx) => repo.verifiedDomains(tx));
  const byHost = new Map<string, HostTenant>();
  const byApp = new Map<string, Partial<Record<CustomDomainPurpose, string>>>();
  for (const row of rows) {
    byHost.set(row.host, { appId: row.appId, purpose: row.purpose, host: row.host });
    byApp.set(row.appId, { ...byApp.get(row.appId), [row.purpose]: row.host });
  }
  states.set(platform, { byHost, byApp, loadedAt: Date.now() });
}

/** Reloads the map (single flight: callers during a load share it). */
export function reloadDomains(platform: Platform): Promise<void> {
  const state = states.get(platform);
  if (state?.loading) return state.loading;
  const loading = load(platform).finally(() => {
    const current = states.get(platform);
    if (current?.loading === loading) delete current.loading;
  });
  if (state) state.loading = loading;
  return loading;
}

const stale = (state: State | undefined) => !state || Date.now() - state.loadedAt > ttlMs;

/** The map, reloaded first when older than the TTL (the Host hook, the TLS ask). */
async function fresh(platform: Platform): Promise<State | undefined> {
  if (stale(states.get(platform))) await reloadDomains(platform);
  return states.get(platform);
}

/** Refresh in the background when old (a synchronous reader cannot wait; a failed reload is retried next time). */
function current(platform: Platform): State | undefined {
  const state = states.get(platform);
  if (stale(state)) reloadDomains(platform).catch((error: unknown) => platform.logger.warn({ err: error }, 'custom domains: reload failed'));
  return state;
}

/** The tenant whose verified domain this host is; null for any other name. */
export async function tenantOfHost(platform: Platform, host: string): Promise<HostTenant | null> {
  return (await fresh(platform))?.byHost.get(host) ?? null;
}

/**
 * THE answer to "the public base URL of tenant X's links": `https://<host>` of its verified domain for the purpose
 * (signing: signers' and integrators' links; backoffice: its users' account links), else PUBLIC_URL.
 */
export function publicBaseUrl(platform: Platform, appId: string, purpose: CustomDomainPurpose = 'signing'): string {
  const host = current(platform)?.byApp.get(appId)?.[purpose];
  return host ? `https://${host}` : platform.config.publicUrl;
}
