import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { passkeyChallenges, passkeys } from './schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengeRow = typeof passkeyChallenges.$inferSelect;
export type ChallengePurpose = ChallengeRow['purpose'];

/** One user's passkeys, oldest first (every query names the tenant: RLS is the second wall). */
export async function listUserPasskeys(tx: Tx, appId: string, userId: string): Promise<PasskeyRow[]> {
  return tx
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.appId, appId), eq(passkeys.userId, userId)))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countUserPasskeys(tx: Tx, appId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(passkeys)
    .where(and(eq(passkeys.appId, appId), eq(passkeys.userId, userId)));
  return row?.n ?? 0;
}

export async function findUserPasskey(tx: Tx, appId: string, userId: string, id: string): Promise<PasskeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.appId, appId), eq(passkeys.userId, userId), eq(passkeys.id, id)));
  return row;
}

/** A user's passkey by the credential id an assertion names (the second factor: only the session's own user). */
export async function findUserCredential(tx: Tx, appId: string, userId: string, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.appId, appId), eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)));
  return row;
}

/** By credential id across tenants: a passwordless login learns whose account it is from the credential (system transaction). */
export async function findCredential(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(tx: Tx, values: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
  const [row] = await tx.insert(passkeys).values(values).onConflictDoNothing({ target: passkeys.credentialId }).returning();
  return row;
}

export async function renamePasskey(tx: Tx, appId: string, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  const [row] = await tx
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.appId, appId), eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning();
  return row;
}

export async function deletePasskey(tx: Tx, appId: string, userId: string, id: string): Promise<PasskeyRow | undefined> {
  const [row] = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.appId, appId), eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning();
  return row;
}

/**
 * Moves the signature counter forward, atomically: only when the new value is above the stored one (or both are 0,
 * an authenticator that keeps no counter). No row back: the counter did not increase — a cloned credential, or two
 * uses of one assertion racing.
 */
export async function advanceCounter(db: Executor, appId: string, id: string, counter: number, now: Date): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(passkeys.appId, appId), eq(passkeys.id, id), or(lt(passkeys.counter, counter), and(eq(passkeys.counter, 0), sql`${counter}::bigint = 0`))))
    .returning();
  return row;
}

export async function insertChallenge(db: Executor, values: typeof passkeyChallenges.$inferInsert): Promise<void> {
  await db.insert(passkeyChallenges).values(values);
}

/**
 * Uses a challenge up: the one row with this value and purpose, unused and unexpired, is marked used and returned
 * (a second answer to it finds nothing). `sessionId`: a second-factor challenge answers only for its own session.
 */
export async function consumeChallenge(
  db: Executor,
  opts: { challenge: string; purpose: ChallengePurpose; now: Date; userId?: string; sessionId?: string },
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(passkeyChallenges)
    .set({ usedAt: opts.now })
    .where(
      and(
        eq(passkeyChallenges.challenge, opts.challenge),
        eq(passkeyChallenges.purpose, opts.purpose),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, opts.now),
        opts.userId ? eq(passkeyChallenges.userId, opts.userId) : undefined,
        opts.sessionId ? eq(passkeyChallenges.sessionId, opts.sessionId) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Challenges past their date (used or not): the nightly purge. */
export async function deleteStaleChallenges(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, before)).returning({ id: passkeyChallenges.id });
  return rows.length;
}
