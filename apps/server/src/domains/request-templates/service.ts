import type { z } from 'zod';
import { seesAllUsers, type RequestTemplate, type RequestTemplateSummary, type TemplateRole, type requestTemplateListQuerySchema } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { iso } from '../../platform/http/envelope.ts';
import { ancestorIds, descendantIds, displayNamesOf } from '../users/index.ts';
import * as repo from './repository.ts';
import { linkStatesOf } from './link-state.ts';

/**
 * Reusable request templates (docs/templates.md): reading, listing, archiving. Saving is saving.ts; making a request
 * from one is use.ts.
 */

export interface Options {
  platform: Platform;
  actor: Actor;
  /**
   * `api`: called with an API key (/api/v1). A key sees its tenant's requests whoever made them, but not the
   * templates people keep to themselves: only those shared with the tenant and its creator's own.
   */
  via?: 'api';
}

/** What a caller sees, and whose templates they may edit (their own and their descendants'; the GERANT all). */
export interface TemplateAccess {
  scope: repo.TemplateScope;
  editable: (row: repo.TemplateRow) => boolean;
}

export async function accessOf(db: Executor, actor: Actor, via?: 'api'): Promise<TemplateAccess> {
  if (via === 'api') {
    return { scope: { appId: actor.appId, ownerIds: [actor.userId], teamOwnerIds: [] }, editable: (row) => row.ownerUserId === actor.userId };
  }
  if (seesAllUsers(actor.profile)) return { scope: { appId: actor.appId }, editable: () => actor.profile === 'GERANT' };
  const own = [actor.userId, ...(await descendantIds(db, actor.appId, actor.userId))];
  return {
    scope: { appId: actor.appId, ownerIds: own, teamOwnerIds: await ancestorIds(db, actor.appId, actor.userId) },
    editable: (row) => row.ownerUserId !== null && own.includes(row.ownerUserId),
  };
}

/** A template the caller sees (404 otherwise, another tenant's included). */
export async function findVisibleTemplate(
  tx: Tx,
  actor: Actor,
  via?: 'api',
): Promise<{ access: TemplateAccess; find: (id: string) => Promise<repo.TemplateRow> }> {
  const access = await accessOf(tx, actor, via);
  return {
    access,
    find: async (id) => {
      const row = await repo.findTemplate(tx, access.scope, id);
      if (!row) throw notFound('Template');
      return row;
    },
  };
}

/** The template, visible and editable by the caller, locked for a change (403 when seen but not theirs to edit). */
export async function lockEditable(tx: Tx, actor: Actor, id: string): Promise<repo.TemplateRow> {
  const { access, find } = await findVisibleTemplate(tx, actor);
  await find(id);
  const row = (await repo.lockTemplate(tx, actor.appId, id))!;
  if (!access.editable(row)) throw new AppError('FORBIDDEN', 'Only its author, or someone above them, may change this template.');
  return row;
}

export function presentDocument(d: repo.TemplateDocumentRow): RequestTemplate['documents'][number] {
  return {
    id: d.id,
    title: d.title,
    documentType: d.documentType,
    fileType: 'classic',
    fileName: d.fileName,
    checkBoxTexts: d.checkBoxTexts,
    signatureFields: d.signatureFields,
    sizeBytes: d.sizeBytes,
    sha256: d.sha256,
    pageCount: d.pageCount,
    createdAt: d.createdAt.toISOString(),
  };
}

type LinkState = RequestTemplate['directLink'];

function summaryOf(row: repo.TemplateRow, ownerName: string | null, useCount: number, editable: boolean, directLink: LinkState) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    version: row.currentVersion,
    owner: row.ownerUserId && ownerName ? { id: row.ownerUserId, name: ownerName } : null,
    archivedAt: iso(row.archivedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    useCount,
    editable,
    directLink,
  };
}

/** What the list and the detail show of each template: owner, uses, editable, direct link. */
async function summariesOf(tx: Tx, access: TemplateAccess, rows: repo.TemplateRow[], now: Date) {
  if (!rows.length) return new Map<string, ReturnType<typeof summaryOf>>();
  const appId = rows[0]!.appId;
  const names = await displayNamesOf(
    tx,
    rows.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])),
  );
  const uses = await repo.useCountsOf(
    tx,
    appId,
    rows.map((r) => r.id),
  );
  const linkStates = await linkStatesOf(tx, appId, rows, now);
  return new Map(
    rows.map((row) => [
      row.id,
      summaryOf(
        row,
        row.ownerUserId ? (names.get(row.ownerUserId) ?? null) : null,
        uses.get(row.id) ?? 0,
        access.editable(row),
        linkStates.get(row.id) ?? null,
      ),
    ]),
  );
}

/** The template as its current version, with its documents, roles and use count. */
export async function templateView(tx: Tx, access: TemplateAccess, row: repo.TemplateRow, now: Date): Promise<RequestTemplate> {
  const version = (await repo.findVersion(tx, row.appId, row.id, row.currentVersion))!;
  const documents = await repo.documentsOfVersion(tx, row.appId, row.id, row.currentVersion);
  const summaries = await summariesOf(tx, access, [row], now);
  return {
    ...summaries.get(row.id)!,
    level: version.level,
    requestLabel: version.requestLabel,
    roles: version.roles,
    options: version.options,
    documents: documents.map(presentDocument),
  };
}

export async function listTemplates(opts: Options & { query: z.output<typeof requestTemplateListQuerySchema> }) {
  const { platform, actor, query } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const access = await accessOf(tx, actor, opts.via);
    const { rows, total, capped } = await repo.listTemplates(tx, access.scope, {
      search: query.search,
      state: query.state,
      visibility: query.visibility,
      ownerId: query.mine === '1' ? actor.userId : undefined,
      limit: query.limit,
      offset: query.offset,
      order: query.order,
      orderBy: query.orderBy === 'name' || query.orderBy === 'createdAt' ? query.orderBy : 'updatedAt',
    });
    const summaries = await summariesOf(tx, access, rows, platform.clock());
    const versions = await repo.currentVersionsOf(tx, actor.appId, rows);
    const documents = await repo.documentCountsOf(tx, actor.appId, rows);
    const items: RequestTemplateSummary[] = rows.map((row) => ({
      ...summaries.get(row.id)!,
      level: versions.get(row.id)?.level ?? 1,
      requestLabel: versions.get(row.id)?.requestLabel ?? null,
      roleNames: (versions.get(row.id)?.roles ?? []).map((r: TemplateRole) => r.name),
      documentCount: documents.get(row.id) ?? 0,
    }));
    return { items, total, capped };
  });
}

export async function getTemplate(opts: Options & { id: string }): Promise<RequestTemplate> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const { access, find } = await findVisibleTemplate(tx, actor, opts.via);
    return templateView(tx, access, await find(opts.id), platform.clock());
  });
}

/**
 * Whether a template can still be edited by the embedded template editor's link (docs/embedding.md): `active`,
 * `archived`, or null when the tenant has no such template. Read on the caller's connection, like the link.
 */
export async function templateStateOf(db: Executor, appId: string, id: string): Promise<'active' | 'archived' | null> {
  const row = await repo.findTemplate(db, { appId }, id);
  if (!row) return null;
  return row.archivedAt ? 'archived' : 'active';
}

/** Archive (hidden from "use"; its requests untouched) or bring it back. */
export async function setArchived(opts: Options & { id: string; archived: boolean }): Promise<RequestTemplate> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await lockEditable(tx, actor, opts.id);
    const now = platform.clock();
    const updated = await repo.updateTemplate(tx, actor.appId, row.id, { archivedAt: opts.archived ? (row.archivedAt ?? now) : null, updatedAt: now });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: opts.archived ? 'request_template.archived' : 'request_template.restored',
      targetType: 'request_template',
      targetId: row.id,
      data: { name: row.name },
      ip: actor.ip,
    });
    return templateView(tx, await accessOf(tx, actor), updated, now);
  });
}

/** A document of the current version, to show in the editor or download. */
export async function templateDocument(opts: Options & { id: string; documentId: string }): Promise<repo.TemplateDocumentRow> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await (await findVisibleTemplate(tx, actor)).find(opts.id);
    const doc = (await repo.documentsOfVersion(tx, actor.appId, row.id, row.currentVersion)).find((d) => d.id === opts.documentId);
    if (!doc) throw notFound('Document');
    return doc;
  });
}
