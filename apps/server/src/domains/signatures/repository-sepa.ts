import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { cappedCount, countCap, pageTotal, type PageTotal } from '../../platform/db/lists.ts';
import { sepaMandates } from './schema.ts';

/** The SEPA mandates' rows (sepa.ts decides; docs/signatures.md "SEPA pre-processing"). */

export type MandateRow = typeof sepaMandates.$inferSelect;

/** The mandate's terms reserved; undefined when the creditor already used its RUM (unique per creditor ICS). */
export async function insertMandate(db: Executor, row: typeof sepaMandates.$inferInsert): Promise<{ id: string } | undefined> {
  const [inserted] = await db.insert(sepaMandates).values(row).onConflictDoNothing().returning({ id: sepaMandates.id });
  return inserted;
}

export async function mandateOfRequest(db: Executor, appId: string, requestId: string): Promise<MandateRow | undefined> {
  const [row] = await db
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.appId, appId), eq(sepaMandates.requestId, requestId)));
  return row;
}

export async function attachMandateDocument(db: Executor, appId: string, mandateId: string, documentId: string): Promise<void> {
  await db
    .update(sepaMandates)
    .set({ documentId })
    .where(and(eq(sepaMandates.appId, appId), eq(sepaMandates.id, mandateId)));
}

/** The request's mandate signed, if `signerId` is its debtor (by the request's unique index, then the signer). */
export async function markMandateSigned(db: Executor, appId: string, requestId: string, signerId: string, at: Date): Promise<void> {
  await db
    .update(sepaMandates)
    .set({ signedAt: at })
    .where(and(eq(sepaMandates.appId, appId), eq(sepaMandates.requestId, requestId), eq(sepaMandates.signerId, signerId)));
}

/** A page of the tenant's signed mandates by signature date, with the capped total. */
export async function signedMandatesPage(
  db: Executor,
  appId: string,
  page: { limit: number; offset: number; order: 'ASC' | 'DESC' },
): Promise<{ rows: MandateRow[] } & PageTotal> {
  const where = and(eq(sepaMandates.appId, appId), isNotNull(sepaMandates.signedAt));
  const order = page.order === 'ASC' ? [sepaMandates.signedAt, sepaMandates.id] : [desc(sepaMandates.signedAt), desc(sepaMandates.id)];
  const rows = await db
    .select()
    .from(sepaMandates)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const total = await pageTotal({
    rows: rows.length,
    limit: page.limit,
    offset: page.offset,
    cap: countCap,
    count: (cap) => cappedCount(db, sepaMandates, where, cap),
  });
  return { rows, ...total };
}
