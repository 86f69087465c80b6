import { AsyncLocalStorage } from 'node:async_hooks';
import { memoOf, statementAtCommit, type Executor, type Tx } from './db/client.ts';
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

const pendingKey = 'audit:pending';

/**
 * Written in the same transaction as the change it describes. In an inTenant / inSystem transaction the rows wait
 * for its end and go out together, inside its single statement before COMMIT (statementAtCommit): a create that is
 * also sent writes two rows in no round trip of their own (docs/api-v1.md, "Performance"). Elsewhere: at once.
 */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  const row = withOrigin(entry);
  const memo = memoOf(db);
  const pending = memo?.get(pendingKey) as ReturnType<typeof withOrigin>[] | undefined;
  if (pending) return void pending.push(row);
  if (!memo) return void (await db.insert(auditEvents).values(row));
  const rows = [row];
  memo.set(pendingKey, rows);
  statementAtCommit(db as Tx, 'audit', () => {
    memo.delete(pendingKey);
    return rows.length ? db.insert(auditEvents).values(rows) : undefined;
  });
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
