import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { permissionsFor, seesAllUsers, type Audience } from '@paraphe/contracts';
import { descendantIds } from '../users/repository.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { hashToken, newOpaqueToken } from '../../platform/http/tokens.ts';
import * as repo from './repository.ts';
import { codeMatches, codeResendCooldownSeconds, codeTtlMinutes, hashCode, maskEmail, maskPhone, maxCodeAttempts, newSecondFactorCode } from './codes.ts';

export const sessionDays = 14;
const dummyHash = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$ZcTV1m3rEUO3aBXHsvT9F8FPlrKhPh7zmWyYqKfvlS8';

export const hashPassword = (password: string) => argonHash(password);

export interface SessionContext {
  session: repo.SessionRow;
  realUser: repo.UserRow;
  user: repo.UserRow;
  application: repo.ApplicationRow;
}

function branding(app: repo.ApplicationRow) {
  return { company: app.company, themeColor: app.settings.themeColor };
}

/** Sends a fresh second-factor code on the user's mobile when known, by e-mail otherwise (same transaction). */
async function sendCode(platform: Platform, tx: Tx, session: repo.SessionRow, user: repo.UserRow, app: repo.ApplicationRow) {
  const code = newSecondFactorCode();
  const now = platform.clock();
  const channel = user.mobile && app.features.sms ? 'sms' : 'email';
  await repo.updateSession(tx, session.id, {
    codeHash: hashCode(code, session.id),
    codeChannel: channel,
    codeSentAt: now,
    codeExpiresAt: new Date(now.getTime() + codeTtlMinutes * 60_000),
    codeAttempts: 0,
  });
  const message = {
    appId: app.isPlatform ? null : app.id,
    template: 'second-factor-code' as const,
    language: user.language,
    params: { firstName: user.firstName, code, minutes: codeTtlMinutes },
    branding: branding(app),
  };
  if (channel === 'sms') await platform.messaging.queueSms(tx, { ...message, to: user.mobile!, sender: app.settings.smsSender });
  else await platform.messaging.queueEmail(tx, { ...message, to: user.email });
  return channel;
}

export async function login(opts: { platform: Platform; email: string; password: string; ip?: string; userAgent?: string }) {
  const { platform } = opts;
  const user = await repo.findUserByEmail(platform.database.db, opts.email);
  // Same work whether the account exists or not: no account enumeration by timing.
  const valid = await argonVerify(user?.passwordHash ?? dummyHash, opts.password).catch(() => false);
  if (!user || !user.passwordHash || !valid) throw new AppError('INVALID_CREDENTIALS');
  if (!user.active) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated. Contact your administrator.');
  if (!user.emailConfirmedAt) throw new AppError('ACCOUNT_NOT_CONFIRMED', 'Confirm your e-mail address first: open the link we sent you.');

  return platform.database.inSystem(async (tx) => {
    const app = (await repo.findApplication(tx, user.appId))!;
    const now = platform.clock();
    const { token, hash } = newOpaqueToken();
    const needsCode = app.settings.doubleAuth !== false || user.isProductAdmin;
    const session = await repo.insertSession(tx, {
      appId: user.appId,
      userId: user.id,
      tokenHash: hash,
      ip: opts.ip,
      userAgent: opts.userAgent?.slice(0, 300),
      expiresAt: new Date(now.getTime() + sessionDays * 86_400_000),
      secondFactorVerifiedAt: needsCode ? null : now,
    });
    if (needsCode) await sendCode(platform, tx, session, user, app);
    else await recordConnection(tx, user.id, app.id, now);
    await audit(tx, { appId: user.appId, actorUserId: user.id, action: 'auth.login', targetType: 'session', targetId: session.id, ip: opts.ip });
    return { cookieToken: token, userId: user.id, appId: user.appId, requestDoubleAuth: needsCode };
  });
}

async function recordConnection(tx: Tx, userId: string, appId: string, now: Date) {
  await repo.updateUser(tx, userId, { lastConnectionAt: now });
  await repo.touchApplicationConnection(tx, appId, now);
}

export async function mintAccessToken(opts: { platform: Platform; cookieToken: string | undefined; audience: Audience }) {
  const { platform } = opts;
  if (!opts.cookieToken) throw new AppError('UNAUTHENTICATED', 'No session.');
  const now = platform.clock();
  const session = await repo.findLiveSessionByHash(platform.database.db, hashToken(opts.cookieToken), now);
  if (!session) throw new AppError('UNAUTHENTICATED', 'Session expired or revoked.');
  return platform.tokens.mint({ sessionId: session.id, userId: session.userId, audience: opts.audience }, now);
}

/** Loads everything a request needs from a verified access token; the session is re-checked on every call. */
export async function resolveSession(platform: Platform, sessionId: string): Promise<SessionContext> {
  const db = platform.database.db;
  const session = await repo.findLiveSession(db, sessionId, platform.clock());
  if (!session) throw new AppError('TOKEN_INVALID', 'Session expired or revoked.');
  const realUser = await repo.findUserById(db, session.userId);
  if (!realUser || !realUser.active) throw new AppError('TOKEN_INVALID', 'Account deactivated.');
  // A commuted view ends by itself when the viewed user is deactivated or deleted.
  const acting = session.actingUserId ? await repo.findUserById(db, session.actingUserId) : undefined;
  const user = acting?.active ? acting : realUser;
  const application = (await repo.findApplication(db, user.appId))!;
  return { session, realUser, user, application };
}

export function actorOf(ctx: SessionContext, ip?: string): Actor {
  return {
    appId: ctx.user.appId,
    userId: ctx.user.id,
    profile: ctx.user.profile,
    isProductAdmin: ctx.user.isProductAdmin,
    permissions: new Set(permissionsFor(ctx.user.profile, ctx.user.isProductAdmin)),
    realUserId: ctx.realUser.id,
    sessionId: ctx.session.id,
    ip,
  };
}

export function secondFactorChallenge(ctx: SessionContext) {
  const channel = ctx.session.codeChannel ?? 'email';
  return {
    requestDoubleAuth: true as const,
    userId: ctx.realUser.id,
    appId: ctx.realUser.appId,
    channel,
    destination: channel === 'sms' && ctx.realUser.mobile ? maskPhone(ctx.realUser.mobile) : maskEmail(ctx.realUser.email),
  };
}

export async function verifySecondFactor(opts: { platform: Platform; ctx: SessionContext; appId: string; userId: string; code: string }) {
  const { platform, ctx } = opts;
  if (opts.userId !== ctx.session.userId || opts.appId !== ctx.realUser.appId) throw new AppError('NOT_FOUND', 'Session not found.');
  const now = platform.clock();
  // Decided on a locked, fresh read of the session: parallel guesses queue up and each one counts. The outcome is
  // returned rather than thrown so that a wrong guess's count is committed.
  const outcome = await platform.database.inSystem(async (tx) => {
    const session = await repo.lockSession(tx, ctx.session.id);
    if (!session || session.secondFactorVerifiedAt) return 'verified';
    if (!session.codeHash || !session.codeExpiresAt) return 'expired';
    if (session.codeAttempts >= maxCodeAttempts) return 'locked';
    if (session.codeExpiresAt <= now) return 'expired';
    if (!codeMatches(opts.code, session.id, session.codeHash)) {
      const attempts = session.codeAttempts + 1;
      await repo.updateSession(tx, session.id, { codeAttempts: attempts });
      await audit(tx, { appId: session.appId, actorUserId: session.userId, action: 'auth.code_rejected', targetType: 'session', targetId: session.id });
      return attempts >= maxCodeAttempts ? 'locked' : 'invalid';
    }
    await repo.updateSession(tx, session.id, { secondFactorVerifiedAt: now, codeHash: null, lastUsedAt: now });
    await recordConnection(tx, session.userId, ctx.realUser.appId, now);
    await audit(tx, { appId: session.appId, actorUserId: session.userId, action: 'auth.code_verified', targetType: 'session', targetId: session.id });
    return 'verified';
  });
  if (outcome === 'locked') throw new AppError('CODE_LOCKED');
  if (outcome === 'expired') throw new AppError('CODE_EXPIRED');
  if (outcome === 'invalid') throw new AppError('CODE_INVALID');
}

export async function resendSecondFactor(opts: { platform: Platform; ctx: SessionContext }) {
  const { platform, ctx } = opts;
  const now = platform.clock();
  // The cool-down is checked on a locked, fresh read: parallel requests cannot each send a code (SMS cost).
  return platform.database.inSystem(async (tx) => {
    const session = (await repo.lockSession(tx, ctx.session.id)) ?? ctx.session;
    if (session.secondFactorVerifiedAt) return { channel: session.codeChannel ?? 'email' };
    const sentAt = session.codeSentAt?.getTime() ?? 0;
    if (now.getTime() - sentAt < codeResendCooldownSeconds * 1000) {
      throw new AppError('RATE_LIMITED', `Wait ${codeResendCooldownSeconds} seconds before asking for a new code.`);
    }
    const app = (await repo.findApplication(tx, ctx.realUser.appId))!;
    return { channel: await sendCode(platform, tx, session, ctx.realUser, app) };
  });
}

export async function logout(opts: { platform: Platform; sessionId?: string; cookieToken?: string }) {
  const { platform } = opts;
  const now = platform.clock();
  const session = opts.sessionId
    ? await repo.findLiveSession(platform.database.db, opts.sessionId, now)
    : opts.cookieToken
      ? await repo.findLiveSessionByHash(platform.database.db, hashToken(opts.cookieToken), now)
      : undefined;
  if (!session) return;
  await platform.database.inSystem(async (tx) => {
    await repo.updateSession(tx, session.id, { revokedAt: now });
    await audit(tx, { appId: session.appId, actorUserId: session.userId, action: 'auth.logout', targetType: 'session', targetId: session.id });
  });
}

/** Revokes every session of a user the actor may manage (users.update, visible, not a product admin unless the actor is one). */
export async function revokeSessionsOf(opts: { platform: Platform; actor: Actor; verified: boolean; userId: string }) {
  const { platform, actor } = opts;
  if (!opts.verified) throw new AppError('SECOND_FACTOR_REQUIRED', 'Enter the code we sent you first.');
  if (!actor.permissions.has('users.update')) throw new AppError('FORBIDDEN');
  const target = await repo.findUserById(platform.database.db, opts.userId);
  if (!target || target.appId !== actor.appId) throw new AppError('NOT_FOUND', 'User not found.');
  const visible = seesAllUsers(actor.profile) || (await descendantIds(platform.database.db, actor.appId, actor.userId)).includes(target.id);
  if (!visible) throw new AppError('NOT_FOUND', 'User not found.');
  if (target.isProductAdmin && !actor.isProductAdmin) throw new AppError('FORBIDDEN');
  await platform.database.inTenant(actor.appId, async (tx) => {
    const revoked = await repo.revokeUserSessions(tx, target.id, platform.clock());
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'auth.sessions_revoked', targetType: 'user', targetId: target.id, data: { revoked }, ip: actor.ip });
  });
}
