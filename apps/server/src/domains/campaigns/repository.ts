import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { signatoryStatuses, type CampaignCounts, type CampaignStatus, type CampaignType, type SignatoryStatus } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { moveCounters } from '../../platform/db/counters.ts';
import { containsPattern, listPage, matchIds, type PageTotal, olderThan, pastRow, type Keyset, type RowKeyset } from '../../platform/db/lists.ts';
import { displayNamesOf } from '../users/index.ts';
import { campaignDocuments, campaignSignatories, campaigns } from './schema.ts';

export type CampaignRecord = typeof campaigns.$inferSelect;
export type CampaignRow = CampaignRecord & { ownerName: string | null };
export type CampaignDocumentRow = typeof campaignDocuments.$inferSelect;
export type SignatoryRow = typeof campaignSignatories.$inferSelect;

/** Every query takes the tenant; `ownerIds` limits a non-GERANT/COMPTABLE to their own and their descendants' campaigns. */
export interface Scope {
  appId: string;
  ownerIds?: string[];
}
const noId = '00000000-0000-0000-0000-000000000000';
const inScope = (scope: Scope): SQL =>
  and(eq(campaigns.appId, scope.appId), scope.ownerIds ? inArray(campaigns.ownerUserId, scope.ownerIds.length ? scope.ownerIds : [noId]) : undefined)!;

async function withOwners(db: Executor, records: CampaignRecord[]): Promise<CampaignRow[]> {
  const names = await displayNamesOf(db, records.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])));
  return records.map((r) => ({ ...r, ownerName: r.ownerUserId ? (names.get(r.ownerUserId) ?? null) : null }));
}

/** The counter column of each signatory status. */
const counterColumn: Record<SignatoryStatus, string> = {
  draft: 'n_draft',
  queued: 'n_queued',
  sent: 'n_sent',
  opened: 'n_opened',
  signed: 'n_signed',
  refused: 'n_refused',
  expired: 'n_expired',
  canceled: 'n_canceled',
  failed: 'n_failed',
};
const counterKey: Record<SignatoryStatus, keyof CampaignRecord> = {
  draft: 'nDraft',
  queued: 'nQueued',
  sent: 'nSent',
  opened: 'nOpened',
  signed: 'nSigned',
  refused: 'nRefused',
  expired: 'nExpired',
  canceled: 'nCanceled',
  failed: 'nFailed',
};
export const countsOf = (row: CampaignRecord): CampaignCounts => Object.fromEntries(signatoryStatuses.map((s) => [s, row[counterKey[s]] as number])) as CampaignCounts;

/** Moves `n` items from one counter to another (in the transaction that moved them). */
export const bump = (db: Executor, appId: string, campaignId: string, moves: { from: SignatoryStatus | null; to: SignatoryStatus | null; n: number }[], extra: SQL[] = []) =>
  moveCounters(db, campaigns, counterColumn, { appId, id: campaignId }, moves, extra);

export interface CampaignListFilter {
  search?: string;
  type?: CampaignType;
  status?: CampaignStatus;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  orderBy?: 'createdAt' | 'label' | 'status' | 'sentAt';
  /** Keyset paging (the public API's cursor): only rows older than this one; newest first, offset 0. */
  after?: Keyset;
}
const escapeLike = containsPattern;

/** A tenant has at most a few thousand campaigns: a search is a filter of the walk (no trigram index). */
export async function listCampaigns(db: Executor, scope: Scope, filter: CampaignListFilter): Promise<{ rows: CampaignRow[] } & PageTotal> {
  const term = filter.search ? escapeLike(filter.search) : undefined;
  const where = and(
    inScope(scope),
    filter.status ? eq(campaigns.status, filter.status) : ne(campaigns.status, 'deleted'),
    filter.type ? eq(campaigns.type, filter.type) : undefined,
    term ? or(ilike(campaigns.label, term), ilike(campaigns.description, term)) : undefined,
    filter.after ? olderThan(campaigns, scope.appId, filter.after) : undefined,
  );
  const direction = filter.order === 'ASC' ? asc : desc;
  const key = filter.orderBy ?? 'createdAt';
  const { rows, ...total } = await listPage(db, campaigns, { where, orderBy: (c) => [direction(c[key]), direction(c.id)], limit: filter.limit, offset: filter.offset });
  return { rows: await withOwners(db, rows), ...total };
}

/** A campaign visible in the scope (a deleted one is gone). */
export async function findCampaign(db: Executor, scope: Scope, id: string, opts: { lock?: boolean } = {}): Promise<CampaignRow | undefined> {
  const query = db.select().from(campaigns).where(and(inScope(scope), eq(campaigns.id, id), ne(campaigns.status, 'deleted')));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row && (await withOwners(db, [row]))[0];
}

export async function insertCampaign(db: Executor, row: typeof campaigns.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(campaigns).values(row).returning({ id: campaigns.id });
  return inserted!.id;
}

export async function updateCampaign(db: Executor, appId: string, id: string, patch: Partial<typeof campaigns.$inferInsert>) {
  await db.update(campaigns).set({ ...patch, updatedAt: new Date() }).where(and(eq(campaigns.appId, appId), eq(campaigns.id, id)));
}

export async function documentsOf(db: Executor, appId: string, campaignId: string): Promise<CampaignDocumentRow[]> {
  return db.select().from(campaignDocuments).where(and(eq(campaignDocuments.appId, appId), eq(campaignDocuments.campaignId, campaignId))).orderBy(asc(campaignDocuments.position));
}

export async function replaceDocuments(db: Executor, appId: string, campaignId: string, rows: (typeof campaignDocuments.$inferInsert)[]): Promise<string[]> {
  const old = await documentsOf(db, appId, campaignId);
  await db.delete(campaignDocuments).where(and(eq(campaignDocuments.appId, appId), eq(campaignDocuments.campaignId, campaignId)));
  if (rows.length) await db.insert(campaignDocuments).values(rows);
  return old.map((d) => d.storageKey);
}

export type NewSignatory = Pick<typeof campaignSignatories.$inferInsert, 'firstname' | 'lastname' | 'email' | 'phone' | 'language' | 'data' | 'connectorIdc'>;

/**
 * Adds signatories after the last row (status draft); an e-mail already in the campaign is not added. Returns the
 * e-mails added. Inserted 1,000 at a time.
 */
export async function appendSignatories(db: Executor, appId: string, campaignId: string, list: NewSignatory[]): Promise<Set<string>> {
  const added = new Set<string>();
  if (!list.length) return added;
  const [last] = await db
    .select({ max: sql<number | null>`max(${campaignSignatories.rowIndex})` })
    .from(campaignSignatories)
    .where(and(eq(campaignSignatories.appId, appId), eq(campaignSignatories.campaignId, campaignId)));
  let next = (last?.max ?? -1) + 1;
  for (let i = 0; i < list.length; i += 1000) {
    const part = list.slice(i, i + 1000).map((s) => ({ ...s, appId, campaignId, rowIndex: next++, status: 'draft' as const }));
    const rows = await db.insert(campaignSignatories).values(part).onConflictDoNothing().returning({ email: campaignSignatories.email });
    for (const r of rows) added.add(r.email);
  }
  await noteDataKeys(db, appId, campaignId, list);
  return added;
}

/** Adds the signatories' data keys not yet known to the campaign's `data_keys` (kept in order of first appearance). */
async function noteDataKeys(db: Executor, appId: string, campaignId: string, list: readonly Pick<NewSignatory, 'data'>[]) {
  const keys = new Set<string>();
  for (const s of list) for (const k of Object.keys(s.data ?? {})) keys.add(k);
  if (!keys.size) return;
  const [row] = await db.select({ dataKeys: campaigns.dataKeys }).from(campaigns).where(and(eq(campaigns.appId, appId), eq(campaigns.id, campaignId)));
  const known = new Set(row?.dataKeys ?? []);
  const added = [...keys].filter((k) => !known.has(k));
  if (added.length) await db.update(campaigns).set({ dataKeys: [...known, ...added] }).where(and(eq(campaigns.appId, appId), eq(campaigns.id, campaignId)));
}

/** Mail-merge signatories whose PDF is made (during a dispatch). */
export async function countGenerated(db: Executor, appId: string, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignSignatories)
    .where(and(eq(campaignSignatories.appId, appId), eq(campaignSignatories.campaignId, campaignId), isNotNull(campaignSignatories.mergeStorageKey)));
  return row?.n ?? 0;
}

export async function deleteSignatories(db: Executor, appId: string, campaignId: string) {
  await db.delete(campaignSignatories).where(and(eq(campaignSignatories.appId, appId), eq(campaignSignatories.campaignId, campaignId)));
  await db.update(campaigns).set({ dataKeys: [] }).where(and(eq(campaigns.appId, appId), eq(campaigns.id, campaignId)));
}

export interface SignatoryFilter {
  status?: SignatoryStatus;
  search?: string;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  orderBy?: 'rowIndex' | 'lastname' | 'emailAddress' | 'status';
  /** Keyset paging in the campaign's order (the public API's cursor; orderBy rowIndex, offset 0). */
  after?: RowKeyset;
}
const signatorySortable = { rowIndex: 'rowIndex', lastname: 'lastname', emailAddress: 'email', status: 'status' } as const;

/**
 * A page of a campaign's signatories. Without a search the campaign's counters say how many there are (total null:
 * the caller takes them; no count over 100,000 rows). A search goes through the trigram indexes when it matches
 * few signatories, else walks the campaign's order with the search as a filter, its total capped.
 */
export async function listSignatories(db: Executor, appId: string, campaignId: string, filter: SignatoryFilter): Promise<{ rows: SignatoryRow[]; total: number | null; capped: boolean }> {
  const term = filter.search ? escapeLike(filter.search) : undefined;
  const where = and(
    eq(campaignSignatories.appId, appId),
    eq(campaignSignatories.campaignId, campaignId),
    filter.status ? eq(campaignSignatories.status, filter.status) : undefined,
    filter.after ? pastRow(campaignSignatories, filter.after, filter.order) : undefined,
  );
  const direction = filter.order === 'ASC' ? asc : desc;
  const key = signatorySortable[filter.orderBy ?? 'rowIndex'];
  const orderBy = (c: typeof campaignSignatories) => [direction(c[key]), direction(c.id)];
  if (!term) {
    const rows = await db.select().from(campaignSignatories).where(where).orderBy(...orderBy(campaignSignatories)).limit(filter.limit).offset(filter.offset);
    return { rows, total: null, capped: false };
  }
  const walk = or(ilike(campaignSignatories.lastname, term), ilike(campaignSignatories.firstname, term), ilike(campaignSignatories.email, term))!;
  const ids = await matchIds(db, [
    (limit) =>
      db
        .select({ id: campaignSignatories.id })
        .from(campaignSignatories)
        .where(and(eq(campaignSignatories.appId, appId), eq(campaignSignatories.campaignId, campaignId), walk))
        .limit(limit),
  ]);
  return listPage(db, campaignSignatories, { where, matches: { ids, walk }, orderBy, limit: filter.limit, offset: filter.offset });
}

export async function findSignatory(db: Executor, appId: string, campaignId: string, id: string, opts: { lock?: boolean } = {}): Promise<SignatoryRow | undefined> {
  const query = db.select().from(campaignSignatories).where(and(eq(campaignSignatories.appId, appId), eq(campaignSignatories.campaignId, campaignId), eq(campaignSignatories.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** Moves every signatory of the campaign in `from` to `to`; returns how many moved from each status. */
export async function moveSignatories(db: Executor, appId: string, campaignId: string, from: readonly SignatoryStatus[], patch: Partial<typeof campaignSignatories.$inferInsert> & { status: SignatoryStatus }) {
  const result = (await db.execute(sql`
    with moved as (
      select id, status from ${campaignSignatories}
      where app_id = ${appId} and campaign_id = ${campaignId} and status in (${sql.join(from.map((s) => sql`${s}`), sql`, `)})
      for update
    ), updated as (
      update ${campaignSignatories} s set status = ${patch.status}, updated_at = now()
        ${patch.error !== undefined ? sql`, error = ${patch.error}` : sql``}
      from moved where s.id = moved.id
      returning moved.status as old
    )
    select old as status, count(*)::int as n from updated group by old`)) as unknown as { rows: { status: SignatoryStatus; n: number }[] };
  return result.rows;
}

/** The in-scope campaigns being sent or awaiting signatures (pending, ready), newest first (the home dashboard). */
export async function inProgressCampaigns(db: Executor, scope: Scope, opts: { limit: number; type?: CampaignType; by: 'createdAt' | 'sentAt' }): Promise<CampaignRecord[]> {
  return db
    .select()
    .from(campaigns)
    .where(and(inScope(scope), inArray(campaigns.status, ['pending', 'ready']), opts.type ? eq(campaigns.type, opts.type) : undefined))
    .orderBy(opts.by === 'sentAt' ? sql`${campaigns.sentAt} desc nulls last` : desc(campaigns.createdAt), desc(campaigns.id))
    .limit(opts.limit);
}

/**
 * Mail-merge generation leases whose holder is known dead, given back (every tenant): those under `owner` (the slot
 * a restarted worker took from its previous life), or every lease (`owner` null: the embedded database, one process
 * per data folder, which has leased nothing yet). Answers how many rows.
 */
export async function releaseMergeLeases(db: Executor, owner: string | null): Promise<number> {
  const rows = await db
    .update(campaignSignatories)
    .set({ mergeLeaseUntil: null, mergeLeaseOwner: null })
    .where(owner === null ? isNotNull(campaignSignatories.mergeLeaseUntil) : eq(campaignSignatories.mergeLeaseOwner, owner))
    .returning({ id: campaignSignatories.id });
  return rows.length;
}
