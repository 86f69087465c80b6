import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { assertMayLogIn, completeSecondFactor, openVerifiedSession, type SessionContext } from '../auth/index.ts';
import { findUserById } from '../users/index.ts';
import { getApplication, settingsOf } from '../tenants/index.ts';
import * as repo from './repository.ts';
import { authenticationOptions, challengeOf, challengeTtlMs, counterIncreased, verifyAssertion } from './relying-party.ts';

const rejected = (why: string) => new AppError('PASSKEY_REJECTED', why);

/** Whether the pending session's user has a passkey to offer instead of the code. */
export async function secondFactorAvailable(opts: { platform: Platform; ctx: SessionContext }): Promise<boolean> {
  const user = opts.ctx.realUser;
  return (await opts.platform.database.inTenant(user.appId, (tx) => repo.countUserPasskeys(tx, user.appId, user.id))) > 0;
}

/** A challenge for the session's own passkeys (only those are allowed), bound to this session. */
export async function startSecondFactor(opts: { platform: Platform; ctx: SessionContext }) {
  const { platform, ctx } = opts;
  const user = ctx.realUser;
  const allow = await platform.database.inTenant(user.appId, (tx) => repo.listUserPasskeys(tx, user.appId, user.id));
  if (!allow.length) throw new AppError('NOT_FOUND', 'No passkey registered.');
  const options = await authenticationOptions(platform, { allow, userVerification: 'preferred' });
  await storeChallenge(platform, { challenge: options.challenge, purpose: 'second-factor', appId: user.appId, userId: user.id, sessionId: ctx.session.id });
  return options;
}

/** A challenge for any discoverable passkey of the platform; whose it is comes with the answer. */
export async function startPasswordless(opts: { platform: Platform }) {
  const options = await authenticationOptions(opts.platform, { allow: [], userVerification: 'required' });
  await storeChallenge(opts.platform, { challenge: options.challenge, purpose: 'login' });
  return options;
}

async function storeChallenge(
  platform: Platform,
  row: { challenge: string; purpose: repo.ChallengePurpose; appId?: string; userId?: string; sessionId?: string },
): Promise<void> {
  const expiresAt = new Date(platform.clock().getTime() + challengeTtlMs);
  await platform.database.inSystem((tx) => repo.insertChallenge(tx, { ...row, expiresAt }));
}

/**
 * The counter moved forward (its own transaction, committed before the session changes), else the credential is
 * refused and the refusal audited: two authenticators answering with one key is a clone.
 */
async function advanceOrRefuse(platform: Platform, passkey: repo.PasskeyRow, newCounter: number, ip?: string) {
  const now = platform.clock();
  const advanced =
    counterIncreased(passkey.counter, newCounter) &&
    (await platform.database.inSystem((tx) => repo.advanceCounter(tx, passkey.appId, passkey.id, newCounter, now)));
  if (advanced) return;
  await platform.database.inSystem((tx) =>
    audit(tx, {
      appId: passkey.appId,
      actorUserId: passkey.userId,
      action: 'passkey.counter_rejected',
      targetType: 'passkey',
      targetId: passkey.id,
      data: { stored: passkey.counter, received: newCounter },
      ip,
    }),
  );
  throw rejected('The signature counter did not increase: a cloned passkey?');
}

export async function verifySecondFactor(opts: { platform: Platform; ctx: SessionContext; response: AuthenticationResponseJSON; ip?: string }) {
  const { platform, ctx } = opts;
  const user = ctx.realUser;
  const now = platform.clock();
  const challenge = await platform.database.inSystem((tx) =>
    repo.consumeChallenge(tx, {
      challenge: challengeOf(opts.response.response.clientDataJSON),
      purpose: 'second-factor',
      now,
      userId: user.id,
      sessionId: ctx.session.id,
    }),
  );
  if (!challenge) throw rejected('Unknown, used or expired challenge.');
  // Only the session's own user's credentials: another person's (or tenant's) passkey proves nothing here.
  const passkey = await platform.database.inTenant(user.appId, (tx) => repo.findUserCredential(tx, user.appId, user.id, opts.response.id));
  if (!passkey) throw rejected('Not a passkey of this account.');
  const { newCounter } = await verifyAssertion(platform, {
    response: opts.response,
    expectedChallenge: challenge.challenge,
    passkey,
    requireUserVerification: false,
  });
  // The session's row and the throttles are the auth domain's: a system transaction, the tenant named in each query.
  await advanceOrRefuse(platform, passkey, newCounter, opts.ip);
  await platform.database.inSystem(async (tx) => {
    if (!(await completeSecondFactor(tx, { platform, sessionId: ctx.session.id, userId: user.id })))
      throw new AppError('UNAUTHENTICATED', 'Session expired or revoked.');
    await audit(tx, {
      appId: user.appId,
      actorUserId: user.id,
      action: 'passkey.second_factor',
      targetType: 'session',
      targetId: ctx.session.id,
      data: { passkeyId: passkey.id },
      ip: opts.ip,
    });
  });
}

/**
 * A passkey alone: the credential names the account, user verification (PIN, biometrics) stands for the password,
 * and the account's tenant must allow it (`settings.passwordlessPasskeys`, off by default).
 */
export async function loginWithPasskey(opts: { platform: Platform; response: AuthenticationResponseJSON; ip?: string; userAgent?: string }) {
  const { platform } = opts;
  const now = platform.clock();
  const challenge = await platform.database.inSystem((tx) =>
    repo.consumeChallenge(tx, { challenge: challengeOf(opts.response.response.clientDataJSON), purpose: 'login', now }),
  );
  if (!challenge) throw rejected('Unknown, used or expired challenge.');
  const passkey = await platform.database.inSystem((tx) => repo.findCredential(tx, opts.response.id));
  if (!passkey) throw rejected('Unknown passkey.');
  const handle = opts.response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) throw rejected('The user handle is not the passkey owner.');
  const { newCounter } = await verifyAssertion(platform, {
    response: opts.response,
    expectedChallenge: challenge.challenge,
    passkey,
    requireUserVerification: true,
  });
  const user = await findUserById(platform.database.db, passkey.userId);
  if (!user || user.appId !== passkey.appId) throw rejected('Unknown passkey.');
  const app = await getApplication(platform.database.db, user.appId);
  if (!settingsOf(app).passwordlessPasskeys) throw new AppError('PASSWORDLESS_DISABLED');
  await assertMayLogIn(platform, user);
  await advanceOrRefuse(platform, passkey, newCounter, opts.ip);
  return platform.database.inSystem(async (tx) => {
    const session = await openVerifiedSession(tx, { platform, user, method: 'passkey', ip: opts.ip, userAgent: opts.userAgent });
    await audit(tx, {
      appId: user.appId,
      actorUserId: user.id,
      action: 'passkey.login',
      targetType: 'session',
      targetId: session.sessionId,
      data: { passkeyId: passkey.id },
      ip: opts.ip,
    });
    return { cookieToken: session.cookieToken, userId: user.id, appId: user.appId };
  });
}
