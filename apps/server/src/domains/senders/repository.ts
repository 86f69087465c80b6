import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { senderDomains } from './schema.ts';

export type SenderRow = typeof senderDomains.$inferSelect;
export type NewSenderRow = typeof senderDomains.$inferInsert;
export type CheckResult = Pick<SenderRow, 'status' | 'dkimState' | 'spfState' | 'dmarcState' | 'lastCheckedAt' | 'lastError' | 'verifiedAt'>;

export async function findSender(db: Executor, appId: string): Promise<SenderRow | undefined> {
  const [row] = await db.select().from(senderDomains).where(eq(senderDomains.appId, appId));
  return row;
}

/** Whether another tenant sends verified mail from this domain (a domain signs for one tenant at most). */
export async function verifiedElsewhere(db: Executor, appId: string, domain: string): Promise<boolean> {
  const rows = await db
    .select({ appId: senderDomains.appId })
    .from(senderDomains)
    .where(and(eq(senderDomains.domain, domain), eq(senderDomains.status, 'verified'), ne(senderDomains.appId, appId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertSender(db: Executor, row: NewSenderRow): Promise<void> {
  await db.insert(senderDomains).values(row);
}

/** The address and display name of the tenant's sender (its domain, key and checks stay). */
export async function renameSender(db: Executor, appId: string, changes: { address: string; displayName: string | null; updatedAt: Date }): Promise<void> {
  await db.update(senderDomains).set(changes).where(eq(senderDomains.appId, appId));
}

/**
 * Records a check's outcome, only if the sender is still the one checked (same key: not removed and declared again
 * while the DNS answered). Returns whether it was recorded.
 */
export async function recordCheck(db: Executor, appId: string, publicKey: string, result: CheckResult & { updatedAt: Date }): Promise<boolean> {
  const rows = await db
    .update(senderDomains)
    .set(result)
    .where(and(eq(senderDomains.appId, appId), eq(senderDomains.publicKey, publicKey)))
    .returning({ appId: senderDomains.appId });
  return rows.length > 0;
}

export async function deleteSender(db: Executor, appId: string): Promise<boolean> {
  const rows = await db.delete(senderDomains).where(eq(senderDomains.appId, appId)).returning({ appId: senderDomains.appId });
  return rows.length > 0;
}

/** The tenants with a sender, in id order after `afterAppId` (the periodic check walks every tenant's, system-wide). */
export async function sendersAfter(db: Executor, afterAppId: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ appId: senderDomains.appId })
    .from(senderDomains)
    .where(afterAppId ? gt(senderDomains.appId, afterAppId) : undefined)
    .orderBy(asc(senderDomains.appId))
    .limit(limit);
  return rows.map((r) => r.appId);
}
