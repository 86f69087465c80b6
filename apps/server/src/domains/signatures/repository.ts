import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { inProgressSignatureStatuses, type SignatureStatus, type SignerStatus } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { encodeCursor } from '../../platform/db/cursor.ts';
import {
  broadSearchFloor,
  containsPattern,
  listCountCap,
  listPage,
  pastTime,
  probedMatchIds,
  type Keyset,
  type ListPage,
  type SearchMatches,
} from '../../platform/db/lists.ts';
import { displayNamesOf } from '../users/index.ts';
import { documentVersions, signatureDocuments, signatureEvents, signatureFields, signatureRequests, signers } from './schema.ts';

export type RequestRow = typeof signatureRequests.$inferSelect & { ownerName: string | null };
export type SignerRow = typeof signers.$inferSelect;
export type DocumentRow = typeof signatureDocuments.$inferSelect;
export type FieldRow = typeof signatureFields.$inferSelect;
export type DocumentWithFields = DocumentRow & { fields: FieldRow[] };

/** Every query takes the tenant; `ownerIds` limits a non-GERANT/COMPTABLE to their own and their descendants' requests. */
export interface Scope {
  appId: string;
  ownerIds?: string[];
}

const noId = '00000000-0000-0000-0000-000000000000';
const inScope = (scope: Scope): SQL =>
  and(
    eq(signatureRequests.appId, scope.appId),
    scope.ownerIds ? inArray(signatureRequests.ownerUserId, scope.ownerIds.length ? scope.ownerIds : [noId]) : undefined,
  )!;

type RequestRecord = typeof signatureRequests.$inferSelect;

/** The requester's display name comes from the users domain (null once their account was deleted). */
async function withOwners(db: Executor, records: RequestRecord[]): Promise<RequestRow[]> {
  const names = await displayNamesOf(
    db,
    records.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])),
  );
  return records.map((r) => ({ ...r, ownerName: r.ownerUserId ? (names.get(r.ownerUserId) ?? null) : null }));
}

export interface RequestListFilter {
  search?: string;
  statuses?: SignatureStatus[];
  createdFrom?: Date;
  createdTo?: Date;
  level?: number;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  orderBy?: string;
  /** Keyset paging (a cursor: the public API's, the back office's past its numbered pages): the rows past this one in the order by date, offset 0. */
  after?: Keyset;
}

const sortable = {
  createdAt: signatureRequests.createdAt,
  label: signatureRequests.label,
  status: signatureRequests.status,
  expiresAt: signatureRequests.expiresAt,
  sentAt: signatureRequests.sentAt,
} as const;

function listWhere(scope: Scope, filter: Omit<RequestListFilter, 'limit' | 'offset' | 'search'>): SQL {
  return and(
    inScope(scope),
    // Campaign copies are followed from their campaign: the list shows single requests.
    eq(signatureRequests.source, 'single'),
    filter.statuses?.length ? inArray(signatureRequests.status, filter.statuses) : undefined,
    filter.createdFrom ? gte(signatureRequests.createdAt, filter.createdFrom) : undefined,
    filter.createdTo ? lte(signatureRequests.createdAt, filter.createdTo) : undefined,
    filter.level ? eq(signatureRequests.level, filter.level as 1 | 2 | 3) : undefined,
    filter.after ? pastTime(signatureRequests, scope.appId, filter.after, filter.order) : undefined,
  )!;
}

/**
 * A search in the label, the description and the signers' names and e-mails (ILIKE: case-insensitive, accents
 * as typed) — one column, `search_text`, kept by triggers (migration 0016). The trigram index — with the tenant and
 * the status in it (migration 0052), so a search with a status filter reads only the rows of that status — finds the
 * matching ids when they are few; otherwise the list's order is walked with the same condition as a filter
 * (platform/db/lists.ts). Without other conditions than the status, the lookup is the list's whole condition: more
 * than 1,000 ids is then a "1,000+" total, not counted again.
 */
async function searchMatches(db: Executor, scope: Scope, filter: RequestListFilter & { search: string }): Promise<SearchMatches> {
  const matching = ilike(signatureRequests.searchText, containsPattern(filter.search));
  // The walk's filter: the rows the ILIKE matches (it compares both sides lower-cased, as this does), written so the
  // planner walks the list's order. Under row level security it estimates an ILIKE at a handful of rows and read
  // every row of the status to sort them (a status of 50,000 requests: 354 ms, 42,000 blocks); `strpos` it takes for a
  // common condition, and the page stops at its 21st row (3 ms). Campaigns' signatories do the same.
  const walk = sql`strpos(lower(${signatureRequests.searchText}), lower(${filter.search})) > 0`;
  const statuses = filter.statuses?.length ? inArray(signatureRequests.status, filter.statuses) : undefined;
  const { ids, floor } = await probedMatchIds(
    db,
    async (window) => {
      // Any `window` rows of the list as filtered (the tenant is in listWhere: this runs without row security), in the
      // order the planner finds cheapest: the newest ones by the list's btree index cost more when a rare status's rows
      // are scattered (50,000 refused among 1,300,000: 70 ms cold, one block per row, against 40 ms).
      const rows = db
        .select({ matches: sql<boolean>`${matching}`.as('matches') })
        .from(signatureRequests)
        .where(listWhere(scope, filter))
        .limit(window)
        .as('probe');
      const [found] = await db
        .select({ n: count() })
        .from(rows)
        .where(sql`${rows.matches}`);
      return found?.n ?? 0;
    },
    [
      (limit) =>
        db
          .select({ id: signatureRequests.id })
          .from(signatureRequests)
          // source = 'single' lets the planner use the partial trigram index (only single requests have a search text).
          .where(and(eq(signatureRequests.appId, scope.appId), eq(signatureRequests.source, 'single'), statuses, matching))
          .limit(limit),
    ],
  );
  // A broad search proven by the probe holds for the whole list (the probe read it with every condition).
  const complete = floor === broadSearchFloor || (!scope.ownerIds && !filter.createdFrom && !filter.createdTo && !filter.level && !filter.after);
  return { ids, walk, complete, floor };
}

/** Whether the list's order is the one a cursor pages (by date, either way). */
export const keysetOrder = (orderBy: string | undefined) => orderBy === undefined || orderBy === 'createdAt';

export async function listRequests(db: Executor, scope: Scope, filter: RequestListFilter): Promise<ListPage<RequestRow>> {
  const column = sortable[filter.orderBy as keyof typeof sortable] ?? signatureRequests.createdAt;
  const direction = filter.order === 'ASC' ? asc : desc;
  const key = (Object.entries(sortable).find(([, c]) => c === column)?.[0] ?? 'createdAt') as keyof typeof sortable;
  const { rows, ...page } = await listPage(db, signatureRequests, {
    where: listWhere(scope, filter),
    matches: filter.search ? await searchMatches(db, scope, { ...filter, search: filter.search }) : undefined,
    orderBy: (c) => [direction(c[key]), direction(c.id)],
    limit: filter.limit,
    offset: filter.offset,
    cap: listCountCap,
    cursor: { of: key === 'createdAt' ? encodeCursor : undefined, given: !!filter.after },
  });
  return { rows: await withOwners(db, rows), ...page };
}

export async function countByStatus(db: Executor, scope: Scope): Promise<{ status: SignatureStatus; n: number }[]> {
  return db
    .select({ status: signatureRequests.status, n: count() })
    .from(signatureRequests)
    .where(and(inScope(scope), eq(signatureRequests.source, 'single')))
    .groupBy(signatureRequests.status);
}

export async function findRequest(db: Executor, scope: Scope, id: string): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(signatureRequests)
    .where(and(inScope(scope), eq(signatureRequests.id, id)));
  return row && (await withOwners(db, [row]))[0];
}

/** Locks the request row for the rest of the transaction: concurrent actions on one request run one after the other. */
export async function lockRequest(db: Executor, appId: string, id: string): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.appId, appId), eq(signatureRequests.id, id)))
    .for('update');
  return row && (await withOwners(db, [row]))[0];
}

export async function signersOf(db: Executor, appId: string, requestIds: string[]): Promise<SignerRow[]> {
  if (!requestIds.length) return [];
  return db
    .select()
    .from(signers)
    .where(and(eq(signers.appId, appId), inArray(signers.requestId, requestIds)))
    .orderBy(asc(signers.signerIndex));
}

export async function documentsOf(db: Executor, appId: string, requestIds: string[]): Promise<DocumentWithFields[]> {
  if (!requestIds.length) return [];
  const docs = await db
    .select()
    .from(signatureDocuments)
    .where(and(eq(signatureDocuments.appId, appId), inArray(signatureDocuments.requestId, requestIds)))
    .orderBy(asc(signatureDocuments.position));
  if (!docs.length) return [];
  const fields = await db
    .select()
    .from(signatureFields)
    .where(
      and(
        eq(signatureFields.appId, appId),
        inArray(
          signatureFields.documentId,
          docs.map((d) => d.id),
        ),
      ),
    )
    .orderBy(asc(signatureFields.signerIndex), asc(signatureFields.page));
  return docs.map((d) => ({ ...d, fields: fields.filter((f) => f.documentId === d.id) }));
}

/** The request as written, with its owner's name (what findRequest would read back). */
export async function insertRequest(db: Executor, row: typeof signatureRequests.$inferInsert): Promise<RequestRow> {
  const [inserted] = await db.insert(signatureRequests).values(row).returning();
  return (await withOwners(db, [inserted!]))[0]!;
}

/** The signers as written, in signer order (what signersOf would read back). */
export async function insertSigners(db: Executor, rows: (typeof signers.$inferInsert)[]): Promise<SignerRow[]> {
  if (!rows.length) return [];
  const inserted = await db.insert(signers).values(rows).returning();
  return inserted.sort((a, b) => a.signerIndex - b.signerIndex);
}

/** The document and its fields as written (what documentsOf would read back). */
export async function insertDocument(
  db: Executor,
  row: typeof signatureDocuments.$inferInsert,
  fields: Omit<typeof signatureFields.$inferInsert, 'documentId' | 'appId'>[],
): Promise<DocumentWithFields> {
  const [doc] = await db.insert(signatureDocuments).values(row).returning();
  const written = fields.length
    ? await db
        .insert(signatureFields)
        .values(fields.map((f) => ({ ...f, appId: row.appId, documentId: doc!.id })))
        .returning()
    : [];
  return { ...doc!, fields: written.sort((a, b) => a.signerIndex - b.signerIndex || a.page - b.page) };
}

/** A draft's signers replaced by `rows` (a draft's signers have no history yet). */
export async function replaceSigners(db: Executor, appId: string, requestId: string, rows: (typeof signers.$inferInsert)[]): Promise<void> {
  await db.delete(signers).where(and(eq(signers.appId, appId), eq(signers.requestId, requestId)));
  if (rows.length) await insertSigners(db, rows);
}

/** A draft's document kept: its entry's title, type, consents, position and fields replace the stored ones. */
export async function updateDocument(
  db: Executor,
  appId: string,
  documentId: string,
  patch: Pick<typeof signatureDocuments.$inferInsert, 'title' | 'documentType' | 'checkBoxTexts' | 'position'>,
  fields: Omit<typeof signatureFields.$inferInsert, 'documentId' | 'appId'>[],
): Promise<void> {
  await db
    .update(signatureDocuments)
    .set(patch)
    .where(and(eq(signatureDocuments.appId, appId), eq(signatureDocuments.id, documentId)));
  await db.delete(signatureFields).where(and(eq(signatureFields.appId, appId), eq(signatureFields.documentId, documentId)));
  if (fields.length) await db.insert(signatureFields).values(fields.map((f) => ({ ...f, appId, documentId })));
}

export async function updateRequest(db: Executor, appId: string, id: string, patch: Partial<typeof signatureRequests.$inferInsert>): Promise<void> {
  await db
    .update(signatureRequests)
    .set(patch)
    .where(and(eq(signatureRequests.appId, appId), eq(signatureRequests.id, id)));
}

export async function updateSigner(db: Executor, appId: string, id: string, patch: Partial<typeof signers.$inferInsert>): Promise<void> {
  await db
    .update(signers)
    .set(patch)
    .where(and(eq(signers.appId, appId), eq(signers.id, id)));
}

/** Moves every signer of the request whose status is in `from` to `patch` (e.g. all unfinished → expired). */
export async function updateSignersInStatus(
  db: Executor,
  appId: string,
  requestId: string,
  from: readonly SignerStatus[],
  patch: Partial<typeof signers.$inferInsert>,
): Promise<void> {
  await db
    .update(signers)
    .set(patch)
    .where(and(eq(signers.appId, appId), eq(signers.requestId, requestId), inArray(signers.status, [...from])));
}

/**
 * updateRequest and updateSignersInStatus of the same request as ONE statement (a data-modifying CTE): the send of a
 * request, one round trip less on every create-and-send (docs/api-v1.md, "Performance").
 */
export async function updateRequestAndSignersInStatus(
  db: Executor,
  appId: string,
  requestId: string,
  patch: Partial<typeof signatureRequests.$inferInsert>,
  from: readonly SignerStatus[],
  signerPatch: Partial<typeof signers.$inferInsert>,
): Promise<void> {
  const request = db
    .update(signatureRequests)
    .set(patch)
    .where(and(eq(signatureRequests.appId, appId), eq(signatureRequests.id, requestId)));
  const members = db
    .update(signers)
    .set(signerPatch)
    .where(and(eq(signers.appId, appId), eq(signers.requestId, requestId), inArray(signers.status, [...from])));
  await db.execute(sql`with request as (${request.getSQL()}) ${members.getSQL()}`);
}

export async function deleteRequest(db: Executor, appId: string, id: string): Promise<void> {
  await db.delete(signatureRequests).where(and(eq(signatureRequests.appId, appId), eq(signatureRequests.id, id)));
}

export async function deleteDocument(db: Executor, appId: string, requestId: string, documentId: string): Promise<void> {
  await db
    .delete(signatureDocuments)
    .where(and(eq(signatureDocuments.appId, appId), eq(signatureDocuments.requestId, requestId), eq(signatureDocuments.id, documentId)));
}

// ------------------------------------------------------------------------------------------------------------
// Platform-wide lookups (inSystem): the sweep and the signing page do not start from a tenant.

export async function appIdOfRequest(db: Executor, requestId: string): Promise<string | undefined> {
  const [row] = await db.select({ appId: signatureRequests.appId }).from(signatureRequests).where(eq(signatureRequests.id, requestId));
  return row?.appId;
}

const expiredWhere = (now: Date) => and(inArray(signatureRequests.status, [...inProgressSignatureStatuses]), lte(signatureRequests.expiresAt, now));
const remindersWhere = (now: Date) =>
  and(
    or(lte(signers.nextMailReminderAt, now), lte(signers.nextSmsReminderAt, now)),
    or(isNull(signatureRequests.expiresAt), gt(signatureRequests.expiresAt, now)),
  );

/** The sweep: up to `limit` tenants with a request in progress past its expiry. */
export async function tenantsWithExpiredRequests(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db.selectDistinct({ appId: signatureRequests.appId }).from(signatureRequests).where(expiredWhere(now)).limit(limit);
  return rows.map((r) => r.appId);
}

/** The sweep: up to `limit` tenants with a reminder due on either channel, whose request is not expired yet. */
export async function tenantsWithDueReminders(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ appId: signers.appId })
    .from(signers)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
    .where(remindersWhere(now))
    .limit(limit);
  return rows.map((r) => r.appId);
}

/** Up to `limit` of the tenant's requests past their expiry, locked (SKIP LOCKED: a signature in progress keeps its rows). */
export async function lockExpiredRequests(db: Executor, appId: string, now: Date, limit: number): Promise<RequestRow[]> {
  const locked = await db
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.appId, appId), expiredWhere(now)))
    .orderBy(asc(signatureRequests.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return withOwners(db, locked);
}

/** These requests expired, with their signers still in one of `open` statuses (no reminder planned any more). */
export async function expireRequests(db: Executor, appId: string, ids: string[], open: readonly SignerStatus[], now: Date): Promise<void> {
  await db
    .update(signatureRequests)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(signatureRequests.appId, appId), inArray(signatureRequests.id, ids)));
  await db
    .update(signers)
    .set({ status: 'expired', nextMailReminderAt: null, nextSmsReminderAt: null })
    .where(and(eq(signers.appId, appId), inArray(signers.requestId, ids), inArray(signers.status, [...open])));
}

/** Up to `limit` of the tenant's signers with a reminder due, with their request; both rows locked (SKIP LOCKED). */
export async function lockDueReminders(db: Executor, appId: string, now: Date, limit: number): Promise<{ signer: SignerRow; request: RequestRow }[]> {
  const rows = await db
    .select({ signer: signers, request: signatureRequests })
    .from(signers)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
    .where(and(eq(signers.appId, appId), remindersWhere(now)))
    .limit(limit)
    .for('update', { of: [signers, signatureRequests], skipLocked: true });
  const requests = new Map((await withOwners(db, [...new Map(rows.map((r) => [r.request.id, r.request])).values()])).map((r) => [r.id, r]));
  return rows.map((r) => ({ signer: r.signer, request: requests.get(r.request.id)! }));
}

/** A signer's reminder counters and next dates, as the sweep plans them (ISO dates). */
export interface ReminderPlan {
  id: string;
  mail_reminders: number;
  next_mail: string | null;
  sms_reminders: number;
  next_sms: string | null;
  last_reminder_at: string | null;
}

/** Every signer's reminder counters and next dates in one statement. */
export async function saveReminderPlans(db: Executor, appId: string, plans: readonly ReminderPlan[]): Promise<void> {
  if (!plans.length) return;
  await db.execute(sql`
    update ${signers} s set
      mail_reminders = v.mail_reminders, next_mail_reminder_at = v.next_mail,
      sms_reminders = v.sms_reminders, next_sms_reminder_at = v.next_sms,
      last_reminder_at = v.last_reminder_at
    from jsonb_to_recordset(${JSON.stringify(plans)}::jsonb)
      as v(id uuid, mail_reminders int, next_mail timestamptz, sms_reminders int, next_sms timestamptz, last_reminder_at timestamptz)
    where s.app_id = ${appId} and s.id = v.id`);
}
// ------------------------------------------------------------------------------------------------------------
// The evidence trail (evidence.ts chains and hashes; these only read and write its rows).

export type SignatureEventRow = typeof signatureEvents.$inferSelect;
type EventLink = { seq: number; hash: string };

/** The last link of a request's chain (its highest seq), or none for a new chain. */
export async function lastEventLink(db: Executor, appId: string, requestId: string): Promise<EventLink | undefined> {
  const [last] = await db
    .select({ seq: signatureEvents.seq, hash: signatureEvents.hash })
    .from(signatureEvents)
    .where(and(eq(signatureEvents.appId, appId), eq(signatureEvents.requestId, requestId)))
    .orderBy(desc(signatureEvents.seq))
    .limit(1);
  return last;
}

/** The last link of each of these requests' chains, in one query. */
export async function lastEventLinks(db: Executor, appId: string, requestIds: string[]): Promise<(EventLink & { requestId: string })[]> {
  return db
    .selectDistinctOn([signatureEvents.requestId], { requestId: signatureEvents.requestId, seq: signatureEvents.seq, hash: signatureEvents.hash })
    .from(signatureEvents)
    .where(and(eq(signatureEvents.appId, appId), inArray(signatureEvents.requestId, requestIds)))
    .orderBy(signatureEvents.requestId, desc(signatureEvents.seq));
}

export async function insertEvent(db: Executor, row: typeof signatureEvents.$inferInsert): Promise<SignatureEventRow> {
  const [inserted] = await db.insert(signatureEvents).values(row).returning();
  return inserted!;
}

/** Rows per multi-row statement (parameters stay far below PostgreSQL's 65,535). */
const insertSlice = 500;
async function insertSliced<T>(rows: readonly T[], insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += insertSlice) await insert(rows.slice(i, i + insertSlice));
}

export async function insertEvents(db: Executor, rows: readonly (typeof signatureEvents.$inferInsert)[]): Promise<void> {
  await insertSliced(rows, (part) => db.insert(signatureEvents).values(part));
}

export async function eventsOf(db: Executor, appId: string, requestId: string): Promise<SignatureEventRow[]> {
  return db
    .select()
    .from(signatureEvents)
    .where(and(eq(signatureEvents.appId, appId), eq(signatureEvents.requestId, requestId)))
    .orderBy(asc(signatureEvents.seq));
}

/** The data of the `document_checked` events of these requests, in chain order. */
export async function checkEventsOf(db: Executor, appId: string, requestIds: string[]): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({ data: signatureEvents.data })
    .from(signatureEvents)
    .where(and(eq(signatureEvents.appId, appId), inArray(signatureEvents.requestId, requestIds), eq(signatureEvents.type, 'document_checked')))
    .orderBy(asc(signatureEvents.seq));
  return rows.map((r) => r.data);
}

// ------------------------------------------------------------------------------------------------------------
// Document versions (versions.ts decides what is stored; these read and write the rows).

export type VersionRow = typeof documentVersions.$inferSelect;

/** Every version of these documents, oldest first (the last one read for a document is its current one). */
export async function versionsOfDocuments(db: Executor, appId: string, documentIds: string[]): Promise<VersionRow[]> {
  return db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.appId, appId), inArray(documentVersions.documentId, documentIds)))
    .orderBy(asc(documentVersions.version));
}

export async function versionsOf(db: Executor, appId: string, documentId: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.appId, appId), eq(documentVersions.documentId, documentId)))
    .orderBy(desc(documentVersions.version));
}

export async function insertVersionRow(db: Executor, row: typeof documentVersions.$inferInsert): Promise<VersionRow> {
  const [inserted] = await db.insert(documentVersions).values(row).returning();
  return inserted!;
}

/** Whether any document of the request got a signature through the signing page. */
export async function hasSignedVersions(db: Executor, appId: string, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .innerJoin(signatureDocuments, eq(signatureDocuments.id, documentVersions.documentId))
    .where(and(eq(documentVersions.appId, appId), eq(signatureDocuments.requestId, requestId), eq(documentVersions.kind, 'signed')))
    .limit(1);
  return !!row;
}

/**
 * Storage keys of the versions of these documents that the request owns (removed with it): a version sealed before
 * signing is the stamps history's file (shared by a campaign's copies), kept with that history.
 */
export async function versionKeysOf(db: Executor, appId: string, documentIds: string[]): Promise<string[]> {
  if (!documentIds.length) return [];
  const rows = await db
    .select({ key: documentVersions.storageKey })
    .from(documentVersions)
    .where(and(eq(documentVersions.appId, appId), inArray(documentVersions.documentId, documentIds), ne(documentVersions.kind, 'sealed')));
  return rows.map((r) => r.key);
}

/** The sealed version a copy of this campaign (not purged) already has for the document stored at `originalKey`. */
export async function sealedVersionOfCampaign(db: Executor, appId: string, campaignId: string, originalKey: string) {
  const [row] = await db
    .select({
      storageKey: documentVersions.storageKey,
      sha256: documentVersions.sha256,
      sizeBytes: documentVersions.sizeBytes,
      fields: documentVersions.fields,
      documentId: documentVersions.documentId,
      requestId: signatureDocuments.requestId,
    })
    .from(documentVersions)
    .innerJoin(signatureDocuments, eq(signatureDocuments.id, documentVersions.documentId))
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureDocuments.requestId))
    .where(
      and(
        eq(documentVersions.appId, appId),
        eq(documentVersions.kind, 'sealed'),
        eq(signatureDocuments.storageKey, originalKey),
        eq(signatureRequests.source, 'campaign'),
        eq(signatureRequests.sourceId, campaignId),
        // A purged copy's seal may be gone with its last user (retention.ts): a new copy seals again.
        isNull(signatureRequests.documentsPurgedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Which of `keys` the documents, their versions, archives and evidence files reference, across tenants (inSystem). */
export async function storageKeysReferenced(db: Executor, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const r of await db.select({ key: signatureDocuments.storageKey }).from(signatureDocuments).where(inArray(signatureDocuments.storageKey, keys)))
    found.add(r.key);
  for (const r of await db.select({ key: documentVersions.storageKey }).from(documentVersions).where(inArray(documentVersions.storageKey, keys)))
    found.add(r.key);
  for (const r of await db.select({ key: signatureRequests.archiveKey }).from(signatureRequests).where(inArray(signatureRequests.archiveKey, keys)))
    if (r.key) found.add(r.key);
  for (const r of await db.select({ key: signatureRequests.attestationKey }).from(signatureRequests).where(inArray(signatureRequests.attestationKey, keys)))
    if (r.key) found.add(r.key);
  return found;
}

/**
 * The sweep's work on one day across tenants (super dashboard): three range counts, each on an index
 * (`signers_next_mail_reminder_idx`, `signers_next_sms_reminder_idx`, `signature_requests_status_expires_idx`).
 */
export async function countSweepOutlook(db: Executor, from: Date, to: Date): Promise<{ mailReminders: number; smsReminders: number; expiring: number }> {
  const [mail] = await db
    .select({ n: count() })
    .from(signers)
    .where(and(gte(signers.nextMailReminderAt, from), lt(signers.nextMailReminderAt, to)));
  const [sms] = await db
    .select({ n: count() })
    .from(signers)
    .where(and(gte(signers.nextSmsReminderAt, from), lt(signers.nextSmsReminderAt, to)));
  const [expiring] = await db
    .select({ n: count() })
    .from(signatureRequests)
    .where(
      and(inArray(signatureRequests.status, [...inProgressSignatureStatuses]), gte(signatureRequests.expiresAt, from), lt(signatureRequests.expiresAt, to)),
    );
  return { mailReminders: mail!.n, smsReminders: sms!.n, expiring: expiring!.n };
}

// ------------------------------------------------------------------------------------------------------------
// Bulk sends (campaigns and operations, bulk.ts): many requests written at once in the caller's transaction.

/** Every row of a bulk send, written with multi-row statements. */
export interface BulkRows {
  requests: (typeof signatureRequests.$inferSelect)[];
  signers: SignerRow[];
  documents: (typeof signatureDocuments.$inferInsert)[];
  fields: (typeof signatureFields.$inferInsert)[];
  versions: (typeof documentVersions.$inferInsert)[];
  evidence: (typeof signatureEvents.$inferInsert)[];
}

export async function insertBulkRows(tx: Executor, rows: BulkRows): Promise<void> {
  await insertSliced(rows.requests, (part) => tx.insert(signatureRequests).values(part));
  await insertSliced(rows.signers, (part) => tx.insert(signers).values(part));
  await insertSliced(rows.documents, (part) => tx.insert(signatureDocuments).values(part));
  await insertSliced(rows.fields, (part) => tx.insert(signatureFields).values(part));
  await insertSliced(rows.versions, (part) => tx.insert(documentVersions).values(part));
  await insertSliced(rows.evidence, (part) => tx.insert(signatureEvents).values(part));
}

/** The tenant's dispatch lock, held for the rest of the transaction: one pacing count at a time per tenant. */
export async function lockBulkDispatch(tx: Executor, appId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bulk-dispatch:${appId}`}))`);
}

/** How many requests the tenant's campaigns and operations sent since `since`. */
export async function countBulkSentSince(tx: Executor, appId: string, since: Date): Promise<number> {
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.appId, appId), ne(signatureRequests.source, 'single'), gt(signatureRequests.sentAt, since)));
  return recent?.n ?? 0;
}

/** Which of these requests are completed. */
export async function completedRequestIds(tx: Executor, appId: string, requestIds: readonly string[]): Promise<string[]> {
  const done = await tx
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.appId, appId), inArray(signatureRequests.id, [...requestIds]), eq(signatureRequests.status, 'completed')));
  return done.map((r) => r.id);
}
