import { randomBytes } from 'node:crypto';
import { editorLinkMinutes, editorTokenPattern, embedEditPathPrefix, type ApiV1EditorLink, type Permission } from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { EmbedDraftResolver } from '../../platform/http/guard.ts';
import { getSignatureRequest, requestForSigning } from '../signatures/index.ts';
import { embedOriginsOf, getApplication } from '../tenants/index.ts';
import * as repo from './repository.ts';
import { keyIsLive, keySession, sha256 } from './service.ts';

/**
 * Embedded sending (docs/embedding.md): an API key asks for a link to a draft's editor, which the tenant's site shows
 * in an iframe. The token in the link is the embedded editor's only credential (no cookie): 32 random bytes, kept as
 * their SHA-256, working for `editorLinkMinutes`, for that draft only, while the key is live and the request a draft.
 */

/** What the embedded editor may do: read and edit its draft (the guard lets it reach that draft's editing calls only). */
const editorPermissions: ReadonlySet<Permission> = new Set<Permission>(['signatures.read', 'signatures.create']);

export async function createEditorLink(opts: { platform: Platform; actor: Actor; apiKeyId: string; requestId: string }): Promise<ApiV1EditorLink> {
  const { platform, actor } = opts;
  // Another tenant's request, or one the key cannot see: 404 (getSignatureRequest).
  const { row } = await getSignatureRequest({ platform, actor, id: opts.requestId });
  if (row.status !== 'draft') throw new AppError('INVALID_TRANSITION', `Only a draft has an editor link: this request is ${row.status}.`);
  const now = platform.clock();
  const token = `ee_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + editorLinkMinutes * 60_000);
  await platform.database.inTenant(actor.appId, async (tx) => {
    await repo.deleteExpiredEditorLinks(tx, actor.appId, now);
    const link = await repo.insertEditorLink(tx, {
      appId: actor.appId,
      requestId: row.id,
      tokenHash: sha256(token),
      apiKeyId: opts.apiKeyId,
      expiresAt,
      createdAt: now,
    });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'apikey.editor_link_created',
      targetType: 'signature_request',
      targetId: row.id,
      data: { linkId: link.id, apiKeyId: opts.apiKeyId, expiresAt: expiresAt.toISOString() },
      ip: actor.ip,
    });
  });
  return { url: `${platform.config.publicUrl}${embedEditPathPrefix}${token}`, expiresAt: expiresAt.toISOString() };
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
  const request = await requestForSigning(db, link.appId, link.requestId);
  if (request?.status !== 'draft') return null;
  const session = await keySession(db, key, ip, editorPermissions, `editor:${link.id}`);
  if (!session) return null;
  return { link: { requestId: link.requestId, expiresAt: link.expiresAt, maySend: key.scopes.includes('send') }, session };
}

/** The guard's resolver of `Authorization: Embed <token>` (server.ts wires it). */
export function editorLinkResolver(platform: Platform): EmbedDraftResolver {
  return async (token, ip) => {
    const resolved = await resolveEditorLink(platform, token, ip);
    if (!resolved)
      throw new AppError(
        'UNAUTHENTICATED',
        'This editor link is unknown or has ended (past its 15 minutes, its request sent or deleted, or its API key revoked).',
      );
    return resolved;
  };
}

/**
 * What `GET /embed/edit/<token>` needs: the draft it opens and the origins that may frame it (the tenant's, while it
 * is enabled); nothing for a link that no longer works (the page then says so, framed by no one).
 */
export async function editorPageOf(platform: Platform, token: string): Promise<{ requestId: string; origins: string[] } | null> {
  const resolved = await resolveEditorLink(platform, token, '');
  if (!resolved || !resolved.session.tenantEnabled) return null;
  const appId = resolved.session.actor.appId;
  const application = await platform.database.inTenant(appId, (tx) => getApplication(tx, appId));
  return { requestId: resolved.link.requestId, origins: embedOriginsOf(application) };
}
