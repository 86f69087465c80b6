import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { hashToken, newOpaqueToken } from '../../platform/http/tokens.ts';
import * as repo from './repository.ts';
import { hashPassword } from './service.ts';

const linkTtlHours = { confirm: 72, reset: 1, invite: 72 } as const;

/** Creates a single-use link and queues the mail that carries it, in the caller's transaction. */
export async function sendAccountLink(opts: {
  platform: Platform;
  tx: Tx;
  user: repo.UserRow;
  application: repo.ApplicationRow;
  kind: 'confirm' | 'reset' | 'invite';
  invitedBy?: string;
}) {
  const { platform, tx, user, application, kind } = opts;
  const { token, hash } = newOpaqueToken();
  const now = platform.clock();
  await repo.insertOneTimeToken(tx, {
    appId: user.appId,
    userId: user.id,
    purpose: kind === 'confirm' ? 'confirm' : 'reset',
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + linkTtlHours[kind] * 3_600_000),
  });
  const path = kind === 'confirm' ? 'confirm' : 'reset';
  const link = `${platform.config.publicUrl}/#/${path}?token=${token}`;
  const branding = { company: application.company, themeColor: application.settings.themeColor };
  // Always the application's id: links are also sent from tenant-scoped transactions (the platform application's
  // users invited by the administrator), where RLS refuses an outbox row without the tenant's app_id.
  const base = { appId: application.id, to: user.email, language: user.language, branding };
  if (kind === 'confirm') {
    await platform.messaging.queueEmail(tx, { ...base, template: 'confirm-account', params: { firstName: user.firstName, company: application.company, link } });
  } else if (kind === 'invite') {
    await platform.messaging.queueEmail(tx, {
      ...base,
      template: 'set-password',
      params: { firstName: user.firstName, company: application.company, invitedBy: opts.invitedBy ?? application.company, link },
    });
  } else {
    await platform.messaging.queueEmail(tx, { ...base, template: 'reset-password', params: { firstName: user.firstName, link } });
  }
}

/** Always succeeds from the caller's point of view: whether the address has an account is not disclosed. */
export async function requestPasswordReset(opts: { platform: Platform; email: string }) {
  const { platform } = opts;
  const user = await repo.findUserByEmail(platform.database.db, opts.email);
  if (!user || !user.active) return;
  await platform.database.inSystem(async (tx) => {
    const application = (await repo.findApplication(tx, user.appId))!;
    await sendAccountLink({ platform, tx, user, application, kind: 'reset' });
    await audit(tx, { appId: user.appId, actorUserId: user.id, action: 'auth.password_reset_requested', targetType: 'user', targetId: user.id });
  });
}

export async function resetPassword(opts: { platform: Platform; token: string; password: string }) {
  const { platform } = opts;
  const passwordHash = await hashPassword(opts.password);
  await platform.database.inSystem(async (tx) => {
    const now = platform.clock();
    const link = await repo.consumeOneTimeToken(tx, hashToken(opts.token), 'reset', now);
    if (!link) throw new AppError('TOKEN_EXPIRED', 'This link has expired or was already used. Ask for a new one.');
    const user = (await repo.findUserById(tx, link.userId))!;
    // Setting a password from a mailed link also proves the address.
    await repo.updateUser(tx, user.id, { passwordHash, emailConfirmedAt: user.emailConfirmedAt ?? now, failedLogins: 0 });
    await repo.revokeUserSessions(tx, user.id, now);
    await audit(tx, { appId: user.appId, actorUserId: user.id, action: 'auth.password_reset', targetType: 'user', targetId: user.id });
  });
}

export async function confirmAccount(opts: { platform: Platform; token: string }) {
  const { platform } = opts;
  await platform.database.inSystem(async (tx) => {
    const now = platform.clock();
    const link = await repo.consumeOneTimeToken(tx, hashToken(opts.token), 'confirm', now);
    if (!link) throw new AppError('TOKEN_EXPIRED', 'This confirmation link has expired or was already used.');
    await repo.updateUser(tx, link.userId, { emailConfirmedAt: now });
    await audit(tx, { appId: link.appId, actorUserId: link.userId, action: 'auth.account_confirmed', targetType: 'user', targetId: link.userId });
  });
}
