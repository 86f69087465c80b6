import { auditOrigin } from '../../platform/audit.ts';
import type { Platform } from '../../platform/context.ts';
import { defineRecorder } from '../../platform/modules.ts';

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
    events: ['signature.created'],
    record: async (tx, events) => {
      const origin = auditOrigin.getStore();
      if (!origin) return;
      for (const event of events) {
        // A request just created always has its owner (null only once that account is deleted).
        if (!event.data.ownerUserId) continue;
        await platform.events.emit(tx, {
          type: 'apikey.used',
          appId: event.appId,
          actorUserId: event.actorUserId,
          data: { keyId: origin.apiKeyId, ownerUserId: event.data.ownerUserId, operation: 'request.created', requestId: event.data.requestId, testMode: event.data.testMode },
        });
      }
    },
  });
