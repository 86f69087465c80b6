import { createHmac, timingSafeEqual } from 'node:crypto';
import { crmEndpoints, crmReturnQuery, type CrmCallbackErrorCode, type CrmConnectionState, type CrmContact } from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { deriveKey } from '../../platform/secrets.ts';
import { displayNamesOf } from '../users/index.ts';
import * as hubspot from './hubspot.ts';
import * as repo from './repository.ts';
import { openToken, sealToken, settingsOf, unavailable, withAccessToken } from './tokens.ts';

/**
 * The HubSpot connector (docs/connectors.md "HubSpot"): connect (OAuth authorisation code), state, disconnect,
 * contacts search. The write-back to the contacts' timelines is in writeback.ts.
 */
export const stateLifetimeMs = 10 * 60_000;
/** Scopes asked at Connect: contacts read (search, notes' association), notes are CRM objects, files for the signed documents. */
export const requestedScopes = ['crm.objects.contacts.read', 'crm.objects.contacts.write', 'files'] as const;
const STATE_LABEL = 'paraphe:crm:oauth-state:v1';

const redirectUri = (platform: Platform) => `${platform.config.publicUrl}${crmEndpoints.callback.path}`;
const stateMac = (platform: Platform, payload: string) => createHmac('sha256', deriveKey(platform.secret, STATE_LABEL)).update(payload).digest('base64url');

/** The authorisation URL: a state row (tenant, user, 10 min) whose id and tenant travel signed in `state`. */
export async function startConnect(opts: { platform: Platform; actor: Actor }): Promise<{ authorizeUrl: string }> {
  const { platform, actor } = opts;
  const settings = settingsOf(platform);
  const now = platform.clock();
  const stateId = await platform.database.inTenant(actor.appId, async (tx) => {
    const id = await repo.insertState(tx, { appId: actor.appId, userId: actor.userId, expiresAt: new Date(now.getTime() + stateLifetimeMs) }, now);
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.userId,
      action: 'crm.connect_started',
      targetType: 'crm_connection',
      targetId: id,
      data: { provider: 'hubspot' },
    });
    return id;
  });
  const payload = `${stateId}.${actor.appId}`;
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', redirectUri(platform));
  url.searchParams.set('scope', requestedScopes.join(' '));
  url.searchParams.set('state', `${payload}.${stateMac(platform, payload)}`);
  return { authorizeUrl: url.toString() };
}

/** Where the browser goes back to: the settings' Marketplace tab, with the outcome. */
export function returnUrl(platform: Platform, outcome: { ok: true } | { ok: false; code: CrmCallbackErrorCode }): string {
  const query = outcome.ok ? `${crmReturnQuery.param}=${crmReturnQuery.connected}` : `${crmReturnQuery.param}=${crmReturnQuery.error}&code=${outcome.code}`;
  return `${platform.config.publicUrl}/#/settings/configuration?tab=marketplace&${query}`;
}

class CallbackRefusal extends Error {
  readonly code: CrmCallbackErrorCode;
  constructor(code: CrmCallbackErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

function verifiedState(platform: Platform, state: string): { stateId: string; appId: string } {
  const parts = state.split('.');
  if (parts.length !== 3) throw new CallbackRefusal('state_invalid', 'malformed state');
  const [stateId, appId, mac] = parts as [string, string, string];
  const expected = Buffer.from(stateMac(platform, `${stateId}.${appId}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new CallbackRefusal('state_invalid', 'forged state');
  if (!/^[0-9a-f-]{36}$/.test(stateId) || !/^[0-9a-f-]{36}$/.test(appId)) throw new CallbackRefusal('state_invalid', 'malformed state');
  return { stateId, appId };
}

/**
 * HubSpot's redirect: the state checked (signature, tenant, 10 min, single use), the code exchanged, the portal
 * read, the tokens stored sealed. Answers the SPA address to send the browser to; a refusal is 400 with its code
 * in the address (the browser lands on a readable message, never on JSON).
 */
export async function completeConnect(opts: {
  platform: Platform;
  query: { code?: string; state?: string; error?: string };
}): Promise<{ status: 302 | 400; location: string }> {
  const { platform, query } = opts;
  try {
    if (!platform.config.hubspot) throw new CallbackRefusal('not_configured', 'HUBSPOT_CLIENT_ID is not set');
    if (!query.state) throw new CallbackRefusal('state_invalid', 'no state');
    const { stateId, appId } = verifiedState(platform, query.state);
    const now = platform.clock();
    // Consumed before anything else: a declined consent or a failed exchange spends it too.
    const stateRow = await platform.database.inTenant(appId, (tx) => repo.consumeState(tx, appId, stateId, now));
    if (!stateRow) throw new CallbackRefusal('state_invalid', 'unknown or already used state');
    if (stateRow.expiresAt <= now) throw new CallbackRefusal('state_invalid', 'expired state');
    if (query.error || !query.code) throw new CallbackRefusal('declined', query.error ?? 'no code');
    const settings = settingsOf(platform);
    let tokens: hubspot.TokenSet;
    let info: hubspot.TokenInfo;
    try {
      tokens = await hubspot.exchangeCode(settings, query.code, redirectUri(platform));
      info = await hubspot.tokenInfo(settings, tokens.accessToken);
    } catch (error) {
      platform.logger.warn({ err: error, appId }, 'crm: HubSpot code exchange failed');
      throw new CallbackRefusal('exchange_failed', error instanceof Error ? error.message : 'exchange failed');
    }
    await platform.database.inTenant(appId, async (tx) => {
      const previous = await repo.findConnection(tx, appId);
      const row = await repo.upsertConnection(tx, {
        appId,
        provider: 'hubspot',
        portalId: info.hubId,
        hubDomain: info.hubDomain,
        accessTokenSealed: sealToken(platform, tokens.accessToken),
        refreshTokenSealed: sealToken(platform, tokens.refreshToken),
        accessExpiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
        scopes: info.scopes,
        connectedBy: stateRow.userId,
        connectedAt: now,
      });
      await audit(tx, {
        appId,
        actorUserId: stateRow.userId,
        action: 'crm.connected',
        targetType: 'crm_connection',
        targetId: row.id,
        data: { portalId: info.hubId, hubDomain: info.hubDomain, reconnected: !!previous },
      });
      await platform.events.emit(tx, {
        type: 'crm.connected',
        appId,
        actorUserId: stateRow.userId,
        data: { provider: 'hubspot', portalId: info.hubId, connectedBy: stateRow.userId },
      });
    });
    return { status: 302, location: returnUrl(platform, { ok: true }) };
  } catch (error) {
    if (!(error instanceof CallbackRefusal)) throw error;
    platform.logger.info({ reason: error.message }, 'crm: HubSpot callback refused');
    return { status: error.code === 'declined' ? 302 : 400, location: returnUrl(platform, { ok: false, code: error.code }) };
  }
}

export async function connectionState(opts: { platform: Platform; appId: string }): Promise<CrmConnectionState> {
  const { platform, appId } = opts;
  const configured = !!platform.config.hubspot;
  return platform.database.inTenant(appId, async (tx) => {
    const row = await repo.findConnection(tx, appId);
    const failures = row ? await repo.recentFailures(tx, appId) : [];
    const names = row?.connectedBy ? await displayNamesOf(tx, [row.connectedBy]) : new Map<string, string>();
    return {
      provider: 'hubspot',
      configured,
      connected: !!row,
      state: row?.state ?? null,
      brokenReason: row?.state === 'broken' ? row.lastError : null,
      portalId: row?.portalId ?? null,
      hubDomain: row?.hubDomain ?? null,
      connectedBy: row ? { userId: row.connectedBy, name: (row.connectedBy && names.get(row.connectedBy)) || '—' } : null,
      connectedAt: row?.connectedAt.toISOString() ?? null,
      scopes: row?.scopes ?? [],
      lastErrors: failures.map((f) => ({ requestId: f.requestId, signerId: f.signerId, idc: f.idc, message: f.error ?? '', at: f.updatedAt.toISOString() })),
    };
  });
}

/**
 * Disconnect: the tokens deleted (with the audit and the event) whatever HubSpot says; the refresh token is revoked
 * at HubSpot first, best effort, so an unreachable HubSpot never keeps a tenant connected.
 */
export async function disconnect(opts: { platform: Platform; actor: Actor }): Promise<void> {
  const { platform, actor } = opts;
  const row = await platform.database.inTenant(actor.appId, (tx) => repo.findConnection(tx, actor.appId));
  if (!row) throw new AppError('CRM_NOT_CONNECTED');
  let revoked = false;
  if (platform.config.hubspot) {
    try {
      await hubspot.revokeRefreshToken(platform.config.hubspot, openToken(platform, row.refreshTokenSealed));
      revoked = true;
    } catch (error) {
      platform.logger.warn({ err: error, appId: actor.appId }, 'crm: HubSpot refresh token not revoked (tokens deleted anyway)');
    }
  }
  await platform.database.inTenant(actor.appId, async (tx) => {
    const deleted = await repo.deleteConnection(tx, actor.appId);
    if (!deleted) return;
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.userId,
      action: 'crm.disconnected',
      targetType: 'crm_connection',
      targetId: deleted.id,
      data: { portalId: deleted.portalId, revokedAtHubSpot: revoked },
    });
    await platform.events.emit(tx, {
      type: 'crm.disconnected',
      appId: actor.appId,
      actorUserId: actor.userId,
      data: { provider: 'hubspot', portalId: deleted.portalId },
    });
  });
}

export async function searchContacts(opts: { platform: Platform; actor: Actor; q: string }): Promise<CrmContact[]> {
  const { platform, actor } = opts;
  const settings = settingsOf(platform);
  try {
    const found = await withAccessToken(platform, actor.appId, (token) => hubspot.searchContacts(settings, token, opts.q, 10));
    return found.map((c) => ({
      idc: c.id,
      firstname: c.properties.firstname ?? '',
      lastname: c.properties.lastname ?? '',
      email: c.properties.email ?? '',
      phone: c.properties.phone ?? '',
    }));
  } catch (error) {
    throw unavailable(error);
  }
}

/** The product administrator's view of a tenant's connection (application view, tab Marketplace). */
export async function adminConnectionState(opts: { platform: Platform; appId: string }) {
  const state = await connectionState(opts);
  return {
    connected: state.connected,
    state: state.state,
    connectedAt: state.connectedAt,
    connectedBy: state.connectedBy?.name ?? null,
    portalId: state.portalId,
  };
}
