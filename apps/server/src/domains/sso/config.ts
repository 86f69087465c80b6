import { managerProfiles, pathOf, ssoEndpoints, type SsoConfig, type SsoConfigInput } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Executor } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { seal, unseal } from '../../platform/sealed.ts';
import { findUserById } from '../users/index.ts';
import { discover, redirectUriOf } from './oidc.ts';
import * as repo from './repository.ts';

/** The client secret's sealing label: a key of its own, derived from the instance secret (platform/sealed.ts). */
const secretLabel = 'paraphe:sso:client-secret:v1';
export const sealSecret = (platform: Platform, plain: string) => seal(platform.secret, secretLabel, plain);
export const unsealSecret = (platform: Platform, sealed: string) => unseal(platform.secret, secretLabel, sealed);

export const startPathOf = (appId: string) => pathOf(ssoEndpoints.start, { appId });
export const startUrlOf = (platform: Platform, appId: string) => `${platform.config.publicUrl}${startPathOf(appId)}`;

function present(platform: Platform, appId: string, row: repo.SsoConfigRow | undefined, domains: string[]): SsoConfig {
  return {
    configured: Boolean(row),
    enabled: row?.enabled ?? false,
    providerName: row?.providerName ?? null,
    issuer: row?.issuer ?? null,
    clientId: row?.clientId ?? null,
    clientSecretSet: Boolean(row?.clientSecretSealed),
    allowedDomains: domains,
    defaultProfile: row?.defaultProfile ?? 'COMMERCIAL',
    defaultParentId: row?.defaultParentId ?? null,
    ssoOnly: row?.ssoOnly ?? false,
    breakGlassUserId: row?.breakGlassUserId ?? null,
    redirectUri: redirectUriOf(platform),
    startUrl: startUrlOf(platform, appId),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

async function view(platform: Platform, db: Executor, appId: string): Promise<SsoConfig> {
  return present(platform, appId, await repo.findConfig(db, appId), await repo.domainsOf(db, appId));
}

export async function getConfig(opts: { platform: Platform; actor: Actor }): Promise<SsoConfig> {
  return opts.platform.database.inTenant(opts.actor.appId, (tx) => view(opts.platform, tx, opts.actor.appId));
}

/**
 * The default line manager (a director or manager) and the break-glass administrator (a director) must be the
 * tenant's: another tenant's user is answered as absent.
 */
async function assertPeople(db: Executor, actor: Actor, input: SsoConfigInput) {
  if (input.defaultParentId) {
    const parent = await findUserById(db, input.defaultParentId);
    if (!parent || parent.appId !== actor.appId) throw notFound('User');
    if (!managerProfiles.includes(parent.profile)) throw fieldError('defaultParentId', 'invalid_value', 'A line manager must be a director or a manager.');
  }
  if (input.breakGlassUserId) {
    const admin = await findUserById(db, input.breakGlassUserId);
    if (!admin || admin.appId !== actor.appId) throw notFound('User');
    if (admin.profile !== 'GERANT' || !admin.active)
      throw fieldError('breakGlassUserId', 'invalid_value', 'The break-glass administrator must be an active director.');
  }
}

/**
 * Saves the tenant's provider. The discovery document is fetched first (the only moment, with `testConfig`, the
 * server contacts the issuer unasked by a login): a provider that does not answer is not saved.
 */
export async function saveConfig(opts: { platform: Platform; actor: Actor; input: SsoConfigInput }): Promise<SsoConfig> {
  const { platform, actor, input } = opts;
  const db = platform.database.db;
  await assertPeople(db, actor, input);
  const current = await platform.database.inTenant(actor.appId, (tx) => repo.findConfig(tx, actor.appId));
  if (!input.clientSecret && !current) throw fieldError('clientSecret', 'required', 'The client secret is required.');
  const secret = input.clientSecret ?? unsealSecret(platform, current!.clientSecretSealed);
  const domains = [...new Set(input.allowedDomains)];
  const taken = await platform.database.inSystem((tx) => repo.domainsTakenElsewhere(tx, actor.appId, domains));
  if (taken.length > 0) throw new AppError('CONFLICT', `Another account already signs in with ${taken.join(', ')}.`, { details: { domains: taken } });
  const metadata = await discover(platform, input.issuer, input.clientId, secret);
  return platform.database.inTenant(actor.appId, async (tx) => {
    await repo.saveConfig(
      tx,
      actor.appId,
      {
        enabled: input.enabled,
        providerName: input.providerName,
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecretSealed: input.clientSecret ? sealSecret(platform, input.clientSecret) : current!.clientSecretSealed,
        metadata,
        defaultProfile: input.defaultProfile,
        defaultParentId: input.defaultParentId,
        ssoOnly: input.ssoOnly,
        breakGlassUserId: input.breakGlassUserId,
        updatedBy: actor.realUserId,
        updatedAt: platform.clock(),
      },
      domains,
    );
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'sso.config_updated',
      targetType: 'application',
      targetId: actor.appId,
      // Never the secret: only whether it changed.
      data: {
        enabled: input.enabled,
        issuer: input.issuer,
        clientId: input.clientId,
        allowedDomains: domains,
        defaultProfile: input.defaultProfile,
        ssoOnly: input.ssoOnly,
        breakGlassUserId: input.breakGlassUserId,
        secretChanged: Boolean(input.clientSecret),
      },
      ip: actor.ip,
    });
    return view(platform, tx, actor.appId);
  });
}

/** Fetches the saved provider's discovery document again and keeps it (keys or endpoints moved). */
export async function testConfig(opts: { platform: Platform; actor: Actor }): Promise<SsoConfig> {
  const { platform, actor } = opts;
  const current = await platform.database.inTenant(actor.appId, (tx) => repo.findConfig(tx, actor.appId));
  if (!current) throw notFound('SSO configuration');
  const metadata = await discover(platform, current.issuer, current.clientId, unsealSecret(platform, current.clientSecretSealed));
  return platform.database.inTenant(actor.appId, async (tx) => {
    await repo.updateMetadata(tx, actor.appId, metadata, platform.clock());
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'sso.config_tested',
      targetType: 'application',
      targetId: actor.appId,
      ip: actor.ip,
    });
    return view(platform, tx, actor.appId);
  });
}

/** The password-login gate (platform/login-gates.ts): an SSO-only tenant's users, its break-glass director aside. */
export async function ssoOnlyRefusal(db: Executor, user: { id: string; appId: string; isProductAdmin: boolean }): Promise<AppError | undefined> {
  if (user.isProductAdmin) return undefined;
  const config = await repo.findConfig(db, user.appId);
  if (!config?.enabled || !config.ssoOnly || config.breakGlassUserId === user.id) return undefined;
  return new AppError('SSO_REQUIRED', undefined, { details: { startUrl: startPathOf(user.appId), providerName: config.providerName } });
}
