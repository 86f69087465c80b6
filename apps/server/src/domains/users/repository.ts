import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Profile } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { oneTimeTokens, sessions, users } from '../../platform/db/schema/index.ts';
import type { UserRow } from '../auth/repository.ts';

/** Every query takes the tenant: `appId` is part of each WHERE, RLS is the second wall. */
export interface Scope {
  appId: string;
  /** undefined = the whole tenant; otherwise only these ids are visible. */
  visibleIds?: string[];
}

const inScope = (scope: Scope): SQL | undefined =>
  and(eq(users.appId, scope.appId), scope.visibleIds ? inArray(users.id, scope.visibleIds.length ? scope.visibleIds : ['00000000-0000-0000-0000-000000000000']) : undefined);

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

export async function childrenOf(db: Executor, appId: string, parentId: string): Promise<UserRow[]> {
  return db.select().from(users).where(and(eq(users.appId, appId), eq(users.parentId, parentId))).orderBy(asc(users.lastName), asc(users.firstName));
}

export async function findInScope(db: Executor, scope: Scope, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(inScope(scope), eq(users.id, id)));
  return row;
}

export async function findManyInScope(db: Executor, scope: Scope, ids: string[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return db.select().from(users).where(and(inScope(scope), inArray(users.id, ids))).orderBy(asc(users.lastName), asc(users.firstName));
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

const sortable = { lastName: users.lastName, email: users.email, createdAt: users.createdAt, lastConnectionAt: users.lastConnectionAt, profile: users.profile } as const;

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

export async function insertUser(db: Executor, row: typeof users.$inferInsert): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  return inserted!;
}

export async function updateUserInScope(db: Executor, appId: string, id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db.update(users).set({ ...patch, updatedAt: new Date() }).where(and(eq(users.appId, appId), eq(users.id, id))).returning();
  return row!;
}

export async function countChildren(db: Executor, appId: string, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(and(eq(users.appId, appId), eq(users.parentId, id)));
  return row?.n ?? 0;
}

export async function deleteUserInScope(db: Executor, appId: string, id: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.appId, appId), eq(sessions.userId, id)));
  await db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.appId, appId), eq(oneTimeTokens.userId, id)));
  await db.delete(users).where(and(eq(users.appId, appId), eq(users.id, id)));
}
