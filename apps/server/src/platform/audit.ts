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

/** Written in the same transaction as the change it describes. */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({ ...entry, data: entry.data ?? {} });
}
