import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from './db/client.ts';
import { auditEvents } from './db/schema/index.ts';

export interface AuditEntry {
  appId: string | null;
  actorUserId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Who called, when it is not a person's session: a public-API call acts as the tenant's technical user, and each
 * audit row it writes names the API key too (serve() runs the handler inside this context).
 */
export interface AuditOrigin {
  apiKeyId: string;
  apiKeyLabel: string;
}
export const auditOrigin = new AsyncLocalStorage<AuditOrigin>();

/** Written in the same transaction as the change it describes. */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values(withOrigin(entry));
}

/** The entry's data, naming the API key when a public-API call writes it. */
function withOrigin(entry: AuditEntry) {
  const origin = auditOrigin.getStore();
  return { ...entry, data: origin ? { ...entry.data, apiKey: { id: origin.apiKeyId, label: origin.apiKeyLabel } } : (entry.data ?? {}) };
}

/** Many rows in one insert (a sweep's chunk), in the same transaction as the changes they describe. */
export async function auditMany(db: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await db.insert(auditEvents).values(entries.map(withOrigin));
}
