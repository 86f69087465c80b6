import type { ApplicationUser } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { featuresOf, applicationById, settingsOf, type ApplicationView } from '../tenants/index.ts';
import { listTenantUsers, presentUser, resendInvitationAsAdmin, setUserActiveAsAdmin, type UserRow } from '../users/index.ts';

/** The application view's tab Users (product administrator): the tenant's users and two actions. */
interface Options {
  platform: Platform;
  actor: Actor;
  appId: string;
}

async function tenantOf(platform: Platform, appId: string): Promise<ApplicationView> {
  const application = await platform.database.inSystem((tx) => applicationById(tx, appId));
  if (!application) throw notFound('Application');
  return application;
}

/** How the user logs in: the same rule as the login's code (auth domain). */
function present(application: ApplicationView, user: UserRow): ApplicationUser {
  const doubleAuth = settingsOf(application).doubleAuth !== false || user.isProductAdmin;
  const secondFactor = !doubleAuth ? 'off' : user.mobile && featuresOf(application).sms ? 'sms' : 'email';
  return { ...presentUser(user), secondFactor };
}

export async function tenantUsers(opts: Options & { filter: Parameters<typeof listTenantUsers>[0]['filter'] }) {
  const application = await tenantOf(opts.platform, opts.appId);
  const { rows, total } = await listTenantUsers(opts);
  return { rows: rows.map((user) => present(application, user)), total };
}

export async function resendInvitation(opts: Options & { userId: string }) {
  await tenantOf(opts.platform, opts.appId);
  await resendInvitationAsAdmin(opts);
}

export async function setTenantUserActive(opts: Options & { userId: string; active: boolean }) {
  const application = await tenantOf(opts.platform, opts.appId);
  return present(application, await setUserActiveAsAdmin(opts));
}
