import { and, asc, count, desc, eq, gt, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { encodeCursor, encodeNameCursor } from '../../platform/db/cursor.ts';
import {
  listCountCap,
  listPage,
  matchIds,
  pastName,
  pastTime,
  type Keyset,
  type ListPage,
  type NameKeyset,
  type SearchMatches,
} from '../../platform/db/lists.ts';
import type { ImportedContact } from './importRules.ts';
import { contacts } from './schema.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;
export type ContactValues = Omit<NewContactRow, 'id' | 'appId' | 'createdAt' | 'updatedAt' | 'searchText' | 'lastnameKey'>;

/** Every query takes the tenant: `appId` is part of each WHERE, RLS is the second wall. */
export interface ContactListFilter {
  search?: string;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  orderBy?: string;
  /** A cursor's position (the back office past its numbered pages): the rows past it by date or by name, offset 0. */
  after?: Keyset | NameKeyset;
}

/** The key a cursor pages the list by in this order (either way), if any: the date (the default) or the name. */
export const keysetOf = (orderBy: string | undefined): 'createdAt' | 'lastname' | undefined =>
  orderBy === undefined || orderBy === 'createdAt' ? 'createdAt' : orderBy === 'lastname' ? 'lastname' : undefined;

const pastCursor = (appId: string, after: Keyset | NameKeyset, order: 'ASC' | 'DESC') =>
  'lastname' in after ? pastName(contacts, appId, after, order) : pastTime(contacts, appId, after, order);
const cursorOf: Record<'createdAt' | 'lastname', (row: ContactRow) => string> = { createdAt: encodeCursor, lastname: encodeNameCursor };

type Columns = typeof contacts;
const sortable = {
  lastname: (c: Columns) => c.lastnameKey,
  firstname: (c: Columns) => sql`lower(${c.firstname})`,
  mail: (c: Columns) => c.mail,
  company: (c: Columns) => sql`lower(${c.company})`,
  createdAt: (c: Columns) => c.createdAt,
  updatedAt: (c: Columns) => c.updatedAt,
} as const;

const likeTerm = (search: string) => `%${search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;

function whereOf(appId: string, filter: Pick<ContactListFilter, 'search'>): SQL | undefined {
  return and(eq(contacts.appId, appId), filter.search ? like(contacts.searchText, likeTerm(filter.search)) : undefined);
}

function orderOf(filter: Pick<ContactListFilter, 'order' | 'orderBy'>) {
  const column = sortable[filter.orderBy as keyof typeof sortable] ?? sortable.createdAt;
  const direction = filter.order === 'ASC' ? asc : desc;
  return (c: Columns) => [direction(column(c)), direction(c.id)];
}

/** The search through the trigram index on search_text (few matches), else as a filter while walking the order. */
async function searchMatches(db: Executor, appId: string, search: string): Promise<SearchMatches> {
  const walk = like(contacts.searchText, likeTerm(search));
  const ids = await matchIds(db, [
    (limit) =>
      db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.appId, appId), walk))
        .limit(limit),
  ]);
  // The lookup is the list's whole condition (tenant and search): more than 1,000 ids is a "1,000+" total.
  return { ids, walk, complete: true };
}

export async function listContacts(db: Executor, appId: string, filter: ContactListFilter): Promise<ListPage<ContactRow>> {
  const key = keysetOf(filter.orderBy);
  return listPage(db, contacts, {
    where: and(eq(contacts.appId, appId), filter.after ? pastCursor(appId, filter.after, filter.order) : undefined),
    matches: filter.search ? { ...(await searchMatches(db, appId, filter.search)), complete: !filter.after } : undefined,
    orderBy: orderOf(filter),
    limit: filter.limit,
    offset: filter.offset,
    cap: listCountCap,
    cursor: { of: key ? cursorOf[key] : undefined, given: !!filter.after },
  });
}

/**
 * One page of the export, after the last row of the previous page (keyset on created_at, id: no OFFSET that grows
 * with the page number). The export keeps its own order (newest first) whatever the list's.
 */
export async function exportPage(
  db: Executor,
  appId: string,
  search: string | undefined,
  after: { createdAt: Date; id: string } | undefined,
  limit: number,
): Promise<ContactRow[]> {
  // A row comparison, which the (app_id, created_at desc, id desc) index serves (an OR of the two would not).
  const keyset = after ? sql`(${contacts.createdAt}, ${contacts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
  return db
    .select()
    .from(contacts)
    .where(and(whereOf(appId, { search }), keyset))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(limit);
}

export async function findContact(db: Executor, appId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.appId, appId), eq(contacts.id, id)));
  return row;
}

export async function mailTaken(db: Executor, appId: string, mail: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.appId, appId), eq(contacts.mail, mail), exceptId ? sql`${contacts.id} <> ${exceptId}` : undefined));
  return Boolean(row);
}

export async function insertContact(db: Executor, appId: string, values: ContactValues): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ ...values, appId })
    .returning();
  return row!;
}

export async function updateContact(db: Executor, appId: string, id: string, values: ContactValues, now: Date): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ ...values, updatedAt: now })
    .where(and(eq(contacts.appId, appId), eq(contacts.id, id)))
    .returning();
  return row;
}

export async function deleteContact(db: Executor, appId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .delete(contacts)
    .where(and(eq(contacts.appId, appId), eq(contacts.id, id)))
    .returning();
  return row;
}

// ----- Import: a chunk of rows at once -----

/** Which of these e-mails the tenant's address book already has. */
export async function existingMails(db: Executor, appId: string, mails: string[]): Promise<Set<string>> {
  if (!mails.length) return new Set();
  const rows = await db
    .select({ mail: contacts.mail })
    .from(contacts)
    .where(and(eq(contacts.appId, appId), inArray(contacts.mail, mails)));
  return new Set(rows.map((r) => r.mail));
}

/**
 * New contacts in one multi-row insert; an e-mail added meanwhile (a user's create racing the import) is left out
 * (`on conflict do nothing`) and returned, for the caller to update instead.
 */
export async function insertImported(db: Executor, appId: string, rows: ContactValues[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const inserted = await db
    .insert(contacts)
    .values(rows.map((r) => ({ ...r, appId })))
    .onConflictDoNothing({ target: [contacts.appId, contacts.mail] })
    .returning({ mail: contacts.mail });
  const done = new Set(inserted.map((r) => r.mail));
  return new Set(rows.map((r) => r.mail).filter((m) => !done.has(m)));
}

const updatable = ['firstname', 'lastname', 'civility', 'title', 'company', 'phone_number', 'mobile', 'lang', 'address', 'additional_address'] as const;

/**
 * Existing contacts updated from imported rows, in one statement: a field the row does not give (null) keeps its
 * value. Returns how many contacts were updated.
 */
export async function updateImported(db: Executor, appId: string, rows: ImportedContact[], now: Date): Promise<number> {
  if (!rows.length) return 0;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.mail}, ${r.firstname}, ${r.lastname}, ${r.civility}, ${r.title}, ${r.company}, ${r.phoneNumber}, ${r.mobile}, ${r.lang}, ${r.address}, ${r.additionalAddress})`,
    ),
    sql`, `,
  );
  const set = sql.join(
    updatable.map((c) => sql`${sql.identifier(c)} = coalesce(v.${sql.identifier(c)}::text, c.${sql.identifier(c)})`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    update contacts c set ${set}, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(mail, ${sql.join(
      updatable.map((c) => sql.identifier(c)),
      sql`, `,
    )})
    where c.app_id = ${appId} and c.mail = v.mail::text
    returning c.id`)) as unknown as { rows?: unknown[]; rowCount?: number; length?: number };
  return result.rows?.length ?? result.length ?? 0;
}

/** How many contacts the tenant has (the benchmark and the tests). */
export async function countContacts(db: Executor, appId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contacts).where(eq(contacts.appId, appId));
  return row?.n ?? 0;
}

// ------------------------------------------------------------------------------------------------------------
// What the GDPR domain asks of the address book (gdpr.ts, docs/gdpr.md).

/** The contact of this address in the tenant (mail is stored lower-case, unique per tenant): none or one. */
export async function contactsOfEmail(db: Executor, appId: string, email: string): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.appId, appId), eq(contacts.mail, email.toLowerCase())));
}

/** Deletes the contact of this address; answers how many rows went. */
export async function eraseContactsOfEmail(db: Executor, appId: string, email: string): Promise<number> {
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.appId, appId), eq(contacts.mail, email.toLowerCase())))
    .returning({ id: contacts.id });
  return deleted.length;
}

/** Up to `limit` contacts not changed since `before`, after the id `afterId` (a run walks them by id). */
export async function contactsUnchangedSince(
  db: Executor,
  appId: string,
  before: Date,
  limit: number,
  afterId?: string,
): Promise<Pick<ContactRow, 'id' | 'mail'>[]> {
  return db
    .select({ id: contacts.id, mail: contacts.mail })
    .from(contacts)
    .where(and(eq(contacts.appId, appId), lt(contacts.updatedAt, before), afterId ? gt(contacts.id, afterId) : undefined))
    .orderBy(asc(contacts.id))
    .limit(limit);
}

export async function deleteContactsById(db: Executor, appId: string, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.appId, appId), inArray(contacts.id, [...ids])))
    .returning({ id: contacts.id });
  return deleted.length;
}
