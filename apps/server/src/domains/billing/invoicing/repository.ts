import { and, desc, eq, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/client.ts';
import { billingAccounts, invoiceCounters, issuingCompanies, sales } from '../schema.ts';

/** The tenant's company name (the tenants domain's table, read by name: a domain imports no other's repository). */
const companyOfSale = sql<string | null>`(select a.company from applications a where a.id = ${sales.appId})`;

/** Invoicing queries. Tenant rows (sales, accounts) are read under RLS or, for the administrator, as the platform. */

export type CompanyRow = typeof issuingCompanies.$inferSelect;
export type CompanyValues = Omit<typeof issuingCompanies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type SaleRow = typeof sales.$inferSelect;
export type NewSale = typeof sales.$inferInsert;
export type AccountRow = typeof billingAccounts.$inferSelect;

// ----- Issuing companies and accounts -----

export const listCompanies = (db: Executor) => db.select().from(issuingCompanies).orderBy(desc(issuingCompanies.isDefault), issuingCompanies.name);
export async function findCompany(db: Executor, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(issuingCompanies).where(eq(issuingCompanies.id, id));
  return row;
}
export async function findDefaultCompany(db: Executor): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(issuingCompanies).where(eq(issuingCompanies.isDefault, true));
  return row;
}
/** The first start's default company; a concurrent start inserts nothing (the one-default unique index). */
export async function seedDefaultCompany(db: Executor, values: CompanyValues): Promise<void> {
  await db
    .insert(issuingCompanies)
    .values({ ...values, isDefault: true })
    .onConflictDoNothing({ target: issuingCompanies.isDefault, where: sql`${issuingCompanies.isDefault}` });
}
export async function insertCompany(db: Executor, values: CompanyValues): Promise<CompanyRow> {
  const [row] = await db.insert(issuingCompanies).values(values).returning();
  return row!;
}
export async function updateCompany(db: Executor, id: string, values: CompanyValues, now: Date): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(issuingCompanies)
    .set({ ...values, updatedAt: now })
    .where(eq(issuingCompanies.id, id))
    .returning();
  return row;
}
export async function companyHasIssued(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.issuingCompanyId, id))
    .limit(1);
  return Boolean(row);
}

export async function findAccount(db: Executor, appId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.appId, appId));
  return row;
}
export async function saveAccount(
  db: Executor,
  appId: string,
  values: { issuingCompanyId: string; autoPayment: boolean },
  by: string,
  now: Date,
): Promise<AccountRow> {
  const set = { ...values, updatedBy: by, updatedAt: now };
  const [row] = await db
    .insert(billingAccounts)
    .values({ appId, ...set })
    .onConflictDoUpdate({ target: billingAccounts.appId, set })
    .returning();
  return row!;
}

// ----- Numbering -----

/**
 * The next number of a series (issuing company, year). The upsert takes the counter row's lock until the
 * transaction ends: a second issuer of the series waits, then reads the committed value (never the same number);
 * a rollback gives the number back (never a gap).
 */
export async function takeNumber(db: Executor, issuingCompanyId: string, year: number): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ issuingCompanyId, year, lastNumber: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.issuingCompanyId, invoiceCounters.year], set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return row!.lastNumber;
}

// ----- Delivery notes -----

/** Where the tenant's last note ended (the next one starts there), or null before its first note. */
export async function lastNoteEnd(db: Executor, appId: string): Promise<Date | null> {
  const [row] = await db
    .select({ periodEnd: sales.periodEnd })
    .from(sales)
    .where(and(eq(sales.appId, appId), eq(sales.kind, 'delivery_note')))
    .orderBy(desc(sales.periodStart))
    .limit(1);
  return row?.periodEnd ?? null;
}

export interface ConsumptionGroup {
  month: string;
  kind: string;
  unitPriceCents: number;
  quantity: number;
  /** False: before the note's start (an earlier note's), counted only for the month's volume. */
  inRange: boolean;
}

/** Billable consumption from `volumeFrom` to `end`, per UTC month, kind, unit price and side of `start`. */
export async function consumptionGroups(db: Executor, appId: string, volumeFrom: Date, start: Date, end: Date): Promise<ConsumptionGroup[]> {
  // Grouped by position: the range's start is a parameter, and a parameter repeated is not the same expression.
  const result = (await db.execute(sql`
    select to_char(occurred_at at time zone 'UTC', 'YYYY-MM') as month, kind, unit_price_cents as "unitPriceCents", sum(quantity) as quantity,
           occurred_at >= ${start.toISOString()}::timestamptz as "inRange"
    from consumptions
    where app_id = ${appId} and billable and occurred_at >= ${volumeFrom.toISOString()}::timestamptz and occurred_at < ${end.toISOString()}::timestamptz
    group by 1, 2, 3, 5`)) as unknown as { rows: (Omit<ConsumptionGroup, 'quantity'> & { quantity: string })[] };
  const rows = result.rows;
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/** Inserts a note unless the tenant already has one starting there (a re-run, a concurrent run): null then. */
export async function insertNote(db: Executor, values: NewSale): Promise<SaleRow | null> {
  const [row] = await db
    .insert(sales)
    .values(values)
    .onConflictDoNothing({ target: [sales.appId, sales.periodStart], where: sql`kind = 'delivery_note'` })
    .returning();
  return row ?? null;
}

/** Tenants with billable consumption in the months before `boundary` (the candidates of a run). */
export async function tenantsToBill(db: Executor, fromMonth: string, boundary: Date): Promise<string[]> {
  const rows = (await db.execute(sql`
    select distinct m.app_id as "appId"
    from consumption_monthly m join applications a on a.id = m.app_id
    where m.month >= ${fromMonth}::date and m.month < ${boundary.toISOString()}::timestamptz and m.quantity > 0 and not a.is_platform
    order by 1`)) as unknown as { rows: { appId: string }[] };
  return rows.rows.map((r) => r.appId);
}

// ----- Sales -----

export async function findSale(db: Executor, id: string, appId?: string): Promise<SaleRow | undefined> {
  const [row] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.id, id), appId ? eq(sales.appId, appId) : undefined));
  return row;
}
export async function lockSale(db: Executor, id: string): Promise<SaleRow | undefined> {
  const [row] = await db.select().from(sales).where(eq(sales.id, id)).for('update');
  return row;
}
export async function insertSale(db: Executor, values: NewSale): Promise<SaleRow> {
  const [row] = await db.insert(sales).values(values).returning();
  return row!;
}
export async function updateSale(
  db: Executor,
  id: string,
  set: Partial<Pick<SaleRow, 'status' | 'paidAt' | 'disputed' | 'refundedCents' | 'cancelledAt' | 'cancelledBy' | 'updatedAt'>>,
): Promise<SaleRow> {
  const [row] = await db.update(sales).set(set).where(eq(sales.id, id)).returning();
  return row!;
}
export const salesByIds = (db: Executor, appId: string, ids: readonly string[]) =>
  db
    .select()
    .from(sales)
    .where(and(eq(sales.appId, appId), inArray(sales.id, [...ids])));
export const creditNotesOf = (db: Executor, invoiceId: string) =>
  db
    .select()
    .from(sales)
    .where(and(eq(sales.invoiceId, invoiceId), eq(sales.kind, 'credit_note')))
    .orderBy(sales.createdAt);
export async function findByRefund(db: Executor, refundId: string): Promise<SaleRow | undefined> {
  const [row] = await db.select().from(sales).where(eq(sales.refundId, refundId));
  return row;
}

/** Keyset: rows strictly after the cursor in (created_at desc, id desc) order. */
export interface Cursor {
  createdAt: Date;
  id: string;
}
/** A row comparison, which the (created_at desc, id desc) indexes serve as a range (an OR of the two would not). */
/**
 * The cursor's own row gives the exact created_at (the database keeps microseconds, the cursor's JS date
 * milliseconds: invoices made in the same millisecond were skipped at a page's edge); its date when the row is gone.
 * One aggregate subquery, so the comparison stays an index condition (platform/db/lists.ts pastTime).
 */
const after = (cursor: Cursor | null): SQL | undefined => {
  if (!cursor) return undefined;
  const at = sql`(select coalesce(max(k.created_at), ${cursor.createdAt.toISOString()}::timestamptz) from ${sales} k where k.id = ${cursor.id}::uuid)`;
  return sql`(${sales.createdAt}, ${sales.id}) < (${at}, ${cursor.id}::uuid)`;
};

export type SaleWithCompany = SaleRow & { company: string | null };

/** Which sales a list shows (the tenant's invoices, the administrator's two tabs). */
export interface SalesFilter {
  /** `documents`: invoices and credit notes; `to_invoice`: the pending delivery notes. */
  tab: 'documents' | 'to_invoice';
  appId?: string;
  kind?: SaleRow['kind'];
  status?: SaleRow['status'];
  /** A search: numbers starting with `numberPrefix`, or the sales of `appIds` (neither: no sale). */
  search?: { numberPrefix?: string; appIds: readonly string[] };
}

// Written as literals: the partial indexes' predicates, which a parameter would not match at plan time.
const tabs: Record<SalesFilter['tab'], SQL> = {
  documents: sql`${sales.kind} <> 'delivery_note'`,
  to_invoice: sql`${sales.kind} = 'delivery_note' and ${sales.status} = 'pending'`,
};
function searchOf(search: NonNullable<SalesFilter['search']>): SQL {
  const byNumber = search.numberPrefix === undefined ? undefined : like(sales.number, `${search.numberPrefix}%`);
  return or(byNumber, search.appIds.length ? inArray(sales.appId, [...search.appIds]) : undefined) ?? sql`false`;
}

/** Sales matching `where`, newest first, with the tenant's company name. */
async function salesWithCompanyWhere(db: Executor, where: SQL | undefined, cursor: Cursor | null, limit: number): Promise<SaleWithCompany[]> {
  const rows = await db
    .select({ sale: sales, company: companyOfSale })
    .from(sales)
    .where(and(where, after(cursor)))
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.sale, company: r.company }));
}

/** One page of the sales a list shows, newest first, with the tenant's company name. */
export async function salesPage(db: Executor, filter: SalesFilter, cursor: Cursor | null, limit: number): Promise<SaleWithCompany[]> {
  const where = and(
    filter.appId ? eq(sales.appId, filter.appId) : undefined,
    tabs[filter.tab],
    filter.kind ? eq(sales.kind, filter.kind) : undefined,
    filter.status ? eq(sales.status, filter.status) : undefined,
    filter.search ? searchOf(filter.search) : undefined,
  );
  return salesWithCompanyWhere(db, where, cursor, limit);
}

/** These sales (those visible in the transaction), newest first, with the tenant's company name. */
export async function salesWithCompany(db: Executor, ids: readonly string[]): Promise<SaleWithCompany[]> {
  return salesWithCompanyWhere(db, inArray(sales.id, [...ids]), null, ids.length);
}

/** Tenants whose company name contains `text` (at most 1,000: a search that broad is not a search). */
export async function appsNamed(db: Executor, text: string): Promise<string[]> {
  const pattern = `%${text.replace(/[%_\\]/g, '\\$&')}%`;
  const rows = (await db.execute(sql`select id from applications where company ilike ${pattern} limit 1000`)) as unknown as { rows: { id: string }[] };
  return rows.rows.map((r) => r.id);
}

/** Invoices and credit notes issued in [from, to), optionally of one issuing company, in issue order (exports). */
export async function issuedBetween(db: Executor, from: Date, to: Date, issuingCompanyId?: string): Promise<SaleWithCompany[]> {
  const rows = await db
    .select({ sale: sales, company: companyOfSale })
    .from(sales)
    .where(
      and(
        inArray(sales.kind, ['invoice', 'credit_note']),
        sql`${sales.issuedAt} >= ${from.toISOString()}::timestamptz`,
        lt(sales.issuedAt, to),
        issuingCompanyId ? eq(sales.issuingCompanyId, issuingCompanyId) : undefined,
      ),
    )
    .orderBy(sales.issuedAt, sales.number);
  return rows.map((r) => ({ ...r.sale, company: r.company }));
}

/** Which of `keys` are invoice PDFs (the storage sweep keeps them). */
export async function referencedPdfKeys(db: Executor, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db
    .select({ key: sales.pdfKey })
    .from(sales)
    .where(inArray(sales.pdfKey, [...keys]));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}
