import type { Platform } from '../../platform/context.ts';
import type { SenderResolver } from '../../platform/messaging/service.ts';
import { unseal } from '../../platform/sealed.ts';
import { displayCompanyOf, getApplication } from '../tenants/index.ts';
import * as repo from './repository.ts';
import { effectiveNameOf, privateKeyLabel } from './service.ts';

/**
 * The messaging's question "whose address does this tenant's mail come from?" (platform/messaging/senders.ts), asked
 * at delivery and remembered a minute per tenant by the messaging: a verified sender gives its address and its key
 * (unsealed here, held in memory only, never logged); a declared one its address for Reply-To; none, null.
 */
export function senderResolver(platform: Platform): SenderResolver {
  return (appId) =>
    platform.database.inTenant(appId, async (tx) => {
      const row = await repo.findSender(tx, appId);
      if (!row) return null;
      const name = effectiveNameOf(row, displayCompanyOf(await getApplication(tx, appId)));
      if (row.status !== 'verified') return { address: row.address, name, dkim: null };
      const privateKey = unseal(platform.secret, privateKeyLabel, row.privateKeySealed);
      return { address: row.address, name, dkim: { domainName: row.domain, keySelector: row.selector, privateKey } };
    });
}
