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
  const origin = auditOrigin.getStore();
  const data = origin ? { ...entry.data, apiKey: { id: origin.apiKeyId, label: origin.apiKeyLabel } } : (entry.data ?? {});
  await db.insert(auditEvents).values({ ...entry, data });
}
