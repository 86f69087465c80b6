import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { applicationById, changeApplication } from '../tenants/index.ts';
import { isBillingComplete } from './service.ts';

/**
 * Going live from the tenant's settings (docs/billing.md "Going live"). The rule chosen: no approval queue — the
 * tenant's GERANT switches once the billing profile is complete (what live sending needs anyway), after an explicit
 * confirmation. Only the product administrator puts a tenant back in test mode (unbilled sending is not the
 * tenant's to choose).
 */

interface Options {
  platform: Platform;
  actor: Actor;
}
export interface LiveModeState {
  testMode: boolean;
  billingComplete: boolean;
}

export const liveModeState = (opts: Options): Promise<LiveModeState> =>
  opts.platform.database.inSystem(async (tx) => {
    const application = await applicationById(tx, opts.actor.appId);
    if (!application) throw notFound('Application');
    return { testMode: application.testMode, billingComplete: await isBillingComplete(tx, application.id) };
  });

export async function goLive(opts: Options): Promise<LiveModeState> {
  const { platform, actor } = opts;
  return platform.database.inSystem(async (tx) => {
    const application = await applicationById(tx, actor.appId);
    if (!application) throw notFound('Application');
    if (!application.testMode) throw new AppError('CONFLICT', 'This account is already in live mode.');
    if (!(await isBillingComplete(tx, application.id))) {
      throw new AppError(
        'BILLING_REQUIRED',
        'Going live needs a complete billing profile (company, registration number, address, payment method): fill it in Settings → Billing first.',
      );
    }
    const updated = (await changeApplication(tx, application.id, { testMode: false }))!;
    await audit(tx, {
      appId: application.id,
      actorUserId: actor.realUserId,
      action: 'application.went_live',
      targetType: 'application',
      targetId: application.id,
      data: { by: 'tenant' },
      ip: actor.ip,
    });
    // The event every listener of a mode change already follows (the administrator's switch emits the same).
    await platform.events.emit(tx, {
      type: 'application.updated',
      appId: application.id,
      actorUserId: actor.realUserId,
      data: { changed: ['testMode'], enabled: updated.enabled, testMode: false, pack: updated.pack },
    });
    return { testMode: false, billingComplete: true };
  });
}
