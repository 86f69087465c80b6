import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { TemplateVisibility } from '@paraphe/contracts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { containsPattern, listPage, type PageTotal } from '../../platform/db/lists.ts';
import { requestTemplateDocuments, requestTemplates, requestTemplateUses, requestTemplateVersions } from './schema.ts';

export type TemplateRow = typeof requestTemplates.$inferSelect;
export type TemplateVersionRow = typeof requestTemplateVersions.$inferSelect;
export type TemplateDocumentRow = typeof requestTemplateDocuments.$inferSelect;

/**
 * Which templates a caller sees (service.ts decides): the whole tenant, or those owned by `ownerIds`, those shared
 * with the tenant, and those shared with the team by one of `teamOwnerIds` (the caller's managers).
 */
export interface TemplateScope {
  appId: string;
  ownerIds?: string[];
  teamOwnerIds?: string[];
}
const noId = '00000000-0000-0000-0000-000000000000';
const ids = (list: string[]) => (list.length ? list : [noId]);

function inScope(scope: TemplateScope): SQL {
  const t = requestTemplates;
  if (!scope.ownerIds) return eq(t.appId, scope.appId);
  return and(
    eq(t.appId, scope.appId),
    or(
      inArray(t.ownerUserId, ids(scope.ownerIds)),
      eq(t.visibility, 'tenant' satisfies TemplateVisibility),
      and(eq(t.visibility, 'team' satisfies TemplateVisibility), inArray(t.ownerUserId, ids(scope.teamOwnerIds ?? []))),
    ),
  )!;
}

export interface TemplateListFilter {
  search?: string;
  state: 'active' | 'archived' | 'all';
  visibility?: TemplateVisibility;
  ownerId?: string;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  orderBy?: 'name' | 'updatedAt' | 'createdAt';
}

export async function listTemplates(db: Executor, scope: TemplateScope, filter: TemplateListFilter): Promise<{ rows: TemplateRow[] } & PageTotal> {
  const t = requestTemplates;
  const term = filter.search ? containsPattern(filter.search) : undefined;
  const where = and(
    inScope(scope),
    filter.state === 'active' ? isNull(t.archivedAt) : filter.state === 'archived' ? isNotNull(t.archivedAt) : undefined,
    filter.visibility ? eq(t.visibility, filter.visibility) : undefined,
    filter.ownerId ? eq(t.ownerUserId, filter.ownerId) : undefined,
    term ? or(ilike(t.name, term), ilike(t.description, term)) : undefined,
  );
  const direction = filter.order === 'ASC' ? asc : desc;
  const key = filter.orderBy ?? 'updatedAt';
  return listPage(db, t, { where, orderBy: (c) => [direction(c[key]), direction(c.id)], limit: filter.limit, offset: filter.offset });
}

export async function findTemplate(db: Executor, scope: TemplateScope, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(requestTemplates)
    .where(and(inScope(scope), eq(requestTemplates.id, id)))
    .limit(1);
  return row;
}

/** The template's row locked for a save (versions are numbered one after the other). */
export async function lockTemplate(tx: Tx, appId: string, id: string): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .select()
    .from(requestTemplates)
    .where(and(eq(requestTemplates.appId, appId), eq(requestTemplates.id, id)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertTemplate(tx: Tx, values: typeof requestTemplates.$inferInsert): Promise<TemplateRow> {
  const [row] = await tx.insert(requestTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(tx: Tx, appId: string, id: string, values: Partial<typeof requestTemplates.$inferInsert>): Promise<TemplateRow> {
  const [row] = await tx
    .update(requestTemplates)
    .set(values)
    .where(and(eq(requestTemplates.appId, appId), eq(requestTemplates.id, id)))
    .returning();
  return row!;
}

export async function insertVersion(
  tx: Tx,
  version: typeof requestTemplateVersions.$inferInsert,
  documents: Omit<typeof requestTemplateDocuments.$inferInsert, 'appId' | 'templateId' | 'version'>[],
): Promise<void> {
  await tx.insert(requestTemplateVersions).values(version);
  if (documents.length) {
    await tx
      .insert(requestTemplateDocuments)
      .values(documents.map((d) => ({ ...d, appId: version.appId, templateId: version.templateId, version: version.version })));
  }
}

export async function findVersion(db: Executor, appId: string, templateId: string, version: number): Promise<TemplateVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(requestTemplateVersions)
    .where(and(eq(requestTemplateVersions.appId, appId), eq(requestTemplateVersions.templateId, templateId), eq(requestTemplateVersions.version, version)))
    .limit(1);
  return row;
}

export async function documentsOfVersion(db: Executor, appId: string, templateId: string, version: number): Promise<TemplateDocumentRow[]> {
  const d = requestTemplateDocuments;
  return db
    .select()
    .from(d)
    .where(and(eq(d.appId, appId), eq(d.templateId, templateId), eq(d.version, version)))
    .orderBy(asc(d.position));
}

/** The current versions of these templates (the list shows their roles and document counts). */
export async function currentVersionsOf(
  db: Executor,
  appId: string,
  templates: Pick<TemplateRow, 'id' | 'currentVersion'>[],
): Promise<Map<string, TemplateVersionRow>> {
  if (!templates.length) return new Map();
  const v = requestTemplateVersions;
  const rows = await db
    .select()
    .from(v)
    .where(and(eq(v.appId, appId), or(...templates.map((t) => and(eq(v.templateId, t.id), eq(v.version, t.currentVersion))))));
  return new Map(rows.map((r) => [r.templateId, r]));
}

export async function documentCountsOf(db: Executor, appId: string, templates: Pick<TemplateRow, 'id' | 'currentVersion'>[]): Promise<Map<string, number>> {
  if (!templates.length) return new Map();
  const d = requestTemplateDocuments;
  const rows = await db
    .select({ templateId: d.templateId, n: count() })
    .from(d)
    .where(and(eq(d.appId, appId), or(...templates.map((t) => and(eq(d.templateId, t.id), eq(d.version, t.currentVersion))))))
    .groupBy(d.templateId);
  return new Map(rows.map((r) => [r.templateId, Number(r.n)]));
}

export async function useCountsOf(db: Executor, appId: string, templateIds: string[]): Promise<Map<string, number>> {
  if (!templateIds.length) return new Map();
  const u = requestTemplateUses;
  const rows = await db
    .select({ templateId: u.templateId, n: count() })
    .from(u)
    .where(and(eq(u.appId, appId), inArray(u.templateId, templateIds)))
    .groupBy(u.templateId);
  return new Map(rows.map((r) => [r.templateId, Number(r.n)]));
}

export async function insertUse(tx: Tx, values: typeof requestTemplateUses.$inferInsert): Promise<void> {
  await tx.insert(requestTemplateUses).values(values);
}

/** The template version a request was made from, if any. */
export async function useOfRequest(db: Executor, appId: string, requestId: string): Promise<{ templateId: string; version: number } | undefined> {
  const u = requestTemplateUses;
  const [row] = await db
    .select({ templateId: u.templateId, version: u.version })
    .from(u)
    .where(and(eq(u.appId, appId), eq(u.requestId, requestId)))
    .limit(1);
  return row;
}

/** Which of `keys` a template document references, across tenants (the storage sweep asks). */
export async function storageKeysReferenced(db: Executor, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ key: requestTemplateDocuments.storageKey })
    .from(requestTemplateDocuments)
    .where(inArray(requestTemplateDocuments.storageKey, keys));
  return new Set(rows.map((r) => r.key));
}
