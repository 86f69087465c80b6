import { currentMaintenance, maintenanceRetryAfter } from '../../platform/maintenance-mode.ts';
import { permissionsFor, type Audience } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { passwordLoginRefusal } from '../../platform/login-gates.ts';
import type { GuardSession } from '../../platform/http/guard.ts';
import { hashToken, newOpaqueToken } from '../../platform/http/tokens.ts';
import { brandingOf, featuresOf, platformApplication, getApplication, settingsOf, recordTenantConnection, type ApplicationView } from '../tenants/index.ts';
import { publicBaseUrl } from '../custom-domains/index.ts';
import {
  adoptLoginLanguage,
  findUserByEmail,
  findUserById,
  holdsRightsOf,
  isVisibleTo,
  passwordMatches,
  recordConnection as recordUserConnection,
  type UserRow,
} from '../users/index.ts';
import * as repo from './repository.ts';
import { codeMatches, codeResendCooldownSeconds, codeTtlMinutes, hashCode, maskEmail, maskPhone, maxCodeAttempts, newSecondFactorCode } from './codes.ts';
import {
  accountLocked,
  codeLockOf,
  lockPasswordUntil,
  passwordKey,
  recordCodeFailure,
  recordCodeSuccess,
  recordPasswordFailure,
  recordPasswordSuccess,
  reservePasswordAttempt,
} from './throttle.ts';

export const sessionDays = 14;

export interface SessionContext {
  session: repo.SessionRow;
  realUser: UserRow;
  user: UserRow;
  application: ApplicationView;
}

/** Sends a fresh second-factor code on the user's mobile when known, by e-mail otherwise (same transaction). */
async function sendCode(platform: Platform, tx: Tx, session: repo.SessionRow, user: UserRow, app: ApplicationView) {
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
    branding: brandingOf(app),
    // Someone waits for it on the login screen: before any mass sending (messaging's priority lane).
    priority: 'urgent' as const,
  };
  if (channel === 'sms') await platform.messaging.queueSms(tx, { ...message, to: user.mobile!, sender: app.settings.smsSender });
  else await platform.messaging.queueEmail(tx, { ...message, to: user.email });
  return { channel, code };
}

/**
 * The embedded default sends no mail: the product administrator could not read their first login code (it is
 * in the Outbox, behind the login). Until their first login, and only while no mail server is set, their code
 * is shown on the console of the person who started the server — never in the log, and never a later code.
 */
function showFirstLoginCode(platform: Platform, user: UserRow, code: string) {
  if (!user.isProductAdmin || user.lastConnectionAt || platform.config.smtpUrl) return;
  platform.notice(
    `\n  First login of ${user.email}: your login code is ${code} (valid ${codeTtlMinutes} min). Later codes: the Outbox screen, or set SMTP_URL.\n`,
  );
}

/**
 * Tells the owner of an account that its logins were paused (the first lockout of a series, or the codes' lock):
 * someone tried their password, or knows it and tried codes.
 */
async function sendLockNotice(platform: Platform, tx: Tx, user: UserRow, until: Date, reason: 'password' | 'code') {
  if (!user.active) return;
  const app = await getApplication(tx, user.appId);
  const minutes = Math.max(1, Math.round((until.getTime() - platform.clock().getTime()) / 60_000));
  await platform.messaging.queueEmail(tx, {
    appId: app.isPlatform ? null : app.id,
    to: user.email,
    language: user.language,
    template: reason === 'password' ? 'login-locked' : 'login-codes-locked',
    params: { firstName: user.firstName, minutes, link: `${publicBaseUrl(platform, app.id, 'backoffice')}/#/forgot` },
    branding: brandingOf(app),
  });
  await audit(tx, {
    appId: user.appId,
    actorUserId: null,
    action: reason === 'password' ? 'auth.login_locked' : 'auth.codes_locked',
    targetType: 'user',
    targetId: user.id,
    data: { until: until.toISOString() },
  });
}

/** A new session of `user` (14 days): its cookie token, and the row (its second factor verified at `verifiedAt`, or not yet). */
export async function insertUserSession(
  tx: Tx,
  user: Pick<UserRow, 'id' | 'appId'>,
  meta: { ip?: string; userAgent?: string; verifiedAt: Date | null; now: Date },
): Promise<{ token: string; session: repo.SessionRow }> {
  const { token, hash } = newOpaqueToken();
  const session = await repo.insertSession(tx, {
    appId: user.appId,
    userId: user.id,
    tokenHash: hash,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
    expiresAt: new Date(meta.now.getTime() + sessionDays * 86_400_000),
    secondFactorVerifiedAt: meta.verifiedAt,
  });
  return { token, session };
}

/** What every way in checks once the person is known: an active, confirmed account, and no maintenance (but for the product administrator). */
export async function assertMayLogIn(platform: Platform, user: UserRow): Promise<void> {
  if (!user.active) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated. Contact your administrator.');
  if (!user.emailConfirmedAt) throw new AppError('ACCOUNT_NOT_CONFIRMED', 'Confirm your e-mail address first: open the link we sent you.');
  await refuseDuringMaintenance(platform, user);
}

/**
 * During maintenance only the product administrator gets in (no session, no code mail for anyone else), by password,
 * passkey or single sign-on alike; the answer says until when.
 */
export async function refuseDuringMaintenance(platform: Platform, user: Pick<UserRow, 'isProductAdmin'>): Promise<void> {
  if (user.isProductAdmin) return;
  const maintenance = await currentMaintenance(platform);
  if (maintenance.enabled)
    throw new AppError('MAINTENANCE', maintenance.message ?? undefined, {
      details: {
        message: maintenance.message,
        expectedEndAt: maintenance.expectedEndAt,
        retryAfterSeconds: maintenanceRetryAfter(maintenance, platform.clock()),
      },
    });
}

export async function login(opts: { platform: Platform; email: string; password: string; language?: string; ip?: string; userAgent?: string }) {
  const { platform } = opts;
  // The attempt counts before the password is checked (parallel guesses cannot exceed the window), and a locked
  // address is answered without checking it: the answer says nothing about the password, nor (unknown addresses
  // are counted the same way) about whether the account exists.
  const key = passwordKey(opts.email);
  const lockedUntil = await platform.database.inSystem((tx) => reservePasswordAttempt(tx, key, platform.clock()));
  if (lockedUntil) throw accountLocked(lockedUntil, platform.clock());
  const user = await findUserByEmail(platform.database.db, opts.email);
  // Same work whether the account exists or not: no account enumeration by timing.
  const valid = await passwordMatches(user?.passwordHash, opts.password);
  if (!user || !valid) {
    const now = platform.clock();
    const lock = await platform.database.inSystem(async (tx) => {
      const locked = await recordPasswordFailure(tx, key, now);
      if (locked?.first && user) await sendLockNotice(platform, tx, user, locked.until, 'password');
      return locked;
    });
    if (lock) throw accountLocked(lock.until, now);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await platform.database.inSystem((tx) => recordPasswordSuccess(tx, key, platform.clock()));
  await assertMayLogIn(platform, user);
  // A tenant that signs in through its identity provider only refuses passwords (docs/sso.md), its break-glass
  // administrator aside: asked once the password is right, so the answer says nothing to whoever does not know it.
  const refusal = await passwordLoginRefusal(platform, user);
  if (refusal) throw refusal;

  const result = await platform.database.inSystem(async (tx) => {
    const app = await getApplication(tx, user.appId);
    const now = platform.clock();
    // Before the code is sent: it goes out in the adopted language.
    const account = await adoptLoginLanguage(tx, user, opts.language);
    const needsCode = app.settings.doubleAuth !== false || user.isProductAdmin;
    const { token, session } = await insertUserSession(tx, user, { ip: opts.ip, userAgent: opts.userAgent, verifiedAt: needsCode ? null : now, now });
    // While the account's codes are locked, no code leaves (the session waits; checking answers ACCOUNT_LOCKED).
    const sent = needsCode && !(await codeLockOf(tx, user.id, now)) ? await sendCode(platform, tx, session, account, app) : null;
    if (!needsCode) await recordConnection(tx, user.id, app.id, now);
    await audit(tx, { appId: user.appId, actorUserId: user.id, action: 'auth.login', targetType: 'session', targetId: session.id, ip: opts.ip });
    return { cookieToken: token, userId: user.id, appId: user.appId, requestDoubleAuth: needsCode, code: sent?.code };
  });
  if (result.code) showFirstLoginCode(platform, user, result.code);
  return { cookieToken: result.cookieToken, userId: result.userId, appId: result.appId, requestDoubleAuth: result.requestDoubleAuth };
}

/**
 * A session opened by another proof than the password (a passwordless passkey, docs/passkeys.md): both factors are
 * proved at once, so it starts verified. In the caller's transaction, with its audit row (`auth.login`, `method`).
 */
export async function openVerifiedSession(tx: Tx, opts: { platform: Platform; user: UserRow; method: 'passkey'; ip?: string; userAgent?: string }) {
  const now = opts.platform.clock();
  const { token, session } = await insertUserSession(tx, opts.user, { ip: opts.ip, userAgent: opts.userAgent, verifiedAt: now, now });
  await recordConnection(tx, opts.user.id, opts.user.appId, now);
  await audit(tx, {
    appId: opts.user.appId,
    actorUserId: opts.user.id,
    action: 'auth.login',
    targetType: 'session',
    targetId: session.id,
    data: { method: opts.method },
    ip: opts.ip,
  });
  return { cookieToken: token, sessionId: session.id };
}

/**
 * The second factor proved another way than the code (a passkey): the pending session becomes verified, in the
 * caller's transaction, on a locked read. False when the session is gone, revoked or someone else's.
 */
export async function completeSecondFactor(tx: Tx, opts: { platform: Platform; sessionId: string; userId: string }): Promise<boolean> {
  const now = opts.platform.clock();
  const session = await repo.lockSession(tx, opts.sessionId);
  if (!session || session.userId !== opts.userId || session.revokedAt || session.expiresAt <= now) return false;
  if (session.secondFactorVerifiedAt) return true;
  await repo.updateSession(tx, session.id, { secondFactorVerifiedAt: now, codeHash: null, lastUsedAt: now });
  await recordCodeSuccess(tx, session.userId);
  await recordConnection(tx, session.userId, session.appId, now);
  return true;
}

async function recordConnection(tx: Tx, userId: string, appId: string, now: Date) {
  await recordUserConnection(tx, userId, now);
  await recordTenantConnection(tx, appId, now);
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
  const realUser = await findUserById(db, session.userId);
  if (!realUser || !realUser.active) throw new AppError('TOKEN_INVALID', 'Account deactivated.');
  // A commuted view ends by itself when the viewed user is deactivated or deleted.
  const acting = session.actingUserId ? await findUserById(db, session.actingUserId) : undefined;
  const user = acting?.active ? acting : realUser;
  const application = await getApplication(db, user.appId);
  return { session, realUser, user, application };
}

/** The platform guard's resolver: the session of an access token, as the guard needs it (server.ts wires it). */
export function sessionResolver(platform: Platform) {
  return async (sessionId: string, ip: string): Promise<GuardSession> => {
    const ctx = await resolveSession(platform, sessionId);
    return {
      actor: actorOf(ctx, ip),
      secondFactorVerified: Boolean(ctx.session.secondFactorVerifiedAt),
      tenantEnabled: ctx.application.enabled,
      tenantFeatures: featuresOf(ctx.application),
      details: ctx,
    };
  };
}

/** The auth domain's view of the guarded request's session. */
export function sessionContextOf(session: GuardSession): SessionContext {
  return session.details as SessionContext;
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
  // The account's count (every session together) is kept on a row locked in the same transaction.
  const outcome = await platform.database.inSystem(async (tx): Promise<'verified' | 'expired' | 'locked' | 'invalid' | Date> => {
    const session = await repo.lockSession(tx, ctx.session.id);
    if (!session || session.secondFactorVerifiedAt) return 'verified';
    const accountLock = await codeLockOf(tx, session.userId, now);
    if (accountLock) return accountLock;
    if (!session.codeHash || !session.codeExpiresAt) return 'expired';
    if (session.codeAttempts >= maxCodeAttempts) return 'locked';
    if (session.codeExpiresAt <= now) return 'expired';
    if (!codeMatches(opts.code, session.id, session.codeHash)) {
      const attempts = session.codeAttempts + 1;
      await repo.updateSession(tx, session.id, { codeAttempts: attempts });
      await audit(tx, { appId: session.appId, actorUserId: session.userId, action: 'auth.code_rejected', targetType: 'session', targetId: session.id });
      const lock = await recordCodeFailure(tx, session.userId, now);
      if (lock) {
        // Whoever tries codes knows the password: password logins stop too, and the owner is told.
        await lockPasswordUntil(tx, passwordKey(ctx.realUser.email), lock.until, now);
        await sendLockNotice(platform, tx, ctx.realUser, lock.until, 'code');
        return lock.until;
      }
      return attempts >= maxCodeAttempts ? 'locked' : 'invalid';
    }
    await repo.updateSession(tx, session.id, { secondFactorVerifiedAt: now, codeHash: null, lastUsedAt: now });
    await recordCodeSuccess(tx, session.userId);
    await recordConnection(tx, session.userId, ctx.realUser.appId, now);
    await audit(tx, { appId: session.appId, actorUserId: session.userId, action: 'auth.code_verified', targetType: 'session', targetId: session.id });
    return 'verified';
  });
  if (outcome instanceof Date) throw accountLocked(outcome, now);
  if (outcome === 'locked') throw new AppError('CODE_LOCKED');
  if (outcome === 'expired') throw new AppError('CODE_EXPIRED');
  if (outcome === 'invalid') throw new AppError('CODE_INVALID');
}

export async function resendSecondFactor(opts: { platform: Platform; ctx: SessionContext }) {
  const { platform, ctx } = opts;
  const now = platform.clock();
  // The cool-down is checked on a locked, fresh read: parallel requests cannot each send a code (SMS cost).
  const sent = await platform.database.inSystem(async (tx) => {
    const session = (await repo.lockSession(tx, ctx.session.id)) ?? ctx.session;
    if (session.secondFactorVerifiedAt) return { channel: session.codeChannel ?? 'email', code: null };
    const accountLock = await codeLockOf(tx, session.userId, now);
    if (accountLock) throw accountLocked(accountLock, now);
    const sentAt = session.codeSentAt?.getTime() ?? 0;
    const waitMs = sentAt + codeResendCooldownSeconds * 1000 - now.getTime();
    if (waitMs > 0) {
      // Says when it will work (issue 25): the wait left, in the body and, by the route, in Retry-After.
      const retryAfterSeconds = Math.ceil(waitMs / 1000);
      throw new AppError('RATE_LIMITED', `Wait ${retryAfterSeconds} seconds before asking for a new code.`, {
        details: { retryAfterSeconds, availableAt: new Date(now.getTime() + waitMs).toISOString() },
      });
    }
    const app = await getApplication(tx, ctx.realUser.appId);
    return sendCode(platform, tx, session, ctx.realUser, app);
  });
  if (sent.code) showFirstLoginCode(platform, ctx.realUser, sent.code);
  return { channel: sent.channel };
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
  const target = await findUserById(platform.database.db, opts.userId);
  if (!target || !(await isVisibleTo(platform.database.db, actor, target))) throw new AppError('NOT_FOUND', 'User not found.');
  if (target.isProductAdmin && !actor.isProductAdmin) throw new AppError('FORBIDDEN');
  if (!holdsRightsOf(actor.permissions, target)) throw new AppError('FORBIDDEN');
  await platform.database.inTenant(actor.appId, async (tx) => {
    const revoked = await repo.revokeUserSessions(tx, target.id, platform.clock());
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'auth.sessions_revoked',
      targetType: 'user',
      targetId: target.id,
      data: { revoked },
      ip: actor.ip,
    });
  });
}

/** The platform's support address (a suspended account's notice): its `supportEmail` setting, else its owner's e-mail. */
export async function platformSupportEmail(platform: Platform): Promise<string> {
  return platform.database.inSystem(async (tx) => {
    const platformApp = await platformApplication(tx);
    const configured = platformApp ? settingsOf(platformApp).supportEmail : null;
    if (configured) return configured;
    const owner = platformApp?.ownerUserId ? await findUserById(tx, platformApp.ownerUserId) : undefined;
    return owner?.email ?? platform.config.adminEmail;
  });
}
