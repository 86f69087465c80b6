import { auditOrigin } from '../../platform/audit.ts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { defineRecorder } from '../../platform/modules.ts';
import { getApplication } from '../tenants/index.ts';

/** A campaign's or an operation's event does not say the mode: the tenant's mode now, as its copies will have it. */
const testModeOf = async (tx: Tx, appId: string) => (await getApplication(tx, appId)).testMode;

/**
 * One `api_call` per successful create through /api/v1 (docs/api-v1.md, "Billing"), in the transaction of the
 * create itself: an in-transaction recorder of the created request's event emits `apikey.used` (billing's metering
 * recorder turns it into the consumption row), so a create that rolls back counts nothing and a committed one is
 * counted exactly once. Only events emitted inside an API-key call count (serve() runs the handler in the
 * `auditOrigin` context); an idempotent replay never reaches the handler.
 */
export const apiUsageRecorder = (platform: Platform) =>
  defineRecorder({
    name: 'apikeys.usage',
    events: ['signature.created', 'campaign.created', 'operation.created'],
    record: async (tx, events) => {
      const origin = auditOrigin.getStore();
      if (!origin) return;
      for (const event of events) {
        // Just created, a request, campaign or operation always has its owner (null only once that account is deleted).
        if (!event.data.ownerUserId) continue;
        const made =
          event.type === 'signature.created'
            ? { operation: 'request.created' as const, requestId: event.data.requestId, testMode: event.data.testMode }
            : event.type === 'campaign.created'
              ? { operation: 'campaign.created' as const, campaignId: event.data.campaignId, testMode: await testModeOf(tx, event.appId) }
              : { operation: 'operation.created' as const, operationId: event.data.operationId, testMode: await testModeOf(tx, event.appId) };
        await platform.events.emit(tx, {
          type: 'apikey.used',
          appId: event.appId,
          actorUserId: event.actorUserId,
          data: { keyId: origin.apiKeyId, ownerUserId: event.data.ownerUserId, ...made },
        });
      }
    },
  });
