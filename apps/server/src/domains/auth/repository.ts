import { and, eq, isNull, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { applications, sessions, users, oneTimeTokens } from '../../platform/db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findApplication(db: Executor, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

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

export async function updateUser(db: Executor, id: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function touchApplicationConnection(db: Executor, appId: string, now: Date): Promise<void> {
  await db.update(applications).set({ lastConnectionAt: now }).where(eq(applications.id, appId));
}

export async function insertOneTimeToken(db: Executor, row: typeof oneTimeTokens.$inferInsert): Promise<void> {
  await db.insert(oneTimeTokens).values(row);
}

/** Consumes a link token atomically: a second use finds nothing. */
export async function consumeOneTimeToken(
  db: Executor,
  tokenHash: string,
  purpose: 'confirm' | 'reset',
  now: Date,
): Promise<typeof oneTimeTokens.$inferSelect | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning();
  return row;
}
