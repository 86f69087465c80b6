import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { listPage } from '../../platform/db/lists.ts';
import { stampAccounts, stampCertificates, stamps } from './schema.ts';

export type StampAccountRow = typeof stampAccounts.$inferSelect;
export type StampRow = typeof stamps.$inferSelect;

export async function listAccounts(db: Executor, appId: string): Promise<StampAccountRow[]> {
  return db
    .select()
    .from(stampAccounts)
    .where(eq(stampAccounts.appId, appId))
    .orderBy(desc(stampAccounts.isDefault), asc(stampAccounts.createdAt), asc(stampAccounts.id));
}

export async function findAccount(db: Executor, appId: string, id: string): Promise<StampAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(stampAccounts)
    .where(and(eq(stampAccounts.appId, appId), eq(stampAccounts.id, id)));
  return row;
}

export async function findDefaultAccount(db: Executor, appId: string): Promise<StampAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(stampAccounts)
    .where(and(eq(stampAccounts.appId, appId), eq(stampAccounts.isDefault, true)));
  return row;
}

export async function countAccounts(db: Executor, appId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stampAccounts)
    .where(eq(stampAccounts.appId, appId));
  return row?.n ?? 0;
}

export async function insertAccount(db: Executor, values: typeof stampAccounts.$inferInsert): Promise<StampAccountRow> {
  const [row] = await db.insert(stampAccounts).values(values).returning();
  return row!;
}

/** Clears the tenant's default, then sets it on `id` (the partial unique index allows one default). */
export async function makeDefault(db: Executor, appId: string, id: string): Promise<StampAccountRow | undefined> {
  await db
    .update(stampAccounts)
    .set({ isDefault: false })
    .where(and(eq(stampAccounts.appId, appId), eq(stampAccounts.isDefault, true)));
  const [row] = await db
    .update(stampAccounts)
    .set({ isDefault: true })
    .where(and(eq(stampAccounts.appId, appId), eq(stampAccounts.id, id)))
    .returning();
  return row;
}

export async function deleteAccount(db: Executor, appId: string, id: string): Promise<StampAccountRow | undefined> {
  const [row] = await db
    .delete(stampAccounts)
    .where(and(eq(stampAccounts.appId, appId), eq(stampAccounts.id, id)))
    .returning();
  return row;
}

export async function insertStamp(db: Executor, values: typeof stamps.$inferInsert): Promise<StampRow> {
  const [row] = await db.insert(stamps).values(values).returning();
  return row!;
}

export async function findStamp(db: Executor, appId: string, id: string): Promise<StampRow | undefined> {
  const [row] = await db
    .select()
    .from(stamps)
    .where(and(eq(stamps.appId, appId), eq(stamps.id, id)));
  return row;
}

/** A page of the history, newest first by default (index stamps_app_created_idx), with a capped total (docs/lists.md). */
export function stampPage(db: Executor, appId: string, query: { limit: number; offset: number; order: 'ASC' | 'DESC' }) {
  const direction = query.order === 'ASC' ? asc : desc;
  return listPage(db, stamps, {
    where: eq(stamps.appId, appId),
    orderBy: (t) => [direction(t.createdAt), direction(t.id)],
    limit: query.limit,
    offset: query.offset,
  });
}

/** The storage sweep: which of `keys` sealed files still reference (platform/storage-sweep.ts). */
export async function referencedKeys(db: Executor, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db.select({ key: stamps.storageKey }).from(stamps).where(inArray(stamps.storageKey, keys));
  return rows.map((row) => row.key);
}

/** Notes that the tenant holds this certificate (kept after its account is deleted); a second import changes nothing. */
export async function recordCertificate(db: Executor, values: typeof stampCertificates.$inferInsert): Promise<void> {
  await db.insert(stampCertificates).values(values).onConflictDoNothing();
}

/**
 * The public verification page: the tenants holding this certificate, across tenants (connecting role, no tenant: the
 * caller exposes only the tenant's company and the import date), oldest first, two at most (enough to tell one from
 * several).
 */
export async function holdersOfCertificate(db: Executor, certificateSha256: string): Promise<(typeof stampCertificates.$inferSelect)[]> {
  return db
    .select()
    .from(stampCertificates)
    .where(eq(stampCertificates.certificateSha256, certificateSha256))
    .orderBy(asc(stampCertificates.createdAt))
    .limit(2);
}
