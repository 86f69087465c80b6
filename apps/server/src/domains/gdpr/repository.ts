import { and, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { defaultGdprRetention, type GdprRetention } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { auditEvents } from '../../platform/db/schema/index.ts';
import { gdprRequests, gdprSettings } from './schema.ts';

export type GdprSettingsRow = typeof gdprSettings.$inferSelect;
export type GdprRequestRow = typeof gdprRequests.$inferSelect;

/** Every query takes the tenant; RLS is the second wall. */
export async function findSettings(db: Executor, appId: string): Promise<GdprSettingsRow | undefined> {
  const [row] = await db.select().from(gdprSettings).where(eq(gdprSettings.appId, appId));
  return row;
}

export const retentionOf = (row: GdprSettingsRow | undefined): GdprRetention =>
  row
    ? {
        finishedDocumentsMonths: row.finishedDocumentsMonths,
        signerDataMonths: row.signerDataMonths,
        staleContactsMonths: row.staleContactsMonths,
        evidenceMonths: row.evidenceMonths,
      }
    : defaultGdprRetention;

export async function saveSettings(db: Executor, appId: string, retention: GdprRetention, by: string, now: Date): Promise<GdprSettingsRow> {
  const values = { ...retention, updatedAt: now, updatedBy: by };
  const [row] = await db
    .insert(gdprSettings)
    .values({ appId, ...values })
    .onConflictDoUpdate({ target: gdprSettings.appId, set: values })
    .returning();
  return row!;
}

/** The purge removed something: the tab shows when (the row is created with the defaults if the tenant has none). */
export async function markPurged(db: Executor, appId: string, now: Date): Promise<void> {
  await db
    .insert(gdprSettings)
    .values({ appId, ...defaultGdprRetention, lastPurgeAt: now })
    .onConflictDoUpdate({ target: gdprSettings.appId, set: { lastPurgeAt: now } });
}

export async function insertRequest(db: Executor, row: typeof gdprRequests.$inferInsert): Promise<GdprRequestRow> {
  const [inserted] = await db.insert(gdprRequests).values(row).returning();
  return inserted!;
}

export async function findRequest(db: Executor, appId: string, id: string): Promise<GdprRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(gdprRequests)
    .where(and(eq(gdprRequests.appId, appId), eq(gdprRequests.id, id)));
  return row;
}

/** Across tenants (inSystem): the mailed link carries only its token. */
export async function findByTokenHash(db: Executor, tokenHash: string): Promise<GdprRequestRow | undefined> {
  const [row] = await db.select().from(gdprRequests).where(eq(gdprRequests.tokenHash, tokenHash));
  return row;
}

export async function updateRequest(db: Executor, appId: string, id: string, patch: Partial<typeof gdprRequests.$inferInsert>): Promise<void> {
  await db
    .update(gdprRequests)
    .set(patch)
    .where(and(eq(gdprRequests.appId, appId), eq(gdprRequests.id, id)));
}

export async function listRequests(db: Executor, appId: string, page: { limit: number; offset: number }): Promise<{ rows: GdprRequestRow[]; total: number }> {
  const rows = await db
    .select()
    .from(gdprRequests)
    .where(eq(gdprRequests.appId, appId))
    .orderBy(desc(gdprRequests.createdAt), desc(gdprRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(gdprRequests).where(eq(gdprRequests.appId, appId));
  return { rows, total: total?.n ?? 0 };
}

/** Exports whose link expired and still hold their file or the address. */
export async function expiredExports(db: Executor, appId: string, now: Date, limit: number): Promise<GdprRequestRow[]> {
  return db
    .select()
    .from(gdprRequests)
    .where(
      and(
        eq(gdprRequests.appId, appId),
        eq(gdprRequests.kind, 'export'),
        lt(gdprRequests.expiresAt, now),
        sql`(${gdprRequests.storageKey} is not null or ${gdprRequests.email} is not null)`,
      ),
    )
    .limit(limit);
}

/** Storage keys of export files among `keys` (the storage sweep asks, across tenants). */
export async function referencedExportKeys(db: Executor, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db
    .select({ key: gdprRequests.storageKey })
    .from(gdprRequests)
    .where(and(isNotNull(gdprRequests.storageKey), inArray(gdprRequests.storageKey, [...keys])));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** Deletes up to `limit` of the tenant's audit rows older than `before` (the evidence retention); answers how many. */
export async function deleteAuditRowsBefore(db: Executor, appId: string, before: Date, limit: number): Promise<number> {
  const deleted = await db
    .delete(auditEvents)
    .where(
      inArray(
        auditEvents.id,
        db
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(and(eq(auditEvents.appId, appId), lt(auditEvents.createdAt, before)))
          .limit(limit),
      ),
    )
    .returning({ id: auditEvents.id });
  return deleted.length;
}
