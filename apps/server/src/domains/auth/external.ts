import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { recordTenantConnection } from '../tenants/index.ts';
import { recordConnection, type UserRow } from '../users/index.ts';
import { insertUserSession } from './service.ts';

/**
 * A session for a user an identity provider vouched for (single sign-on, docs/sso.md), in the caller's transaction
 * (the user may have just been created in it). The provider did the authentication, its own second factor
 * included: the session needs no code of ours. The caller checked that the account is active.
 */
export async function openSsoSession(
  platform: Platform,
  tx: Tx,
  user: UserRow,
  meta: { ip?: string; userAgent?: string; issuer: string },
): Promise<{ cookieToken: string; sessionId: string }> {
  const now = platform.clock();
  const { token, session } = await insertUserSession(tx, user, { ip: meta.ip, userAgent: meta.userAgent, verifiedAt: now, now });
  await recordConnection(tx, user.id, now);
  await recordTenantConnection(tx, user.appId, now);
  await audit(tx, {
    appId: user.appId,
    actorUserId: user.id,
    action: 'auth.login',
    targetType: 'session',
    targetId: session.id,
    data: { method: 'sso', issuer: meta.issuer },
    ip: meta.ip,
  });
  return { cookieToken: token, sessionId: session.id };
}
