import type { Passkey } from '@paraphe/contracts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import type { SessionContext } from '../auth/index.ts';
import * as repo from './repository.ts';
import { challengeOf, challengeTtlMs, registrationOptions, verifyRegistration } from './relying-party.ts';

/** Removing a passkey asks for a session that proved its factors this recently (docs/passkeys.md). */
export const recentAuthenticationMs = 10 * 60_000;

export function presentPasskey(row: repo.PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    deviceType: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    backedUp: row.backedUp,
  };
}

/**
 * The person at the keyboard, acting for themself: a commuted view (a GERANT viewing the app as someone) may not
 * read nor change the viewed user's passkeys — they are that person's keys, not the account's settings.
 */
function ownerOf(ctx: SessionContext) {
  if (ctx.user.id !== ctx.realUser.id) throw new AppError('FORBIDDEN', "A commuted view cannot manage the viewed user's passkeys.");
  return ctx.realUser;
}

export async function listPasskeys(opts: { platform: Platform; ctx: SessionContext }): Promise<Passkey[]> {
  const user = ownerOf(opts.ctx);
  const rows = await opts.platform.database.inTenant(user.appId, (tx) => repo.listUserPasskeys(tx, user.appId, user.id));
  return rows.map(presentPasskey);
}

/** A registration challenge for the caller (five minutes, once), with the credentials they already have excluded. */
export async function startRegistration(opts: { platform: Platform; ctx: SessionContext }) {
  const { platform, ctx } = opts;
  const user = ownerOf(ctx);
  const existing = await platform.database.inTenant(user.appId, (tx) => repo.listUserPasskeys(tx, user.appId, user.id));
  const options = await registrationOptions(platform, {
    rpName: ctx.application.company,
    userId: user.id,
    email: user.email,
    displayName: `${user.firstName} ${user.lastName}`.trim(),
    existing,
  });
  const now = platform.clock();
  await platform.database.inSystem((tx) =>
    repo.insertChallenge(tx, {
      challenge: options.challenge,
      purpose: 'register',
      appId: user.appId,
      userId: user.id,
      sessionId: ctx.session.id,
      expiresAt: new Date(now.getTime() + challengeTtlMs),
    }),
  );
  return options;
}

export async function registerPasskey(opts: { platform: Platform; ctx: SessionContext; name: string; response: RegistrationResponseJSON; ip?: string }) {
  const { platform, ctx } = opts;
  const user = ownerOf(ctx);
  const now = platform.clock();
  // Used up before it is checked, in its own transaction: a wrong answer burns the challenge too.
  const challenge = await platform.database.inSystem((tx) =>
    repo.consumeChallenge(tx, { challenge: challengeOf(opts.response.response.clientDataJSON), purpose: 'register', now, userId: user.id }),
  );
  if (!challenge || challenge.appId !== user.appId) throw new AppError('PASSKEY_REJECTED', 'Unknown, used or expired challenge.');
  const credential = await verifyRegistration(platform, opts.response, challenge.challenge);
  const row = await platform.database.inTenant(user.appId, async (tx) => {
    const inserted = await repo.insertPasskey(tx, { appId: user.appId, userId: user.id, name: opts.name, ...credential });
    if (!inserted) throw new AppError('CONFLICT', 'This passkey is already registered.');
    await audit(tx, {
      appId: user.appId,
      actorUserId: user.id,
      action: 'passkey.registered',
      targetType: 'passkey',
      targetId: inserted.id,
      data: { name: inserted.name, deviceType: inserted.deviceType },
      ip: opts.ip,
    });
    return inserted;
  });
  return presentPasskey(row);
}

export async function renamePasskey(opts: { platform: Platform; ctx: SessionContext; id: string; name: string; ip?: string }) {
  const user = ownerOf(opts.ctx);
  const row = await opts.platform.database.inTenant(user.appId, async (tx) => {
    const before = await repo.findUserPasskey(tx, user.appId, user.id, opts.id);
    if (!before) throw notFound('Passkey');
    const renamed = (await repo.renamePasskey(tx, user.appId, user.id, opts.id, opts.name))!;
    await audit(tx, {
      appId: user.appId,
      actorUserId: user.id,
      action: 'passkey.renamed',
      targetType: 'passkey',
      targetId: renamed.id,
      data: { from: before.name, to: renamed.name },
      ip: opts.ip,
    });
    return renamed;
  });
  return presentPasskey(row);
}

/** Removal needs a recent proof of both factors: a session left open on a shared computer cannot drop its owner's keys. */
export async function removePasskey(opts: { platform: Platform; ctx: SessionContext; id: string; ip?: string }) {
  const { platform, ctx } = opts;
  const user = ownerOf(ctx);
  await platform.database.inTenant(user.appId, async (tx) => {
    // Existence first: another person's (or tenant's) passkey is a 404 whatever the session's age.
    if (!(await repo.findUserPasskey(tx, user.appId, user.id, opts.id))) throw notFound('Passkey');
    const provedAt = ctx.session.secondFactorVerifiedAt?.getTime() ?? 0;
    if (platform.clock().getTime() - provedAt > recentAuthenticationMs) throw new AppError('REAUTHENTICATION_REQUIRED');
    const removed = (await repo.deletePasskey(tx, user.appId, user.id, opts.id))!;
    await audit(tx, {
      appId: user.appId,
      actorUserId: user.id,
      action: 'passkey.removed',
      targetType: 'passkey',
      targetId: removed.id,
      data: { name: removed.name },
      ip: opts.ip,
    });
  });
}
