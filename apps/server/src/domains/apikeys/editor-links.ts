import { randomBytes } from 'node:crypto';
import { editorLinkMinutes, editorTokenPattern, embedEditPathPrefix, embedTemplatePathPrefix, type ApiV1EditorLink, type Permission } from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { EmbedDraftResolver } from '../../platform/http/guard.ts';
import { getTemplate, templateStateOf } from '../request-templates/index.ts';
import { getSignatureRequest, requestForSigning } from '../signatures/index.ts';
import { embedOriginsOf, getApplication } from '../tenants/index.ts';
import * as repo from './repository.ts';
import { keyIsLive, keySession, sha256 } from './service.ts';

/**
 * Embedded sending and the embedded template editor (docs/embedding.md): an API key asks for a link to a draft's
 * editor, or to a template's (a new template's), which the tenant's site shows in an iframe. The token in the link is
 * the embedded editor's only credential (no cookie): 32 random bytes, kept as their SHA-256, working for
 * `editorLinkMinutes`, for that draft or template only, while the key is live and the request a draft (the template
 * not archived).
 */

/** What the embedded editor may do: read and edit its draft (the guard lets it reach that draft's editing calls only). */
const editorPermissions: ReadonlySet<Permission> = new Set<Permission>(['signatures.read', 'signatures.create']);

type LinkTarget = { kind: 'request'; requestId: string } | { kind: 'template'; templateId: string | null };
type LinkOptions = { platform: Platform; actor: Actor; apiKeyId: string };

/** Stores a link's token hash with its audit row; answers the link's address. */
async function issueEditorLink(opts: LinkOptions, target: LinkTarget): Promise<ApiV1EditorLink> {
  const { platform, actor } = opts;
  const now = platform.clock();
  const token = `ee_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + editorLinkMinutes * 60_000);
  await platform.database.inTenant(actor.appId, async (tx) => {
    await repo.deleteExpiredEditorLinks(tx, actor.appId, now);
    const link = await repo.insertEditorLink(tx, {
      appId: actor.appId,
      kind: target.kind,
      requestId: target.kind === 'request' ? target.requestId : null,
      templateId: target.kind === 'template' ? target.templateId : null,
      tokenHash: sha256(token),
      apiKeyId: opts.apiKeyId,
      expiresAt,
      createdAt: now,
    });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: target.kind === 'request' ? 'apikey.editor_link_created' : 'apikey.template_editor_link_created',
      targetType: target.kind === 'request' ? 'signature_request' : 'request_template',
      targetId: target.kind === 'request' ? target.requestId : target.templateId,
      data: { linkId: link.id, apiKeyId: opts.apiKeyId, expiresAt: expiresAt.toISOString() },
      ip: actor.ip,
    });
  });
  const prefix = target.kind === 'request' ? embedEditPathPrefix : embedTemplatePathPrefix;
  return { url: `${platform.config.publicUrl}${prefix}${token}`, expiresAt: expiresAt.toISOString() };
}

/** `POST /api/v1/requests/{id}/editor-link`: a draft's editor. */
export async function createEditorLink(opts: LinkOptions & { requestId: string }): Promise<ApiV1EditorLink> {
  // Another tenant's request, or one the key cannot see: 404 (getSignatureRequest).
  const { row } = await getSignatureRequest({ platform: opts.platform, actor: opts.actor, id: opts.requestId });
  if (row.status !== 'draft') throw new AppError('INVALID_TRANSITION', `Only a draft has an editor link: this request is ${row.status}.`);
  return issueEditorLink(opts, { kind: 'request', requestId: row.id });
}

/** `POST /api/v1/templates/editor-link`: a template's editor (its next version), or a new template's. */
export async function createTemplateEditorLink(opts: LinkOptions & { templateId: string | undefined }): Promise<ApiV1EditorLink> {
  if (opts.templateId) {
    // Another tenant's template: 404 (getTemplate).
    const template = await getTemplate({ platform: opts.platform, actor: opts.actor, id: opts.templateId });
    if (template.archivedAt) throw new AppError('INVALID_TRANSITION', 'This template is archived: restore it before editing it.');
  }
  return issueEditorLink(opts, { kind: 'template', templateId: opts.templateId ?? null });
}

/**
 * Hourly: the links past their end go (they open nothing, and the token hashes of a busy integration would pile up).
 * A tenant's own are also cleared when it makes its next link.
 */
export async function sweepEndedEditorLinks(platform: Platform): Promise<{ deleted: number }> {
  const deleted = await platform.database.inSystem((tx) => repo.deleteEditorLinksEndedBefore(tx, platform.clock()));
  return { deleted };
}
export const editorLinkSweepQueue = 'apikeys-editor-link-sweep';

type ResolvedLink = Awaited<ReturnType<EmbedDraftResolver>>;

/** The link of a token, live (its date, its key, its request still a draft), with the session its calls act in; null otherwise. */
async function resolveEditorLink(platform: Platform, token: string, ip: string): Promise<ResolvedLink | null> {
  if (!editorTokenPattern.test(token)) return null;
  const db = platform.database.db;
  const now = platform.clock();
  const link = await repo.findEditorLinkByHash(db, sha256(token));
  if (!link || link.expiresAt <= now) return null;
  const key = await repo.findKeyById(db, link.apiKeyId);
  if (!key || !keyIsLive(key, now)) return null;
  if (!(await targetStillEditable(db, link))) return null;
  const session = await keySession(db, key, ip, editorPermissions, `editor:${link.id}`);
  if (!session) return null;
  return {
    link: {
      kind: link.kind,
      requestId: link.requestId,
      templateId: link.templateId,
      expiresAt: link.expiresAt,
      maySend: key.scopes.includes('send'),
      bindTemplate: (templateId, tx) => repo.bindEditorLinkTemplate(tx, link.id, templateId),
    },
    session,
  };
}

/** A draft still a draft; a template still there and not archived (a new template's link: nothing to check yet). */
async function targetStillEditable(db: Executor, link: repo.EditorLinkRow): Promise<boolean> {
  if (link.kind === 'request') return link.requestId !== null && (await requestForSigning(db, link.appId, link.requestId))?.status === 'draft';
  return link.templateId === null || (await templateStateOf(db, link.appId, link.templateId)) === 'active';
}

/** The guard's resolver of `Authorization: Embed <token>` (server.ts wires it). */
export function editorLinkResolver(platform: Platform): EmbedDraftResolver {
  return async (token, ip) => {
    const resolved = await resolveEditorLink(platform, token, ip);
    if (!resolved)
      throw new AppError(
        'UNAUTHENTICATED',
        'This editor link is unknown or has ended (past its 15 minutes, its request sent or deleted, its template archived, or its API key revoked).',
      );
    return resolved;
  };
}

/**
 * What `GET /embed/edit/<token>` and `GET /embed/template/<token>` need: what the link opens (a draft; a template, or
 * `new`) and the origins that may frame it (the tenant's, while it is enabled); nothing for a link that no longer
 * works or is of the other kind (the page then says so, framed by no one).
 */
export async function editorPageOf(platform: Platform, token: string, kind: 'request' | 'template'): Promise<{ opens: string; origins: string[] } | null> {
  const resolved = await resolveEditorLink(platform, token, '');
  if (!resolved || !resolved.session.tenantEnabled || resolved.link.kind !== kind) return null;
  const appId = resolved.session.actor.appId;
  const application = await platform.database.inTenant(appId, (tx) => getApplication(tx, appId));
  const opens = kind === 'request' ? resolved.link.requestId! : (resolved.link.templateId ?? 'new');
  return { opens, origins: embedOriginsOf(application) };
}
