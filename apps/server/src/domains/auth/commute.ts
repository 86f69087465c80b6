import { permissionsFor } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { findUserById, holdsRightsOf } from '../users/index.ts';
import * as repo from './repository.ts';
import type { SessionContext } from './service.ts';

/**
 * Commuted mode: a GERANT (inside their tenant) or the product administrator (anywhere) views the app as
 * another user. The real user stays on the session and in every audit row.
 */
export async function enterCommutedMode(opts: { platform: Platform; ctx: SessionContext; appId: string; userId: string }) {
  const { platform, ctx } = opts;
  const real = ctx.realUser;
  const realRights = new Set(permissionsFor(real.profile, real.isProductAdmin));
  if (!realRights.has('users.commute')) throw new AppError('FORBIDDEN');
  const target = await findUserById(platform.database.db, opts.userId);
  const visible = target && target.appId === opts.appId && (real.isProductAdmin || target.appId === real.appId);
  if (!visible) throw new AppError('NOT_FOUND', 'User not found.');
  if (target.id === real.id) throw new AppError('BAD_REQUEST', 'You are already this user.');
  // Acting as the product administrator would hand out the administrator's rights.
  if (target.isProductAdmin && !real.isProductAdmin) throw new AppError('FORBIDDEN');
  // Nobody views the app as someone holding a right they lack (docs/permissions.md).
  if (!holdsRightsOf(realRights, target)) throw new AppError('FORBIDDEN');
  if (!target.active) throw new AppError('CONFLICT', 'This user is deactivated.');
  await platform.database.inSystem(async (tx) => {
    await repo.updateSession(tx, ctx.session.id, { actingUserId: target.id, actingAppId: target.appId });
    await audit(tx, { appId: target.appId, actorUserId: real.id, action: 'auth.commute_enter', targetType: 'user', targetId: target.id });
  });
}

export async function leaveCommutedMode(opts: { platform: Platform; ctx: SessionContext }) {
  const { platform, ctx } = opts;
  if (!ctx.session.actingUserId) return;
  await platform.database.inSystem(async (tx) => {
    await repo.updateSession(tx, ctx.session.id, { actingUserId: null, actingAppId: null });
    await audit(tx, { appId: ctx.user.appId, actorUserId: ctx.realUser.id, action: 'auth.commute_leave', targetType: 'user', targetId: ctx.user.id });
  });
}
