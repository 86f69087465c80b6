import { and, asc, count, eq, inArray, isNotNull, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { signatoryStatuses, type CampaignCounts, type CampaignStatus, type CampaignType, type SignatoryStatus } from '@paraphe/contracts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { containsPattern, type OwnerScope, type PageTotal } from '../../platform/db/lists.ts';
import * as bulk from '../bulk/index.ts';
import type { BulkTables, HolderListFilter, RowCondition, RowListFilter } from '../bulk/index.ts';
import { erasedIdentity } from '../signatures/index.ts';
import { campaignDocuments, campaignImports, campaignSignatories, campaigns } from './schema.ts';

export type CampaignRecord = typeof campaigns.$inferSelect;
export type CampaignRow = CampaignRecord & { ownerName: string | null };
export type CampaignDocumentRow = typeof campaignDocuments.$inferSelect;
export type SignatoryRow = typeof campaignSignatories.$inferSelect;

/** Every query takes the tenant; `ownerIds` limits a non-GERANT/COMPTABLE to their own and their descendants' campaigns. */
export type Scope = OwnerScope;

/** A campaign and its signatories as the bulk engine reads them (docs/architecture.md "The bulk engine"). */
export const campaignTables: BulkTables<SignatoryStatus> = {
  holder: campaigns,
  rows: campaignSignatories,
  holderId: campaignSignatories.campaignId,
  signerId: campaignSignatories.signerId,
  counters: bulk.counterColumns(signatoryStatuses),
  unfinished: ['draft', 'queued', 'sent', 'opened'],
  retention: {
    // A campaign that will make no more copies (a failed one could be retried, but not once past retention).
    over: ['completed', 'canceled', 'deleted', 'failed'] satisfies CampaignStatus[],
    endedAt: sql`coalesce(${campaigns.completedAt}, ${campaigns.canceledAt}, ${campaigns.deletedAt}, ${campaigns.dispatchFinishedAt}, ${campaigns.updatedAt})`,
    waiting: ['queued', 'sent', 'opened'],
  },
  // The shared originals, the signatories' mail-merge PDFs, the imported spreadsheets (and the archive, the engine's).
  files: [
    { key: campaignDocuments.storageKey, holderId: campaignDocuments.campaignId },
    { key: campaignSignatories.mergeStorageKey, holderId: campaignSignatories.campaignId },
    { key: campaignImports.storageKey, holderId: campaignImports.campaignId },
  ],
};

/** Mail-merge: a chunk claims only the signatories whose PDF is made (the generation stage makes the others). */
export const mergedOnly = (campaign: Pick<CampaignRecord, 'mergeDocument'>): RowCondition =>
  campaign.mergeDocument ? isNotNull(campaignSignatories.mergeStorageKey) : undefined;

export const countsOf = (row: CampaignRecord): CampaignCounts => bulk.countsOfHolder(row, signatoryStatuses);

/** Moves `n` items from one counter to another (in the transaction that moved them). */
export const bump = (
  db: Executor,
  appId: string,
  campaignId: string,
  moves: { from: SignatoryStatus | null; to: SignatoryStatus | null; n: number }[],
  extra: SQL[] = [],
) => bulk.bumpCounters(db, campaignTables, appId, campaignId, moves, extra);

export interface CampaignListFilter extends HolderListFilter {
  type?: CampaignType;
  status?: CampaignStatus;
}

/** The campaigns in the scope, but deleted ones unless asked by status. */
export const listCampaigns = (db: Executor, scope: Scope, filter: CampaignListFilter): Promise<{ rows: CampaignRow[] } & PageTotal> =>
  bulk.listHolders(db, campaignTables, scope, filter, [
    filter.status ? eq(campaigns.status, filter.status) : ne(campaigns.status, 'deleted'),
    filter.type ? eq(campaigns.type, filter.type) : undefined,
  ]);

/** A campaign visible in the scope (a deleted one is gone). */
export const findCampaign = (db: Executor, scope: Scope, id: string, opts: { lock?: boolean } = {}): Promise<CampaignRow | undefined> =>
  bulk.findHolder(db, campaignTables, scope, id, opts, ne(campaigns.status, 'deleted'));

export const insertCampaign = (db: Executor, row: typeof campaigns.$inferInsert): Promise<string> => bulk.insertHolder(db, campaignTables, row);

export const updateCampaign = (db: Executor, appId: string, id: string, patch: Partial<typeof campaigns.$inferInsert>) =>
  bulk.updateHolder(db, campaignTables, appId, id, patch);

export async function documentsOf(db: Executor, appId: string, campaignId: string): Promise<CampaignDocumentRow[]> {
  return db
    .select()
    .from(campaignDocuments)
    .where(and(eq(campaignDocuments.appId, appId), eq(campaignDocuments.campaignId, campaignId)))
    .orderBy(asc(campaignDocuments.position));
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
  let next = await bulk.nextRowIndex(db, campaignTables, appId, campaignId);
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
  const [row] = await db
    .select({ dataKeys: campaigns.dataKeys })
    .from(campaigns)
    .where(and(eq(campaigns.appId, appId), eq(campaigns.id, campaignId)));
  const known = new Set(row?.dataKeys ?? []);
  const added = [...keys].filter((k) => !known.has(k));
  if (added.length)
    await db
      .update(campaigns)
      .set({ dataKeys: [...known, ...added] })
      .where(and(eq(campaigns.appId, appId), eq(campaigns.id, campaignId)));
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
  await db
    .update(campaigns)
    .set({ dataKeys: [] })
    .where(and(eq(campaigns.appId, appId), eq(campaigns.id, campaignId)));
}

export interface SignatoryFilter extends RowListFilter<SignatoryStatus> {
  search?: string;
  orderBy?: 'rowIndex' | 'lastname' | 'emailAddress' | 'status';
}
const signatorySortable = { rowIndex: 'rowIndex', lastname: 'lastname', emailAddress: 'email', status: 'status' } as const;

/** A page of a campaign's signatories; a search looks at their names and e-mail address. */
export async function listSignatories(
  db: Executor,
  appId: string,
  campaignId: string,
  filter: SignatoryFilter,
): Promise<{ rows: SignatoryRow[]; total: number | null; capped: boolean; nextCursor?: string | null }> {
  // The search text is lower-cased by the database: LIKE of the lower-cased text, no ILIKE (several times its cost per row).
  const walk = filter.search ? like(campaignSignatories.searchText, sql`lower(${containsPattern(filter.search)})`) : undefined;
  const walkFilter = filter.search ? sql`strpos(${campaignSignatories.searchText}, lower(${filter.search})) > 0` : undefined;
  return bulk.listRows(db, campaignTables, appId, campaignId, filter, { orderBy: signatorySortable[filter.orderBy ?? 'rowIndex'], walk, walkFilter });
}

export const findSignatory = (db: Executor, appId: string, campaignId: string, id: string, opts: { lock?: boolean } = {}) =>
  bulk.findRow<SignatoryRow>(db, campaignTables, appId, campaignId, id, opts);

/** The in-scope campaigns being sent or awaiting signatures (pending, ready), newest first (the home dashboard). */
export const inProgressCampaigns = (db: Executor, scope: Scope, opts: { limit: number; type?: CampaignType; by: 'createdAt' | 'sentAt' }) =>
  bulk.inProgressHolders<CampaignRecord>(db, campaignTables, scope, opts, opts.type ? eq(campaigns.type, opts.type) : undefined);

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

export async function insertDocuments(db: Executor, rows: (typeof campaignDocuments.$inferInsert)[]) {
  if (rows.length) await db.insert(campaignDocuments).values(rows);
}

export async function updateDocument(db: Executor, id: string, patch: Partial<typeof campaignDocuments.$inferInsert>) {
  await db.update(campaignDocuments).set(patch).where(eq(campaignDocuments.id, id));
}

/** A duplicate's signatories: the same rows as drafts (no copy, no mail-merge PDF); how many. */
export async function copySignatories(db: Executor, appId: string, fromId: string, toId: string): Promise<number> {
  const copied = (await db.execute(sql`
    insert into ${campaignSignatories} (app_id, campaign_id, row_index, firstname, lastname, email, phone, language, data, connector_idc, status)
    select app_id, ${toId}, row_index, firstname, lastname, email, phone, language, data, connector_idc, 'draft'
    from ${campaignSignatories} where app_id = ${appId} and campaign_id = ${fromId}
    returning id`)) as unknown as { rows: unknown[] };
  return copied.rows.length;
}

/** A draft signatory removed, the campaign's counters with it. */
export const deleteDraftSignatory = (db: Executor, appId: string, campaignId: string, id: string) =>
  bulk.deleteDraftRow(db, campaignTables, appId, campaignId, id, 'signatory_count');

/** Counts a new campaign's first signatories. */
export const addSignatoryCount = (db: Executor, appId: string, campaignId: string, n: number) =>
  bump(db, appId, campaignId, [{ from: null, to: 'draft', n }], [sql`signatory_count = signatory_count + ${n}`]);

/** Mail-merge: how many queued signatories have their PDF made, counting no further than `upTo`. */
export async function countMergeReady(db: Executor, appId: string, campaignId: string, upTo: number): Promise<number> {
  const waiting = sql`${campaignSignatories.appId} = ${appId} and ${campaignSignatories.campaignId} = ${campaignId} and ${campaignSignatories.status} = 'queued'`;
  const ready = (await db.execute(
    sql`select count(*)::int as n from (select 1 from ${campaignSignatories} where ${waiting} and merge_storage_key is not null limit ${upTo}) r`,
  )) as unknown as { rows: { n: number }[] };
  return ready.rows[0]!.n;
}

/** Mail-merge: up to `size` queued signatories without a PDF nor a live lease, in row order, leased to `owner` until `until`. */
export async function leaseMergeRows(
  tx: Tx,
  appId: string,
  campaignId: string,
  o: { size: number; now: Date; until: Date; owner: string },
): Promise<SignatoryRow[]> {
  const rows = await tx
    .select()
    .from(campaignSignatories)
    .where(
      and(
        eq(campaignSignatories.appId, appId),
        eq(campaignSignatories.campaignId, campaignId),
        eq(campaignSignatories.status, 'queued'),
        isNull(campaignSignatories.mergeStorageKey),
        or(isNull(campaignSignatories.mergeLeaseUntil), lt(campaignSignatories.mergeLeaseUntil, o.now)),
      ),
    )
    .orderBy(asc(campaignSignatories.rowIndex))
    .limit(o.size)
    .for('update', { skipLocked: true });
  if (rows.length)
    await tx
      .update(campaignSignatories)
      .set({ mergeLeaseUntil: o.until, mergeLeaseOwner: o.owner })
      .where(
        inArray(
          campaignSignatories.id,
          rows.map((r) => r.id),
        ),
      );
  return rows;
}

/** A queued signatory's PDF made: recorded, its lease given back. */
/** The PDFs made for queued signatories (one statement for a whole generation run), their leases given back. */
export async function recordMergePdfs(db: Executor, pdfs: readonly { id: string; storageKey: string; sha256: string; pageCount: number; sizeBytes: number }[]) {
  if (!pdfs.length) return;
  const values = sql.join(
    pdfs.map((p) => sql`(${p.id}::uuid, ${p.storageKey}, ${p.sha256}, ${p.pageCount}::int, ${p.sizeBytes}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${campaignSignatories} set merge_storage_key = v.storage_key, merge_sha256 = v.sha256, merge_page_count = v.page_count,
      merge_size_bytes = v.size_bytes, merge_lease_until = null, merge_lease_owner = null
    from (values ${values}) as v(id, storage_key, sha256, page_count, size_bytes)
    where ${campaignSignatories.id} = v.id and ${campaignSignatories.status} = 'queued'`);
}

/** Queued signatories whose PDF could not be made: failed with the reason; how many were still queued. */
export async function failMergeRows(db: Executor, failures: ReadonlyMap<string, string>, now: Date): Promise<number> {
  let failed = 0;
  for (const [id, error] of failures) {
    const updated = await db
      .update(campaignSignatories)
      .set({ status: 'failed', error, mergeLeaseUntil: null, mergeLeaseOwner: null, attempts: sql`${campaignSignatories.attempts} + 1`, updatedAt: now })
      .where(and(eq(campaignSignatories.id, id), eq(campaignSignatories.status, 'queued')))
      .returning({ id: campaignSignatories.id });
    failed += updated.length;
  }
  return failed;
}

/**
 * Mail-merge readiness: the draft or queued signatories for whom one of `checks` is blank — the first `listed` with
 * the variables they lack, and how many in all (counted only when the list is full).
 */
export async function signatoriesLackingValues(
  db: Executor,
  row: Pick<CampaignRecord, 'appId' | 'id'>,
  checks: readonly { variable: string; blank: SQL }[],
  listed: number,
) {
  const missing = sql`array_remove(array[${sql.join(
    checks.map((c) => sql`case when ${c.blank} then ${c.variable} end`),
    sql`, `,
  )}]::text[], null)`;
  const anyBlank = sql.join(
    checks.map((c) => c.blank),
    sql` or `,
  );
  const scope = sql`s.app_id = ${row.appId} and s.campaign_id = ${row.id} and s.status in ('draft', 'queued')`;
  const found = (await db.execute(sql`
    select s.row_index as "rowIndex", s.email, ${missing} as variables from ${campaignSignatories} s
    where ${scope} and (${anyBlank}) order by s.row_index limit ${listed}`)) as unknown as { rows: { rowIndex: number; email: string; variables: string[] }[] };
  let count = found.rows.length;
  if (count === listed) {
    const counted = (await db.execute(sql`select count(*)::int as n from ${campaignSignatories} s where ${scope} and (${anyBlank})`)) as unknown as {
      rows: { n: number }[];
    };
    count = counted.rows[0]!.n;
  }
  return { rows: found.rows, count };
}

const noValue = (words: readonly string[]) =>
  sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
const signatoryColumnSql: Record<string, string> = {
  firstname: 'firstname',
  lastname: 'lastname',
  emailAddress: 'email',
  phoneNum: 'phone',
  language: 'language',
};

/** A merge variable's value blank (or one of `words`, a program's word for nothing) in a signatory row `s`: a column, else a data key. */
export function blankValue(source: { field: string } | { key: string }, words: readonly string[]): SQL {
  const value = 'field' in source ? sql.raw(`s.${signatoryColumnSql[source.field]}`) : sql`s.data ->> ${source.key}`;
  return sql`lower(coalesce(btrim(${value}), '')) in (${noValue(['', ...words])})`;
}

/** Retention: every signatory of the campaign pseudonymised (name, address, phone, merge variables, CRM id, error); how many. */
export async function pseudonymiseSignatories(tx: Tx, appId: string, campaignId: string, now: Date): Promise<number> {
  const people = await tx
    .select({ id: campaignSignatories.id })
    .from(campaignSignatories)
    .where(and(eq(campaignSignatories.appId, appId), eq(campaignSignatories.campaignId, campaignId)));
  for (const person of people)
    await tx
      .update(campaignSignatories)
      .set({ ...pseudonymised(person.id), updatedAt: now })
      .where(eq(campaignSignatories.id, person.id));
  return people.length;
}

/** A signatory row pseudonymised: name, address, phone, merge variables, CRM contact id, copy error. */
const pseudonymised = (id: string) => ({ ...erasedIdentity(id), data: {}, connectorIdc: null, error: null });

const sameAddress = (email: string) => sql`lower(${campaignSignatories.email}) = ${email.toLowerCase()}`;

/** A person's signatory rows not sent yet (draft or queued): an erasure waits for them (the copy would go to nobody). */
export const unsentSignatoriesOf = (db: Executor, appId: string, email: string) =>
  bulk.holdersOfPerson(db, campaignTables, appId, sameAddress(email), ['draft', 'queued'] satisfies SignatoryStatus[]);

/** Erasure (art. 17): the person's signatory rows pseudonymised; their number. */
export async function eraseSignatoriesOf(tx: Tx, appId: string, email: string): Promise<number> {
  const rows = await tx
    .select({ id: campaignSignatories.id })
    .from(campaignSignatories)
    .where(and(eq(campaignSignatories.appId, appId), sameAddress(email)));
  for (const row of rows) await tx.update(campaignSignatories).set(pseudonymised(row.id)).where(eq(campaignSignatories.id, row.id));
  return rows.length;
}

/** A person's access export (art. 15): their signatory rows, with the campaign each belongs to. */
export async function signatoriesOfPerson(db: Executor, appId: string, email: string) {
  return db
    .select({
      campaignId: campaigns.id,
      campaignLabel: campaigns.label,
      campaignStatus: campaigns.status,
      firstname: campaignSignatories.firstname,
      lastname: campaignSignatories.lastname,
      email: campaignSignatories.email,
      phone: campaignSignatories.phone,
      language: campaignSignatories.language,
      data: campaignSignatories.data,
      status: campaignSignatories.status,
      requestId: campaignSignatories.requestId,
      sentAt: campaignSignatories.sentAt,
    })
    .from(campaignSignatories)
    .innerJoin(campaigns, eq(campaigns.id, campaignSignatories.campaignId))
    .where(and(eq(campaignSignatories.appId, appId), sameAddress(email)))
    .orderBy(asc(campaignSignatories.id));
}

// Signatory imports (campaigns/import.ts): an import row per uploaded file, its progress committed with each chunk.
export type SignatoryImportRow = typeof campaignImports.$inferSelect;

export async function insertSignatoryImport(db: Executor, values: typeof campaignImports.$inferInsert): Promise<SignatoryImportRow> {
  const [row] = await db.insert(campaignImports).values(values).returning();
  return row!;
}

/** An import of the campaign (locked for update with `lock`). */
export async function findSignatoryImport(
  db: Executor,
  appId: string,
  campaignId: string,
  importId: string,
  opts: { lock?: boolean } = {},
): Promise<SignatoryImportRow | undefined> {
  const query = db
    .select()
    .from(campaignImports)
    .where(and(eq(campaignImports.appId, appId), eq(campaignImports.campaignId, campaignId), eq(campaignImports.id, importId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** An import by id alone (its job: the tenant's transaction scopes it), locked for update with `lock`. */
export async function signatoryImportById(db: Executor, importId: string, opts: { lock?: boolean } = {}): Promise<SignatoryImportRow | undefined> {
  const query = db.select().from(campaignImports).where(eq(campaignImports.id, importId));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function updateSignatoryImport(db: Executor, importId: string, values: Partial<typeof campaignImports.$inferInsert>): Promise<SignatoryImportRow> {
  const [row] = await db.update(campaignImports).set(values).where(eq(campaignImports.id, importId)).returning();
  return row!;
}
