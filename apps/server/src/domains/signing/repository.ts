import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { signerCodes } from './schema.ts';

/** The signing page's one-time codes (codes.ts holds the rules; only an HMAC of a code is stored). */

export type CodeRow = typeof signerCodes.$inferSelect;

export async function findCode(db: Executor, signerId: string): Promise<CodeRow | undefined> {
  const [row] = await db.select().from(signerCodes).where(eq(signerCodes.signerId, signerId));
  return row;
}

/** The signer's code row written (one per signer: a new code replaces the previous one). */
export async function saveCode(db: Executor, signerId: string, values: Omit<typeof signerCodes.$inferInsert, 'signerId'>): Promise<CodeRow> {
  const [saved] = await db
    .insert(signerCodes)
    .values({ signerId, ...values })
    .onConflictDoUpdate({ target: signerCodes.signerId, set: values })
    .returning();
  return saved!;
}

/** A used, expired or burnt code cleared (the send window's counters stay). */
export async function clearCode(db: Executor, signerId: string): Promise<void> {
  await db.update(signerCodes).set({ codeHash: null, expiresAt: null, failedTries: 0 }).where(eq(signerCodes.signerId, signerId));
}

export async function saveFailedTries(db: Executor, signerId: string, failedTries: number): Promise<void> {
  await db.update(signerCodes).set({ failedTries }).where(eq(signerCodes.signerId, signerId));
}
