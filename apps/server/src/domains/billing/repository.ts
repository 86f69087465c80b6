import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { ConsumptionKind } from '@paraphe/contracts';
import { memoOf, type Executor } from '../../platform/db/client.ts';
import { billingPrices, billingProfiles, consumptionMonthly, consumptions } from './schema.ts';

/** Every query takes the tenant: `app_id` is part of each WHERE, RLS is the second wall. */

export type ProfileRow = typeof billingProfiles.$inferSelect;
export type ProfileValues = Omit<ProfileRow, 'appId' | 'updatedAt' | 'updatedBy'>;
export type PricesRow = typeof billingPrices.$inferSelect;
export type ConsumptionValues = typeof consumptions.$inferInsert;
export type MonthlyRow = typeof consumptionMonthly.$inferSelect;

export async function findProfile(db: Executor, appId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.appId, appId));
  return row;
}

export async function saveProfile(db: Executor, appId: string, values: ProfileValues, by: string, now: Date): Promise<ProfileRow> {
  const set = { ...values, updatedBy: by, updatedAt: now };
  const [row] = await db
    .insert(billingProfiles)
    .values({ appId, ...set })
    .onConflictDoUpdate({ target: billingProfiles.appId, set })
    .returning();
  return row!;
}

/** Each metered event of a transaction prices its units: the tenant's prices are read once per transaction (memoOf). */
const pricesKey = (appId: string) => `billing-prices:${appId}`;

export async function findPrices(db: Executor, appId: string): Promise<PricesRow | undefined> {
  const memo = memoOf(db);
  if (memo?.has(pricesKey(appId))) return (memo.get(pricesKey(appId)) as PricesRow | null) ?? undefined;
  const [row] = await db.select().from(billingPrices).where(eq(billingPrices.appId, appId));
  memo?.set(pricesKey(appId), row ?? null);
  return row;
}

export async function savePrices(db: Executor, appId: string, values: Pick<PricesRow, 'unitPrices' | 'discounts'>, by: string, now: Date): Promise<PricesRow> {
  memoOf(db)?.delete(pricesKey(appId));
  const set = { ...values, updatedBy: by, updatedAt: now };
  const [row] = await db
    .insert(billingPrices)
    .values({ appId, ...set })
    .onConflictDoUpdate({ target: billingPrices.appId, set })
    .returning();
  return row!;
}

export async function deletePrices(db: Executor, appId: string): Promise<boolean> {
  memoOf(db)?.delete(pricesKey(appId));
  const rows = await db.delete(billingPrices).where(eq(billingPrices.appId, appId)).returning({ appId: billingPrices.appId });
  return rows.length > 0;
}

/**
 * Consumption rows, skipping any whose (event, kind) is already recorded (a replayed event); returns the rows
 * actually written, which are the only ones the monthly figures may count.
 */
export async function insertConsumptions(db: Executor, rows: ConsumptionValues[]): Promise<(typeof consumptions.$inferSelect)[]> {
  if (!rows.length) return [];
  return db
    .insert(consumptions)
    .values(rows)
    .onConflictDoNothing({ target: [consumptions.eventId, consumptions.kind] })
    .returning();
}

export interface MonthlyDelta {
  appId: string;
  month: string;
  userId: string | null;
  kind: ConsumptionKind;
  quantity: number;
  grossCents: number;
  testQuantity: number;
}

/** The upsert adding to the monthly figures (one statement for the whole batch; the deltas have distinct keys). */
export function addToMonthly(db: Executor, deltas: MonthlyDelta[]) {
  return db
    .insert(consumptionMonthly)
    .values(deltas)
    .onConflictDoUpdate({
      target: [consumptionMonthly.appId, consumptionMonthly.month, consumptionMonthly.userId, consumptionMonthly.kind],
      set: {
        quantity: sql`${consumptionMonthly.quantity} + excluded.quantity`,
        grossCents: sql`${consumptionMonthly.grossCents} + excluded.gross_cents`,
        testQuantity: sql`${consumptionMonthly.testQuantity} + excluded.test_quantity`,
      },
    });
}

/** The monthly figures of months `from`..`to` (first days), optionally of one user; in month order. */
export async function monthlyRows(db: Executor, appId: string, from: string, to: string, userId?: string): Promise<MonthlyRow[]> {
  return db
    .select()
    .from(consumptionMonthly)
    .where(
      and(
        eq(consumptionMonthly.appId, appId),
        gte(consumptionMonthly.month, from),
        lte(consumptionMonthly.month, to),
        userId ? eq(consumptionMonthly.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(consumptionMonthly.month), asc(consumptionMonthly.kind));
}

// ------------------------------------------------------------------------------------------------------------
// Across tenants (the super dashboard's billed consumption, revenue.ts): read as the platform.

/** The gross excluding VAT of months `from`..`to` (first days), summed over every tenant, by month. */
export async function grossByMonth(db: Executor, from: string, to: string): Promise<{ month: string; grossCents: number }[]> {
  return db
    .select({ month: consumptionMonthly.month, grossCents: sql<number>`sum(${consumptionMonthly.grossCents})::bigint`.mapWith(Number) })
    .from(consumptionMonthly)
    .where(and(gte(consumptionMonthly.month, from), lte(consumptionMonthly.month, to)))
    .groupBy(consumptionMonthly.month);
}

/** The volume discounts of every tenant with prices of its own. */
export async function customDiscounts(db: Executor): Promise<Pick<PricesRow, 'appId' | 'discounts'>[]> {
  return db.select({ appId: billingPrices.appId, discounts: billingPrices.discounts }).from(billingPrices);
}

/** The (tenant, month, kind) groups of months `from`..`to` whose volume reaches `minQuantity`: the only ones a discount can apply to. */
export async function groupsFromVolume(
  db: Executor,
  from: string,
  to: string,
  minQuantity: number,
): Promise<{ appId: string; month: string; quantity: number; grossCents: number }[]> {
  const volume = sql<number>`sum(${consumptionMonthly.quantity})`;
  return db
    .select({
      appId: consumptionMonthly.appId,
      month: consumptionMonthly.month,
      quantity: sql<number>`${volume}::bigint`.mapWith(Number),
      grossCents: sql<number>`sum(${consumptionMonthly.grossCents})::bigint`.mapWith(Number),
    })
    .from(consumptionMonthly)
    .where(and(gte(consumptionMonthly.month, from), lte(consumptionMonthly.month, to)))
    .groupBy(consumptionMonthly.appId, consumptionMonthly.month, consumptionMonthly.kind)
    .having(gte(volume, minQuantity));
}
