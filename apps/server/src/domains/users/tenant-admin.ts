import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { getApplication } from '../tenants/index.ts';
import { sendAccountLink } from './account-links.ts';
import * as repo from './repository.ts';

/**
 * The product administrator's view of a tenant's users (application view, tab Users). The caller (applications
 * domain) has checked the administrator's permission; these read and write in the tenant's own transaction.
 */
interface AdminOptions {
  platform: Platform;
  actor: Actor;
  appId: string;
}

export async function listTenantUsers(opts: AdminOptions & { filter: repo.UserListFilter }) {
  return opts.platform.database.inTenant(opts.appId, (tx) => repo.listInScope(tx, { appId: opts.appId }, opts.filter));
}

async function tenantUser(tx: Parameters<typeof repo.findInScope>[0], appId: string, userId: string) {
  const user = await repo.findInScope(tx, { appId }, userId);
  if (!user) throw notFound('User');
  return user;
}

/** Mails the user a new link: an invitation while they never set a password, a reset link otherwise. */
export async function resendInvitationAsAdmin(opts: AdminOptions & { userId: string }) {
  const { platform, actor, appId } = opts;
  await platform.database.inTenant(appId, async (tx) => {
    const user = await tenantUser(tx, appId, opts.userId);
    if (!user.active) throw new AppError('CONFLICT', 'This user is deactivated: reactivate them first.');
    const application = await getApplication(tx, appId);
    const kind = user.passwordHash ? 'reset' : 'invite';
    await sendAccountLink({ platform, tx, user, application, kind, invitedBy: application.company });
    await audit(tx, {
      appId,
      actorUserId: actor.realUserId,
      action: 'user.invitation_resent',
      targetType: 'user',
      targetId: user.id,
      data: { kind, by: 'product_admin' },
      ip: actor.ip,
    });
  });
}

/** Deactivates (or reactivates) a user: their sessions stop at their next request (the guard re-reads them). */
export async function setUserActiveAsAdmin(opts: AdminOptions & { userId: string; active: boolean }) {
  const { platform, actor, appId } = opts;
  return platform.database.inTenant(appId, async (tx) => {
    const user = await tenantUser(tx, appId, opts.userId);
    if (user.id === actor.realUserId) throw new AppError('CONFLICT', 'You cannot deactivate your own account.');
    if (user.active === opts.active) return user;
    const updated = await repo.updateUserInScope(tx, appId, user.id, { active: opts.active });
    await audit(tx, {
      appId,
      actorUserId: actor.realUserId,
      action: opts.active ? 'user.reactivated' : 'user.deactivated',
      targetType: 'user',
      targetId: user.id,
      data: { by: 'product_admin' },
      ip: actor.ip,
    });
    await platform.events.emit(tx, {
      type: 'user.updated',
      appId,
      actorUserId: actor.realUserId,
      data: { userId: user.id, profile: user.profile, changed: ['active'] },
    });
    return updated;
  });
}
