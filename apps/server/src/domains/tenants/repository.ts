import { and, asc, count, desc, eq, gt, ilike, inArray, sql } from 'drizzle-orm';
import { memoOf, type Executor } from '../../platform/db/client.ts';
import { outsideTransaction, requestRows } from '../../platform/db/request-rows.ts';
import { applications } from './schema.ts';
import type { ApplicationFilter, CompanyAndPack } from './views.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplicationRow = typeof applications.$inferInsert;

/**
 * A create reads its tenant up to five times (the guard, the limits, the create, the metering of each event): read
 * once per request (requestRows, what the guard read) or per transaction (memoOf), and forgotten by any write of it
 * below. The row is shared: callers never change it.
 */
const memoKey = (id: string) => `application:${id}`;

export async function findApplication(db: Executor, id: string): Promise<ApplicationRow | undefined> {
  const memo = memoOf(db);
  const key = memoKey(id);
  const known = (memo?.get(key) ?? requestRows()?.get(key)) as ApplicationRow | undefined;
  if (known) return known;
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  if (row) memo?.set(key, row);
  if (row && outsideTransaction(db)) requestRows()?.set(key, row);
  return row;
}

/** A write of the row: no later read of this transaction or request takes the copy read before. */
function forget(db: Executor, id: string) {
  memoOf(db)?.delete(memoKey(id));
  requestRows()?.delete(memoKey(id));
}

export async function insertApplication(db: Executor, row: NewApplicationRow): Promise<ApplicationRow> {
  const [inserted] = await db.insert(applications).values(row).returning();
  return inserted!;
}

export async function updateApplication(db: Executor, id: string, patch: Partial<NewApplicationRow>): Promise<ApplicationRow | undefined> {
  forget(db, id);
  const [row] = await db
    .update(applications)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(applications.id, id))
    .returning();
  return row;
}

export async function touchConnection(db: Executor, id: string, now: Date): Promise<void> {
  forget(db, id);
  await db.update(applications).set({ lastConnectionAt: now }).where(eq(applications.id, id));
}

export async function findPlatformApplication(db: Executor): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.isPlatform, true));
  return row;
}

export async function listApplications(db: Executor, filter: ApplicationFilter): Promise<{ rows: ApplicationRow[]; total: number }> {
  const where = and(
    filter.search ? ilike(applications.company, `%${filter.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    filter.enabled === undefined ? undefined : eq(applications.enabled, filter.enabled),
    filter.pack ? eq(applications.pack, filter.pack) : undefined,
  );
  const dir = filter.order === 'ASC' ? asc : desc;
  const rows = await db
    .select()
    .from(applications)
    .where(where)
    .orderBy(dir(applications.createdAt), dir(applications.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(applications).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Company and pack of each of these tenants (figures across tenants: one query instead of one per tenant). */
export async function companiesAndPacksOf(db: Executor, ids: readonly string[]): Promise<Map<string, CompanyAndPack>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: applications.id, company: applications.company, pack: applications.pack })
    .from(applications)
    .where(inArray(applications.id, [...ids]));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}

/** Which of these storage keys are a tenant's logo (the storage sweep keeps them). */
export async function logoKeysAmong(db: Executor, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db
    .select({ key: sql<string>`${applications.logo}->>'key'` })
    .from(applications)
    .where(inArray(sql`${applications.logo}->>'key'`, [...keys]));
  return rows.map((r) => r.key);
}

/** A page of every tenant's id, by id after `afterId` (a platform job walking all tenants: the GDPR purge). */
export async function tenantIdsAfter(db: Executor, afterId: string | undefined, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(afterId ? gt(applications.id, afterId) : undefined)
    .orderBy(asc(applications.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
