import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { applications, users } from '../../platform/db/schema/index.ts';
import type { ApplicationRow, UserRow } from '../auth/repository.ts';
import type { Pack } from '@paraphe/contracts';

export async function insertApplication(db: Executor, row: typeof applications.$inferInsert): Promise<ApplicationRow> {
  const [inserted] = await db.insert(applications).values(row).returning();
  return inserted!;
}

export async function updateApplication(db: Executor, id: string, patch: Partial<typeof applications.$inferInsert>): Promise<ApplicationRow | undefined> {
  const [row] = await db.update(applications).set({ ...patch, updatedAt: new Date() }).where(eq(applications.id, id)).returning();
  return row;
}

export async function findPlatformApplication(db: Executor): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.isPlatform, true));
  return row;
}

export interface ApplicationFilter {
  search?: string;
  enabled?: boolean;
  pack?: Pack;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
}

export async function listApplications(db: Executor, filter: ApplicationFilter): Promise<{ rows: ApplicationRow[]; total: number }> {
  const where = and(
    filter.search ? ilike(applications.company, `%${filter.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    filter.enabled === undefined ? undefined : eq(applications.enabled, filter.enabled),
    filter.pack ? eq(applications.pack, filter.pack) : undefined,
  );
  const dir = filter.order === 'ASC' ? asc : desc;
  const rows = await db.select().from(applications).where(where).orderBy(dir(applications.createdAt), dir(applications.id)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(applications).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Owners and user counts for a page of applications, in two queries (no N+1). */
export async function ownersAndCounts(db: Executor, apps: ApplicationRow[]): Promise<{ owners: Map<string, UserRow>; counts: Map<string, number> }> {
  const ids = apps.map((a) => a.id);
  const ownerIds = apps.map((a) => a.ownerUserId).filter((x): x is string => Boolean(x));
  const owners = new Map<string, UserRow>();
  const counts = new Map<string, number>();
  if (ownerIds.length) for (const u of await db.select().from(users).where(inArray(users.id, ownerIds))) owners.set(u.id, u);
  if (ids.length) {
    const rows = await db.select({ appId: users.appId, n: count() }).from(users).where(inArray(users.appId, ids)).groupBy(users.appId);
    for (const r of rows) counts.set(r.appId, r.n);
  }
  return { owners, counts };
}
