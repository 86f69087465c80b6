import { createHash, randomBytes } from 'node:crypto';
import {
  apiKeyPrefixLength,
  apiKeyScopePermissions,
  apiKeySecretPattern,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyInput,
  createApiKeyInputSchema,
  type Permission,
} from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Executor } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ApiKeyResolver, GuardSession } from '../../platform/http/guard.ts';
import { featuresOf, getApplication } from '../tenants/index.ts';
import { createTechnicalUser, displayNamesOf, findUsersByIds } from '../users/index.ts';
import * as repo from './repository.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** lastUsedAt moves at most this often (a write per call would make every read a write). */
const lastUsedResolutionMs = 60_000;

async function present(platform: Platform, appId: string, rows: repo.ApiKeyRow[]): Promise<ApiKey[]> {
  const names = await platform.database.inTenant(appId, (tx) =>
    displayNamesOf(
      tx,
      rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])),
    ),
  );
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    prefix: r.prefix,
    scopes: r.scopes,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy ? { id: r.createdBy, name: names.get(r.createdBy) ?? '' } : null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
}

export async function listApiKeys(opts: Options): Promise<ApiKey[]> {
  const { platform, actor } = opts;
  const rows = await platform.database.inTenant(actor.appId, (tx) => repo.listKeys(tx, actor.appId));
  return present(platform, actor.appId, rows);
}

/** A new key: the secret is returned this once (only its hash is kept). */
export async function createApiKey(opts: Options & { input: ReturnType<typeof createApiKeyInputSchema.parse> }): Promise<ApiKey & { secret: string }> {
  const { platform, actor, input } = opts;
  const now = platform.clock();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt.length === 10 ? `${input.expiresAt}T23:59:59.999Z` : input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) {
    throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', {
      fields: [{ field: 'expiresAt', rule: 'out_of_range', message: 'The expiry must be in the future.' }],
    });
  }
  const { row, secret } = await platform.database.inTenant(actor.appId, async (tx) => {
    const application = await getApplication(tx, actor.appId);
    const secret = `pk_${application.testMode ? 'test' : 'live'}_${randomBytes(32).toString('base64url')}`;
    const userId =
      (await repo.technicalUserOf(tx, actor.appId)) ??
      (await createTechnicalUser(tx, { appId: actor.appId, firstName: 'API', lastName: application.company || 'technical user' })).id;
    const row = await repo.insertKey(tx, {
      appId: actor.appId,
      label: input.label,
      prefix: secret.slice(0, apiKeyPrefixLength),
      secretHash: sha256(secret),
      scopes: input.scopes,
      userId,
      createdBy: actor.realUserId,
      expiresAt,
      createdAt: now,
    });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'apikey.created',
      targetType: 'api_key',
      targetId: row.id,
      data: { label: row.label, scopes: row.scopes },
      ip: actor.ip,
    });
    await platform.events.emit(tx, {
      type: 'apikey.created',
      appId: actor.appId,
      actorUserId: actor.realUserId,
      data: { keyId: row.id, label: row.label, scopes: row.scopes },
    });
    return { row, secret };
  });
  return { ...(await present(platform, actor.appId, [row]))[0]!, secret };
}

/** Revoked at once: the guard reads the key on every call (no cache). */
export async function revokeApiKey(opts: Options & { id: string }): Promise<ApiKey> {
  const { platform, actor } = opts;
  const row = await platform.database.inTenant(actor.appId, async (tx) => {
    const revoked = await repo.revokeKey(tx, actor.appId, opts.id, platform.clock());
    if (!revoked) {
      const existing = await repo.findKey(tx, actor.appId, opts.id);
      if (!existing) throw notFound('API key');
      return existing;
    }
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'apikey.revoked',
      targetType: 'api_key',
      targetId: revoked.id,
      data: { label: revoked.label },
      ip: actor.ip,
    });
    await platform.events.emit(tx, {
      type: 'apikey.revoked',
      appId: actor.appId,
      actorUserId: actor.realUserId,
      data: { keyId: revoked.id, label: revoked.label },
    });
    return revoked;
  });
  return (await present(platform, actor.appId, [row]))[0]!;
}

export const permissionsOfScopes = (scopes: readonly ApiKeyScope[]) => new Set(scopes.flatMap((scope) => apiKeyScopePermissions[scope]));

/**
 * The session a key acts in: its technical user acts (audit), the key's creator owns what it makes (its mails and
 * notifications reach a person) — as in commuted mode; creator deleted or deactivated: the technical user owns them
 * too. Null when the technical user is no longer active. Shared by the key's own calls and its editor links.
 */
export async function keySession(
  db: Executor,
  key: repo.ApiKeyRow,
  ip: string,
  permissions: ReadonlySet<Permission>,
  sessionId: string,
): Promise<GuardSession | null> {
  // The technical user and the key's creator in one round trip.
  const found = await findUsersByIds(db, key.createdBy ? [key.userId, key.createdBy] : [key.userId]);
  const user = found.find((u) => u.id === key.userId);
  if (!user?.active) return null;
  const application = await getApplication(db, key.appId);
  const creator = key.createdBy ? found.find((u) => u.id === key.createdBy) : undefined;
  const owner = creator?.active && creator.appId === key.appId ? creator : user;
  const session: GuardSession = {
    // Visibility: the whole tenant (docs/api-v1.md, "Keys") — an integration follows every request, campaign and
    // operation of its tenant, whoever made them. The profile only widens what is seen (ownerScope); what a key
    // may do is still its scopes' permissions alone.
    actor: { appId: key.appId, userId: owner.id, profile: 'GERANT', isProductAdmin: false, permissions, realUserId: user.id, sessionId, ip },
    secondFactorVerified: true,
    tenantEnabled: application.enabled,
    tenantFeatures: featuresOf(application),
    details: { apiKeyId: key.id },
  };
  return session;
}

/** Live: not revoked, not past its date. */
export const keyIsLive = (key: repo.ApiKeyRow, now: Date) => !key.revokedAt && !(key.expiresAt && key.expiresAt <= now);

/** The guard's API-key resolver (server.ts wires it): the key, live, and its technical user as the actor. */
export function apiKeyResolver(platform: Platform): ApiKeyResolver {
  return async (secret, ip) => {
    const invalid = () => new AppError('UNAUTHENTICATED', 'Unknown, revoked or expired API key.');
    if (!apiKeySecretPattern.test(secret)) throw invalid();
    const now = platform.clock();
    const db = platform.database.db;
    const key = await repo.findKeyByHash(db, sha256(secret));
    if (!key || !keyIsLive(key, now)) throw invalid();
    const session = await keySession(db, key, ip, permissionsOfScopes(key.scopes), `apikey:${key.id}`);
    if (!session) throw invalid();
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= lastUsedResolutionMs) {
      await repo.touchKey(db, key.id, now, new Date(now.getTime() - lastUsedResolutionMs));
    }
    return { key: { id: key.id, label: key.label, scopes: key.scopes }, session };
  };
}

export type { CreateApiKeyInput };
