import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { seal, unseal } from '../../platform/sealed.ts';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db/client.ts';
import * as hubspot from './hubspot.ts';
import * as repo from './repository.ts';

/**
 * The tenant's HubSpot access token, refreshed when it has less than a minute left. One refresh at a time: in this
 * process, callers of one tenant share the refresh in flight; across processes, the refresh runs with the
 * connection row locked and re-reads it, so a token refreshed meanwhile is used as it is. HubSpot refusing the
 * refresh token (invalid_grant) marks the connection broken and tells the user who connected.
 */
const TOKEN_LABEL = 'paraphe:crm:hubspot-tokens:v1';
export const refreshMarginMs = 60_000;

export const sealToken = (platform: Platform, token: string) => seal(platform.secret, TOKEN_LABEL, token);
export function openToken(platform: Platform, sealed: string): string {
  try {
    return unseal(platform.secret, TOKEN_LABEL, sealed);
  } catch (error) {
    platform.logger.error({ err: error }, 'crm: a HubSpot token cannot be decrypted: SECRET_KEY differs from the one that sealed it');
    throw new AppError('CRM_RECONNECT_REQUIRED', 'The HubSpot tokens cannot be read on this server: connect HubSpot again.', { cause: error });
  }
}

export function settingsOf(platform: Platform): hubspot.HubSpotSettings {
  if (!platform.config.hubspot) throw new AppError('CRM_NOT_CONFIGURED');
  return platform.config.hubspot;
}

const inFlight = new Map<string, Promise<string>>();

/** A usable access token of the tenant (`force`: HubSpot just answered 401 to `rejected`, refresh whatever the expiry). */
export async function accessTokenOf(platform: Platform, appId: string, opts: { force?: boolean; rejected?: string } = {}): Promise<string> {
  const settings = settingsOf(platform);
  const connection = await platform.database.inTenant(appId, (tx) => repo.findConnection(tx, appId));
  if (!connection) throw new AppError('CRM_NOT_CONNECTED');
  if (connection.state === 'broken') throw new AppError('CRM_RECONNECT_REQUIRED', undefined, { details: { reason: connection.lastError } });
  const current = openToken(platform, connection.accessTokenSealed);
  const fresh = connection.accessExpiresAt.getTime() - platform.clock().getTime() > refreshMarginMs;
  if (fresh && !(opts.force && current === opts.rejected)) return current;
  let pending = inFlight.get(appId);
  if (!pending) {
    pending = refresh(platform, settings, appId, opts).finally(() => inFlight.delete(appId));
    inFlight.set(appId, pending);
  }
  return pending;
}

async function refresh(platform: Platform, settings: hubspot.HubSpotSettings, appId: string, opts: { force?: boolean; rejected?: string }): Promise<string> {
  const outcome = await platform.database.inTenant(appId, async (tx) => {
    const row = await repo.lockConnection(tx, appId);
    if (!row) throw new AppError('CRM_NOT_CONNECTED');
    if (row.state === 'broken') throw new AppError('CRM_RECONNECT_REQUIRED', undefined, { details: { reason: row.lastError } });
    const now = platform.clock();
    const current = openToken(platform, row.accessTokenSealed);
    // Another process refreshed while this one waited for the lock.
    if (row.accessExpiresAt.getTime() - now.getTime() > refreshMarginMs && !(opts.force && current === opts.rejected)) return { token: current };
    try {
      const tokens = await hubspot.refreshTokens(settings, openToken(platform, row.refreshTokenSealed));
      await repo.updateConnection(tx, appId, {
        accessTokenSealed: sealToken(platform, tokens.accessToken),
        refreshTokenSealed: sealToken(platform, tokens.refreshToken),
        accessExpiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
        updatedAt: now,
      });
      return { token: tokens.accessToken };
    } catch (error) {
      if (error instanceof hubspot.HubSpotError && error.invalidGrant) {
        await markBroken(platform, tx, row, error.message);
        return { broken: error.message };
      }
      throw unavailable(error);
    }
  });
  if ('broken' in outcome) throw new AppError('CRM_RECONNECT_REQUIRED', undefined, { details: { reason: outcome.broken } });
  return outcome.token;
}

async function markBroken(platform: Platform, tx: Tx, row: repo.ConnectionRow, reason: string) {
  const now = platform.clock();
  await repo.updateConnection(tx, row.appId, { state: 'broken', lastError: reason, updatedAt: now });
  await audit(tx, {
    appId: row.appId,
    actorUserId: null,
    action: 'crm.connection_broken',
    targetType: 'crm_connection',
    targetId: row.id,
    data: { portalId: row.portalId, reason },
  });
  await platform.events.emit(tx, {
    type: 'crm.connection_broken',
    appId: row.appId,
    data: { provider: 'hubspot', portalId: row.portalId, connectedBy: row.connectedBy, reason },
  });
}

/** A HubSpot failure as the API answers it: CRM_UNAVAILABLE with HubSpot's messages in `details.errors` (one toast each). */
export function unavailable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof hubspot.HubSpotError)
    return new AppError('CRM_UNAVAILABLE', error.message, { details: { status: error.status, errors: error.details }, cause: error });
  return new AppError('CRM_UNAVAILABLE', undefined, { cause: error });
}

/** Runs `work` with the tenant's token; a 401 from HubSpot refreshes once and tries again. */
export async function withAccessToken<T>(platform: Platform, appId: string, work: (token: string) => Promise<T>): Promise<T> {
  const token = await accessTokenOf(platform, appId);
  try {
    return await work(token);
  } catch (error) {
    if (!(error instanceof hubspot.HubSpotError) || error.status !== 401) throw error;
    return work(await accessTokenOf(platform, appId, { force: true, rejected: token }));
  }
}
