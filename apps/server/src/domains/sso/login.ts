import type { SsoErrorCode } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { hashToken } from '../../platform/http/tokens.ts';
import { openSsoSession, refuseDuringMaintenance } from '../auth/index.ts';
import { getApplication, settingsOf } from '../tenants/index.ts';
import { createProvisionedUser, findUserByEmail, findUserById, type UserRow } from '../users/index.ts';
import { startPathOf, unsealSecret } from './config.ts';
import { authorizationUrl, configurationOf, exchangeCode, newLoginChecks, type VerifiedIdentity } from './oidc.ts';
import * as repo from './repository.ts';

/** How long a login may stay at the provider (the state, nonce and verifier are then refused). */
export const loginStateMinutes = 10;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
const loginPage = (platform: Platform, error: SsoErrorCode) => `${platform.config.publicUrl}/#/?sso=${error}`;

/** The login page's lookup: by the e-mail's domain only (a domain belongs to one tenant), never by account. */
export async function discoverByEmail(opts: { platform: Platform; email: string }) {
  const config = await opts.platform.database.inSystem((tx) => repo.enabledConfigForDomain(tx, domainOf(opts.email)));
  if (!config) return { provider: null };
  return { provider: { name: config.providerName, startUrl: startPathOf(config.appId) } };
}

/**
 * Starts a login at the tenant's provider: state, nonce and PKCE verifier stored server-side (the state hashed),
 * the browser sent to the authorization endpoint of the stored discovery document (no network here).
 */
export async function startLogin(opts: { platform: Platform; appId: string }): Promise<string> {
  const { platform, appId } = opts;
  const config = await platform.database.inTenant(appId, (tx) => repo.findConfig(tx, appId)).catch(() => undefined);
  if (!config?.enabled) return loginPage(platform, 'unavailable');
  const checks = await newLoginChecks();
  const now = platform.clock();
  await platform.database.inTenant(appId, (tx) =>
    repo.insertLoginState(
      tx,
      {
        appId,
        stateHash: hashToken(checks.state),
        nonce: checks.nonce,
        codeVerifier: checks.codeVerifier,
        expiresAt: new Date(now.getTime() + loginStateMinutes * 60_000),
      },
      now,
    ),
  );
  const configuration = configurationOf(platform, config.metadata, config.clientId, unsealSecret(platform, config.clientSecretSealed));
  return authorizationUrl(platform, configuration, checks).toString();
}

type Outcome = { location: string; cookieToken?: string };

async function refuse(platform: Platform, appId: string, reason: SsoErrorCode, data: Record<string, unknown> = {}): Promise<Outcome> {
  await platform.database.inTenant(appId, (tx) =>
    audit(tx, { appId, actorUserId: null, action: 'sso.login_refused', targetType: 'application', targetId: appId, data: { reason, ...data } }),
  );
  return { location: loginPage(platform, reason) };
}

/**
 * The provider's redirect. The state is consumed first (a replay, a forged or a stale state stops here, before any
 * network); then the code is exchanged and the ID token validated by openid-client; then the e-mail must be
 * verified by the provider and in the tenant's domains; the account is the tenant's (an existing one) or created
 * just in time; the session is opened in the same transaction.
 */
export async function completeLogin(opts: {
  platform: Platform;
  query: { state?: string; error?: string };
  rawQuery: string;
  ip?: string;
  userAgent?: string;
}): Promise<Outcome> {
  const { platform, query } = opts;
  if (!query.state) return { location: loginPage(platform, 'state_invalid') };
  const now = platform.clock();
  const pending = await platform.database.inSystem((tx) => repo.consumeLoginState(tx, hashToken(query.state!), now));
  if (!pending) return { location: loginPage(platform, 'state_invalid') };
  const appId = pending.appId;
  if (query.error) return refuse(platform, appId, 'declined', { error: query.error.slice(0, 100) });
  const config = await platform.database.inTenant(appId, (tx) => repo.findConfig(tx, appId));
  if (!config?.enabled) return { location: loginPage(platform, 'unavailable') };

  let identity: VerifiedIdentity;
  try {
    const configuration = configurationOf(platform, config.metadata, config.clientId, unsealSecret(platform, config.clientSecretSealed));
    identity = await exchangeCode(platform, configuration, opts.rawQuery, { state: query.state, nonce: pending.nonce, codeVerifier: pending.codeVerifier });
  } catch (error) {
    // The message only: openid-client's errors may carry the provider's answer (tokens) as their cause.
    const message = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : 'unknown';
    platform.logger.warn({ appId, reason: message }, 'sso: the code exchange or the ID token was refused');
    return refuse(platform, appId, 'token_invalid', { message });
  }
  if (!identity.email || !identity.emailVerified) return refuse(platform, appId, 'email_unverified', { subject: identity.subject });
  const domains = await platform.database.inTenant(appId, (tx) => repo.domainsOf(tx, appId));
  if (!domains.includes(domainOf(identity.email))) return refuse(platform, appId, 'domain_refused', { email: identity.email });

  const existing = await findUserByEmail(platform.database.db, identity.email);
  // Another tenant's account, a deactivated one, the product administrator: not for this provider to open.
  if (existing && (existing.appId !== appId || !existing.active || existing.isProductAdmin)) {
    return refuse(platform, appId, 'account_refused', { email: identity.email });
  }
  try {
    if (existing) await refuseDuringMaintenance(platform, existing);
    else await refuseDuringMaintenance(platform, { isProductAdmin: false });
  } catch {
    return { location: loginPage(platform, 'unavailable') };
  }
  const session = await platform.database.inTenant(appId, async (tx) => {
    const user = existing ?? (await provision(platform, tx, config, identity));
    const opened = await openSsoSession(platform, tx, user, { ip: opts.ip, userAgent: opts.userAgent, issuer: config.issuer });
    await audit(tx, {
      appId,
      actorUserId: user.id,
      action: 'sso.login',
      targetType: 'user',
      targetId: user.id,
      data: { subject: identity.subject, issuer: config.issuer, provisioned: !existing },
      ip: opts.ip,
    });
    return opened;
  });
  return { location: `${platform.config.publicUrl}/`, cookieToken: session.cookieToken };
}

/** The just-in-time account: the tenant's default profile and line manager (when still one of its managers). */
async function provision(platform: Platform, tx: Tx, config: repo.SsoConfigRow, identity: VerifiedIdentity): Promise<UserRow> {
  const parent = config.defaultParentId ? await findUserById(tx, config.defaultParentId) : undefined;
  const application = await getApplication(tx, config.appId);
  return createProvisionedUser(platform, tx, {
    appId: config.appId,
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    profile: config.defaultProfile,
    parentId: parent?.appId === config.appId ? parent.id : null,
    language: settingsOf(application).defaultLanguage,
    now: platform.clock(),
  });
}
