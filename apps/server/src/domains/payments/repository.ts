import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LedgerKind, PaymentStatus } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { ledgerEntries, paymentCustomers, payments, providerEvents, refunds, sepaBatches, sepaMandates } from './schema.ts';

/** Every tenant query takes the tenant (`app_id` in the WHERE; RLS is the second wall). */

export type PaymentRow = typeof payments.$inferSelect;
export type MandateRow = typeof sepaMandates.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type BatchRow = typeof sepaBatches.$inferSelect;

export async function findCustomer(db: Executor, appId: string): Promise<string | null> {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.appId, appId));
  return row?.providerCustomerId ?? null;
}
export async function saveCustomer(db: Executor, appId: string, providerCustomerId: string): Promise<void> {
  await db.insert(paymentCustomers).values({ appId, providerCustomerId }).onConflictDoNothing();
}
export async function tenantOfCustomer(db: Executor, providerCustomerId: string): Promise<string | null> {
  const [row] = await db.select({ appId: paymentCustomers.appId }).from(paymentCustomers).where(eq(paymentCustomers.providerCustomerId, providerCustomerId));
  return row?.appId ?? null;
}

/** Inserts the payment of a request unless one exists (unique request id): answers the new row, or null. */
export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow | null> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing({ target: payments.paymentRequestId }).returning();
  return row ?? null;
}
export async function findPayment(db: Executor, appId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.appId, appId), eq(payments.id, id)));
  return row;
}
/** Platform-wide look-ups (webhooks, administrator): run in a system transaction. */
export async function findPaymentAnyTenant(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}
export async function findPaymentByProviderId(db: Executor, providerPaymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row;
}
/** The latest succeeded payment covering a sale (an invoice is paid once; a failed attempt may precede it). */
export async function findPaidPaymentOfSale(db: Executor, saleId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'succeeded'), sql`${payments.invoices} @> ${JSON.stringify([{ saleId }])}::jsonb`))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/** Moves a payment only from the statuses the change expects; answers the row, or null (already moved). */
export async function transition(
  db: Executor,
  id: string,
  from: readonly PaymentStatus[],
  set: Partial<typeof payments.$inferInsert>,
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
    .returning();
  return row ?? null;
}
export async function setDispute(db: Executor, id: string, dispute: PaymentRow['dispute']): Promise<void> {
  await db
    .update(payments)
    .set({ dispute, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

export interface PaymentFilter {
  appId?: string;
  status?: PaymentStatus;
  limit: number;
  offset: number;
}
export async function listPayments(db: Executor, filter: PaymentFilter): Promise<{ rows: PaymentRow[]; total: number }> {
  const where = and(filter.appId ? eq(payments.appId, filter.appId) : undefined, filter.status ? eq(payments.status, filter.status) : undefined);
  const rows = await db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(filter.limit).offset(filter.offset);
  const [{ n }] = (await db.select({ n: count() }).from(payments).where(where)) as [{ n: number }];
  return { rows, total: Number(n) };
}

export async function insertLedger(
  db: Executor,
  entry: {
    appId: string;
    paymentId: string;
    refundId?: string | null;
    kind: LedgerKind;
    amountCents: number;
    method: PaymentRow['method'];
    providerReference?: string | null;
  },
): Promise<void> {
  await db.insert(ledgerEntries).values(entry);
}

export async function refundsOf(db: Executor, paymentIds: readonly string[]): Promise<RefundRow[]> {
  if (!paymentIds.length) return [];
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.paymentId, [...paymentIds]))
    .orderBy(asc(refunds.createdAt));
}
export async function insertRefund(db: Executor, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
}

export async function activeMandate(db: Executor, appId: string): Promise<MandateRow | undefined> {
  const [row] = await db
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.appId, appId), eq(sepaMandates.status, 'active')))
    .orderBy(desc(sepaMandates.signedAt))
    .limit(1);
  return row;
}
export async function insertMandate(db: Executor, values: typeof sepaMandates.$inferInsert): Promise<MandateRow> {
  const [row] = await db.insert(sepaMandates).values(values).returning();
  return row!;
}
export async function revokeMandates(db: Executor, appId: string): Promise<void> {
  await db
    .update(sepaMandates)
    .set({ status: 'revoked' })
    .where(and(eq(sepaMandates.appId, appId), eq(sepaMandates.status, 'active')));
}
export async function mandatesById(db: Executor, ids: readonly string[]): Promise<Map<string, MandateRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(sepaMandates)
    .where(inArray(sepaMandates.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}
export async function markFirstDebit(db: Executor, mandateId: string, at: Date | null): Promise<void> {
  await db.update(sepaMandates).set({ firstDebitAt: at }).where(eq(sepaMandates.id, mandateId));
}
export async function countMandates(db: Executor, appId: string): Promise<number> {
  const [{ n }] = (await db.select({ n: count() }).from(sepaMandates).where(eq(sepaMandates.appId, appId))) as [{ n: number }];
  return Number(n);
}

/** SEPA debits not in a batch yet (platform-wide, oldest first). */
export async function pendingDebits(db: Executor): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.method, 'sepa'), eq(payments.status, 'pending'), isNull(payments.sepaBatchId)))
    .orderBy(asc(payments.createdAt));
}
export async function debitsOfBatch(db: Executor, batchId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.sepaBatchId, batchId)).orderBy(asc(payments.createdAt));
}
export async function insertBatch(db: Executor, values: typeof sepaBatches.$inferInsert): Promise<BatchRow> {
  const [row] = await db.insert(sepaBatches).values(values).returning();
  return row!;
}
export async function findBatch(db: Executor, id: string): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(sepaBatches).where(eq(sepaBatches.id, id));
  return row;
}
export async function listBatches(db: Executor): Promise<BatchRow[]> {
  return db.select().from(sepaBatches).orderBy(desc(sepaBatches.createdAt)).limit(50);
}
export async function markBatchCollected(db: Executor, id: string, at: Date): Promise<BatchRow | null> {
  const [row] = await db
    .update(sepaBatches)
    .set({ status: 'collected', collectedAt: at })
    .where(and(eq(sepaBatches.id, id), eq(sepaBatches.status, 'exported')))
    .returning();
  return row ?? null;
}

/** Records a provider event id; false when it was already recorded (a second delivery). */
export async function recordProviderEvent(db: Executor, eventId: string, type: string): Promise<boolean> {
  const rows = await db.insert(providerEvents).values({ eventId, type }).onConflictDoNothing().returning({ eventId: providerEvents.eventId });
  return rows.length > 0;
}

/** The payment, locked until the end of the transaction (refunds: one at a time per payment). */
export async function lockPayment(db: Executor, appId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.appId, appId), eq(payments.id, id)))
    .for('update');
  return row;
}

/** Which of these storage keys mandate PDFs use (the storage sweep keeps them). */
export async function referencedKeys(db: Executor, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db
    .select({ key: sepaMandates.pdfStorageKey })
    .from(sepaMandates)
    .where(inArray(sepaMandates.pdfStorageKey, [...keys]));
  return rows.map((r) => r.key);
}
