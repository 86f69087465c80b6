import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Profile } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { oneTimeTokens, users } from './schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
export type LinkPurpose = OneTimeTokenRow['purpose'];

/** Every query takes the tenant: `appId` is part of each WHERE, RLS is the second wall. */
export interface Scope {
  appId: string;
  /** undefined = the whole tenant; otherwise only these ids are visible. */
  visibleIds?: string[];
}

const inScope = (scope: Scope): SQL | undefined =>
  and(
    eq(users.appId, scope.appId),
    scope.visibleIds ? inArray(users.id, scope.visibleIds.length ? scope.visibleIds : ['00000000-0000-0000-0000-000000000000']) : undefined,
  );

/** Ids of every user under `rootId` (not including it), however deep. */
export async function descendantIds(db: Executor, appId: string, rootId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    with recursive tree(id) as (
      select id from users where app_id = ${appId} and parent_id = ${rootId}
      union
      select u.id from users u join tree t on u.parent_id = t.id where u.app_id = ${appId}
    ) select id from tree`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** Ids of every user above `userId` (its manager, theirs, up to the top), nearest first. */
export async function ancestorIds(db: Executor, appId: string, userId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    with recursive chain(id, depth) as (
      select parent_id, 1 from users where app_id = ${appId} and id = ${userId} and parent_id is not null
      union
      select u.parent_id, c.depth + 1 from users u join chain c on u.id = c.id where u.app_id = ${appId} and u.parent_id is not null and c.depth < 100
    ) select id from chain order by depth`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

export async function childrenOf(db: Executor, appId: string, parentId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.parentId, parentId)))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function findInScope(db: Executor, scope: Scope, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(inScope(scope), eq(users.id, id)));
  return row;
}

export async function findManyInScope(db: Executor, scope: Scope, ids: string[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(users)
    .where(and(inScope(scope), inArray(users.id, ids)))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export interface UserListFilter {
  search?: string;
  profile?: Profile;
  profiles?: Profile[];
  active?: boolean;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  orderBy?: string;
}

const sortable = {
  lastName: users.lastName,
  email: users.email,
  createdAt: users.createdAt,
  lastConnectionAt: users.lastConnectionAt,
  profile: users.profile,
} as const;

export async function listInScope(db: Executor, scope: Scope, filter: UserListFilter): Promise<{ rows: UserRow[]; total: number }> {
  const term = filter.search ? `%${filter.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const where = and(
    inScope(scope),
    term ? or(ilike(users.lastName, term), ilike(users.firstName, term), ilike(users.email, term)) : undefined,
    filter.profile ? eq(users.profile, filter.profile) : undefined,
    filter.profiles ? inArray(users.profile, filter.profiles) : undefined,
    filter.active === undefined ? undefined : eq(users.active, filter.active),
  );
  const column = sortable[filter.orderBy as keyof typeof sortable] ?? users.createdAt;
  const direction = filter.order === 'ASC' ? asc : desc;
  const rows = await db.select().from(users).where(where).orderBy(direction(column), direction(users.id)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function emailTaken(db: Executor, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? sql`${users.id} <> ${exceptId}` : undefined));
  return Boolean(row);
}

/** Whether a user of this tenant has the address (the tenant's own question: other tenants are not looked at). */
export async function emailTakenInTenant(db: Executor, appId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return Boolean(row);
}

export async function insertUser(db: Executor, row: NewUserRow): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  return inserted!;
}

export async function updateUserInScope(db: Executor, appId: string, id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(users.appId, appId), eq(users.id, id)))
    .returning();
  return row!;
}

export async function countChildren(db: Executor, appId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.parentId, id)));
  return row?.n ?? 0;
}

/** The user's own rows go with it; other domains' rows (sessions) are removed by their domain first. */
export async function deleteUserInScope(db: Executor, appId: string, id: string): Promise<void> {
  await db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.appId, appId), eq(oneTimeTokens.userId, id)));
  await db.delete(users).where(and(eq(users.appId, appId), eq(users.id, id)));
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Several users in one round trip (e.g. an API key's technical user and its creator); those that exist, in no order. */
export async function findUsersByIds(db: Executor, ids: readonly string[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function updateUser(db: Executor, id: string, patch: Partial<NewUserRow>): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function insertOneTimeToken(db: Executor, row: typeof oneTimeTokens.$inferInsert): Promise<void> {
  await db.insert(oneTimeTokens).values(row);
}

/** Spends every link of a user still open (of these purposes, or all): an older link must not outlive a change. */
export async function spendOpenTokens(db: Executor, userId: string, now: Date, purposes?: LinkPurpose[]): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt), purposes ? inArray(oneTimeTokens.purpose, purposes) : undefined));
}

/** Consumes a link token atomically: a second use finds nothing. */
export async function consumeOneTimeToken(db: Executor, tokenHash: string, purpose: LinkPurpose, now: Date): Promise<OneTimeTokenRow | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning();
  return row;
}

/** Owners (by id) and user counts (by tenant) for a page of tenants, in two queries (no N+1). */
export async function ownersAndCounts(
  db: Executor,
  apps: { id: string; ownerUserId: string | null }[],
): Promise<{ owners: Map<string, UserRow>; counts: Map<string, number> }> {
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

/** "LASTNAME Firstname" of these users (the display form of spec §5), by id. */
export async function displayNamesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, `${r.lastName.toUpperCase()} ${r.firstName}`]));
}
