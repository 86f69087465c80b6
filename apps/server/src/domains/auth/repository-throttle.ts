import { eq, inArray, lt } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { loginThrottles } from './schema.ts';

/** The login throttles' queries (throttle.ts decides what a row means). */

export type ThrottleRow = typeof loginThrottles.$inferSelect;
type ThrottleChange = Partial<Omit<ThrottleRow, 'key'>>;

/** The row of a key, created when missing, locked until the transaction ends (parallel attempts queue up). */
export async function lockThrottle(tx: Tx, key: string): Promise<ThrottleRow> {
  await tx.insert(loginThrottles).values({ key }).onConflictDoNothing();
  const [row] = await tx.select().from(loginThrottles).where(eq(loginThrottles.key, key)).for('update');
  return row!;
}

export async function findThrottle(db: Executor, key: string): Promise<ThrottleRow | undefined> {
  const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
  return row;
}

export async function updateThrottle(tx: Tx, key: string, change: ThrottleChange): Promise<void> {
  await tx.update(loginThrottles).set(change).where(eq(loginThrottles.key, key));
}

export async function deleteThrottles(tx: Tx, keys: readonly string[]): Promise<void> {
  await tx.delete(loginThrottles).where(inArray(loginThrottles.key, [...keys]));
}

export async function deleteThrottlesUntouchedSince(tx: Tx, since: Date): Promise<void> {
  await tx.delete(loginThrottles).where(lt(loginThrottles.updatedAt, since));
}
