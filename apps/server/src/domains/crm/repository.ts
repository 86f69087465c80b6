import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { crmConnections, crmOauthStates, crmWriteBacks } from './schema.ts';

/** Queries of the CRM connector; every function takes the tenant. */
export type ConnectionRow = typeof crmConnections.$inferSelect;
export type WriteBackRow = typeof crmWriteBacks.$inferSelect;

export async function findConnection(db: Executor, appId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(crmConnections).where(eq(crmConnections.appId, appId));
  return row;
}

/** The connection, locked for the rest of the transaction (one token refresh at a time, whatever the process). */
export async function lockConnection(db: Executor, appId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(crmConnections).where(eq(crmConnections.appId, appId)).for('update');
  return row;
}

export async function upsertConnection(db: Executor, values: typeof crmConnections.$inferInsert): Promise<ConnectionRow> {
  const [row] = await db
    .insert(crmConnections)
    .values(values)
    .onConflictDoUpdate({
      target: crmConnections.appId,
      set: {
        portalId: values.portalId,
        hubDomain: values.hubDomain,
        accessTokenSealed: values.accessTokenSealed,
        refreshTokenSealed: values.refreshTokenSealed,
        accessExpiresAt: values.accessExpiresAt,
        scopes: values.scopes,
        connectedBy: values.connectedBy,
        connectedAt: values.connectedAt,
        state: 'ok',
        lastError: null,
        updatedAt: values.connectedAt,
      },
    })
    .returning();
  return row!;
}

export async function updateConnection(db: Executor, appId: string, set: Partial<typeof crmConnections.$inferInsert>): Promise<void> {
  await db.update(crmConnections).set(set).where(eq(crmConnections.appId, appId));
}

export async function deleteConnection(db: Executor, appId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.delete(crmConnections).where(eq(crmConnections.appId, appId)).returning();
  return row;
}

/** A new state; the tenant's expired or used ones go in the same statement's transaction (they can never serve again). */
export async function insertState(db: Executor, values: typeof crmOauthStates.$inferInsert & { appId: string }, now: Date): Promise<string> {
  await db.delete(crmOauthStates).where(and(eq(crmOauthStates.appId, values.appId), or(lt(crmOauthStates.expiresAt, now), isNotNull(crmOauthStates.usedAt))));
  const [row] = await db.insert(crmOauthStates).values(values).returning({ id: crmOauthStates.id });
  return row!.id;
}

/** Marks the state used if it still was not: the first callback wins, any other finds nothing. */
export async function consumeState(db: Executor, appId: string, id: string, now: Date) {
  const [row] = await db
    .update(crmOauthStates)
    .set({ usedAt: now })
    .where(and(eq(crmOauthStates.appId, appId), eq(crmOauthStates.id, id), isNull(crmOauthStates.usedAt)))
    .returning();
  return row;
}

export async function insertWriteBacks(db: Executor, rows: (typeof crmWriteBacks.$inferInsert)[]): Promise<WriteBackRow[]> {
  if (!rows.length) return [];
  return db.insert(crmWriteBacks).values(rows).onConflictDoNothing().returning();
}

/** Claims a pending write-back for `seconds` (null: done, failed, or another run holds it). */
export async function claimWriteBack(db: Executor, appId: string, id: string, now: Date, seconds: number): Promise<WriteBackRow | undefined> {
  const [row] = await db
    .update(crmWriteBacks)
    .set({ claimedUntil: new Date(now.getTime() + seconds * 1000), attempts: sql`${crmWriteBacks.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(crmWriteBacks.appId, appId),
        eq(crmWriteBacks.id, id),
        eq(crmWriteBacks.status, 'pending'),
        or(isNull(crmWriteBacks.claimedUntil), lt(crmWriteBacks.claimedUntil, now)),
      ),
    )
    .returning();
  return row;
}

export async function updateWriteBack(db: Executor, appId: string, id: string, set: Partial<typeof crmWriteBacks.$inferInsert>): Promise<void> {
  await db
    .update(crmWriteBacks)
    .set(set)
    .where(and(eq(crmWriteBacks.appId, appId), eq(crmWriteBacks.id, id)));
}

export async function recentFailures(db: Executor, appId: string, limit = 10): Promise<WriteBackRow[]> {
  return db
    .select()
    .from(crmWriteBacks)
    .where(and(eq(crmWriteBacks.appId, appId), eq(crmWriteBacks.status, 'failed')))
    .orderBy(desc(crmWriteBacks.updatedAt))
    .limit(limit);
}

export async function writeBacksOf(db: Executor, appId: string, requestId: string): Promise<WriteBackRow[]> {
  return db
    .select()
    .from(crmWriteBacks)
    .where(and(eq(crmWriteBacks.appId, appId), eq(crmWriteBacks.requestId, requestId)));
}
