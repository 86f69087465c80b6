import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { getApplication } from '../tenants/index.ts';
import {
  applyEmailChange,
  confirmEmail,
  consumeAccountLink,
  findUserByEmail,
  findUserById,
  hashPassword,
  sendAccountLink,
  setPasswordFromLink,
} from '../users/index.ts';
import * as repo from './repository.ts';
import { clearThrottles } from './throttle.ts';

/** The queue that mails reset links: the answer to "forgot password" only queues a job. */
export const passwordResetQueue = 'auth-password-reset';
export interface PasswordResetJob {
  email: string;
}

/**
 * Always succeeds from the caller's point of view, and does the same work whether or not the address has an
 * account (one job queued in one transaction): neither the answer nor its timing tells. The job looks the
 * address up and mails the link.
 */
export async function requestPasswordReset(opts: { platform: Platform; email: string }) {
  const { platform } = opts;
  await platform.database.inSystem((tx) => platform.jobs.enqueue(tx, passwordResetQueue, { email: opts.email } satisfies PasswordResetJob));
}

/** Job: mails a reset link when the address belongs to an active account; nothing otherwise. */
export async function runPasswordResetJob(platform: Platform, job: PasswordResetJob) {
  await platform.database.inSystem(async (tx) => {
    const user = await findUserByEmail(tx, job.email);
    if (!user || !user.active) return;
    const application = await getApplication(tx, user.appId);
    await sendAccountLink({ platform, tx, user, application, kind: 'reset' });
    await audit(tx, { appId: user.appId, actorUserId: user.id, action: 'auth.password_reset_requested', targetType: 'user', targetId: user.id });
  });
}

export async function resetPassword(opts: { platform: Platform; token: string; password: string }) {
  const { platform } = opts;
  const passwordHash = await hashPassword(opts.password);
  await platform.database.inSystem(async (tx) => {
    const now = platform.clock();
    const link = await consumeAccountLink(tx, opts.token, 'reset', now);
    if (!link) throw new AppError('TOKEN_EXPIRED', 'This link has expired or was already used. Ask for a new one.');
    const user = (await findUserById(tx, link.userId))!;
    await setPasswordFromLink(tx, user, passwordHash, now);
    await repo.revokeUserSessions(tx, user.id, now);
    // The mailed link proves the address: it lifts the password and code locks of the account.
    await clearThrottles(tx, user);
    await audit(tx, { appId: user.appId, actorUserId: user.id, action: 'auth.password_reset', targetType: 'user', targetId: user.id });
  });
}

export async function confirmAccount(opts: { platform: Platform; token: string }) {
  const { platform } = opts;
  await platform.database.inSystem(async (tx) => {
    const now = platform.clock();
    const link = await consumeAccountLink(tx, opts.token, 'confirm', now);
    if (!link) throw new AppError('TOKEN_EXPIRED', 'This confirmation link has expired or was already used.');
    await confirmEmail(tx, link.userId, now);
    await audit(tx, { appId: link.appId, actorUserId: link.userId, action: 'auth.account_confirmed', targetType: 'user', targetId: link.userId });
  });
}

/** The link mailed to a new address: the account's login address becomes that one. */
export async function confirmEmailChange(opts: { platform: Platform; token: string }) {
  const { platform } = opts;
  await platform.database.inSystem((tx) => applyEmailChange({ platform, tx, token: opts.token }));
}
