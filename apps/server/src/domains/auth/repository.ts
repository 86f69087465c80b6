import { and, eq, isNull, gt } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { sessions } from './schema.ts';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Executor, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [inserted] = await db.insert(sessions).values(row).returning();
  return inserted!;
}

export async function findLiveSessionByHash(db: Executor, tokenHash: string, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row;
}

export async function findLiveSession(db: Executor, id: string, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row;
}

/** Reads a session and locks its row until the transaction ends (concurrent second-factor checks). */
export async function lockSession(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).for('update');
  return row;
}

export async function updateSession(db: Executor, id: string, patch: Partial<typeof sessions.$inferInsert>): Promise<void> {
  await db.update(sessions).set(patch).where(eq(sessions.id, id));
}

export async function revokeUserSessions(db: Executor, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}
