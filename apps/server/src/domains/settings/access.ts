import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { getApplication, type ApplicationView } from '../tenants/index.ts';

export interface Options {
  platform: Platform;
  actor: Actor;
  appId: string;
}

/** Its own tenant for the caller (the endpoint asked settings.configuration); any tenant for the product administrator. */
export function assertMayConfigure(actor: Actor, appId: string) {
  if (actor.appId !== appId && !actor.permissions.has('admin.applications')) throw notFound('Application');
}

/** A tenant transaction on the settings of `appId`, once the caller may touch them. */
export function inSettings<T>(opts: Options, fn: (tx: Tx, application: ApplicationView) => Promise<T>): Promise<T> {
  assertMayConfigure(opts.actor, opts.appId);
  return opts.platform.database.inTenant(opts.appId, async (tx) => fn(tx, await getApplication(tx, opts.appId)));
}
