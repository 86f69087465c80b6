import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { inProgressSignatureStatuses, type SignatureStatus, type SignerStatus } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { containsPattern, listPage, matchIds, olderThan, type Keyset, type PageTotal, type SearchMatches } from '../../platform/db/lists.ts';
import { displayNamesOf } from '../users/index.ts';
import { signatureDocuments, signatureFields, signatureRequests, signers } from './schema.ts';

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
  and(eq(signatureRequests.appId, scope.appId), scope.ownerIds ? inArray(signatureRequests.ownerUserId, scope.ownerIds.length ? scope.ownerIds : [noId]) : undefined)!;

type RequestRecord = typeof signatureRequests.$inferSelect;

/** The requester's display name comes from the users domain (null once their account was deleted). */
async function withOwners(db: Executor, records: RequestRecord[]): Promise<RequestRow[]> {
  const names = await displayNamesOf(db, records.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])));
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
  /** Keyset paging (the public API's cursor): only rows older than this one; newest first, offset 0. */
  after?: Keyset;
}

const sortable = { createdAt: signatureRequests.createdAt, label: signatureRequests.label, status: signatureRequests.status, expiresAt: signatureRequests.expiresAt, sentAt: signatureRequests.sentAt } as const;

function listWhere(scope: Scope, filter: Omit<RequestListFilter, 'limit' | 'offset' | 'order' | 'search'>): SQL {
  return and(
    inScope(scope),
    // Campaign copies are followed from their campaign: the list shows single requests.
    eq(signatureRequests.source, 'single'),
    filter.statuses?.length ? inArray(signatureRequests.status, filter.statuses) : undefined,
    filter.createdFrom ? gte(signatureRequests.createdAt, filter.createdFrom) : undefined,
    filter.createdTo ? lte(signatureRequests.createdAt, filter.createdTo) : undefined,
    filter.level ? eq(signatureRequests.level, filter.level as 1 | 2 | 3) : undefined,
    filter.after ? olderThan(signatureRequests, scope.appId, filter.after) : undefined,
  )!;
}

/**
 * A search in the label, the description and the signers' names and e-mails (ILIKE: case-insensitive, accents
 * as typed) — one column, `search_text`, kept by triggers (migration 0016). The trigram index finds the matching
 * ids when they are few; otherwise the list's order is walked with the same condition as a filter
 * (platform/db/lists.ts), which now reads the row it walks instead of probing its signers.
 */
async function searchMatches(db: Executor, appId: string, search: string): Promise<SearchMatches> {
  const matching = ilike(signatureRequests.searchText, containsPattern(search));
  const ids = await matchIds(db, [
    (limit) =>
      db
        .select({ id: signatureRequests.id })
        .from(signatureRequests)
        // source = 'single' lets the planner use the partial trigram index (only single requests have a search text).
        .where(and(eq(signatureRequests.appId, appId), eq(signatureRequests.source, 'single'), matching))
        .limit(limit),
  ]);
  return { ids, walk: matching };
}

export async function listRequests(db: Executor, scope: Scope, filter: RequestListFilter): Promise<{ rows: RequestRow[] } & PageTotal> {
  const column = sortable[filter.orderBy as keyof typeof sortable] ?? signatureRequests.createdAt;
  const direction = filter.order === 'ASC' ? asc : desc;
  const key = (Object.entries(sortable).find(([, c]) => c === column)?.[0] ?? 'createdAt') as keyof typeof sortable;
  const { rows, ...total } = await listPage(db, signatureRequests, {
    where: listWhere(scope, filter),
    matches: filter.search ? await searchMatches(db, scope.appId, filter.search) : undefined,
    orderBy: (c) => [direction(c[key]), direction(c.id)],
    limit: filter.limit,
    offset: filter.offset,
  });
  return { rows: await withOwners(db, rows), ...total };
}

export async function countByStatus(db: Executor, scope: Scope): Promise<{ status: SignatureStatus; n: number }[]> {
  return db
    .select({ status: signatureRequests.status, n: count() })
    .from(signatureRequests)
    .where(and(inScope(scope), eq(signatureRequests.source, 'single')))
    .groupBy(signatureRequests.status);
}

export async function findRequest(db: Executor, scope: Scope, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(signatureRequests).where(and(inScope(scope), eq(signatureRequests.id, id)));
  return row && (await withOwners(db, [row]))[0];
}

/** Locks the request row for the rest of the transaction: concurrent actions on one request run one after the other. */
export async function lockRequest(db: Executor, appId: string, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(signatureRequests).where(and(eq(signatureRequests.appId, appId), eq(signatureRequests.id, id))).for('update');
  return row && (await withOwners(db, [row]))[0];
}

export async function signersOf(db: Executor, appId: string, requestIds: string[]): Promise<SignerRow[]> {
  if (!requestIds.length) return [];
  return db.select().from(signers).where(and(eq(signers.appId, appId), inArray(signers.requestId, requestIds))).orderBy(asc(signers.signerIndex));
}

export async function documentsOf(db: Executor, appId: string, requestIds: string[]): Promise<DocumentWithFields[]> {
  if (!requestIds.length) return [];
  const docs = await db.select().from(signatureDocuments).where(and(eq(signatureDocuments.appId, appId), inArray(signatureDocuments.requestId, requestIds))).orderBy(asc(signatureDocuments.position));
  if (!docs.length) return [];
  const fields = await db
    .select()
    .from(signatureFields)
    .where(and(eq(signatureFields.appId, appId), inArray(signatureFields.documentId, docs.map((d) => d.id))))
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
export async function insertDocument(db: Executor, row: typeof signatureDocuments.$inferInsert, fields: Omit<typeof signatureFields.$inferInsert, 'documentId' | 'appId'>[]): Promise<DocumentWithFields> {
  const [doc] = await db.insert(signatureDocuments).values(row).returning();
  const written = fields.length ? await db.insert(signatureFields).values(fields.map((f) => ({ ...f, appId: row.appId, documentId: doc!.id }))).returning() : [];
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
  await db.update(signatureDocuments).set(patch).where(and(eq(signatureDocuments.appId, appId), eq(signatureDocuments.id, documentId)));
  await db.delete(signatureFields).where(and(eq(signatureFields.appId, appId), eq(signatureFields.documentId, documentId)));
  if (fields.length) await db.insert(signatureFields).values(fields.map((f) => ({ ...f, appId, documentId })));
}

export async function updateRequest(db: Executor, appId: string, id: string, patch: Partial<typeof signatureRequests.$inferInsert>): Promise<void> {
  await db.update(signatureRequests).set(patch).where(and(eq(signatureRequests.appId, appId), eq(signatureRequests.id, id)));
}

export async function updateSigner(db: Executor, appId: string, id: string, patch: Partial<typeof signers.$inferInsert>): Promise<void> {
  await db.update(signers).set(patch).where(and(eq(signers.appId, appId), eq(signers.id, id)));
}

/** Moves every signer of the request whose status is in `from` to `patch` (e.g. all unfinished → expired). */
export async function updateSignersInStatus(db: Executor, appId: string, requestId: string, from: readonly SignerStatus[], patch: Partial<typeof signers.$inferInsert>): Promise<void> {
  await db
    .update(signers)
    .set(patch)
    .where(and(eq(signers.appId, appId), eq(signers.requestId, requestId), inArray(signers.status, [...from])));
}

export async function deleteRequest(db: Executor, appId: string, id: string): Promise<void> {
  await db.delete(signatureRequests).where(and(eq(signatureRequests.appId, appId), eq(signatureRequests.id, id)));
}

export async function deleteDocument(db: Executor, appId: string, requestId: string, documentId: string): Promise<void> {
  await db.delete(signatureDocuments).where(and(eq(signatureDocuments.appId, appId), eq(signatureDocuments.requestId, requestId), eq(signatureDocuments.id, documentId)));
}

// ------------------------------------------------------------------------------------------------------------
// Platform-wide lookups (inSystem): the sweep and the signing page do not start from a tenant.

export async function appIdOfRequest(db: Executor, requestId: string): Promise<string | undefined> {
  const [row] = await db.select({ appId: signatureRequests.appId }).from(signatureRequests).where(eq(signatureRequests.id, requestId));
  return row?.appId;
}

/** Requests in progress past their expiry. */
export async function expiredRequests(db: Executor, now: Date, limit: number): Promise<{ id: string; appId: string }[]> {
  return db
    .select({ id: signatureRequests.id, appId: signatureRequests.appId })
    .from(signatureRequests)
    .where(and(inArray(signatureRequests.status, [...inProgressSignatureStatuses]), lte(signatureRequests.expiresAt, now)))
    .orderBy(asc(signatureRequests.expiresAt))
    .limit(limit);
}

/** Signers with a reminder due on either channel, whose request is not expired yet. */
export async function dueReminders(db: Executor, now: Date, limit: number): Promise<{ id: string; appId: string; requestId: string }[]> {
  return db
    .select({ id: signers.id, appId: signers.appId, requestId: signers.requestId })
    .from(signers)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
    .where(
      and(
        or(lte(signers.nextMailReminderAt, now), lte(signers.nextSmsReminderAt, now)),
        or(isNull(signatureRequests.expiresAt), gt(signatureRequests.expiresAt, now)),
      ),
    )
    .limit(limit);
}
