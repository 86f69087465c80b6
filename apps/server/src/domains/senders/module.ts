import { senderEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { runCheck } from './check.ts';
import { sendersAfter } from './repository.ts';
import { senderResolver } from './resolver.ts';
import { senderRoutes } from './routes.ts';

export const recheckQueue = 'sender-domains-recheck';
export const checkQueue = 'sender-domain-check';

/**
 * Every sender domain checked again each day: a DKIM record removed or replaced drops the domain to failed (its mails
 * go from the platform's sender again), one published late verifies it. One job per tenant, so a slow DNS holds one.
 */
export const sendersModule = defineModule({
  name: 'senders',
  endpoints: [senderEndpoints],
  routes: senderRoutes,
  jobs: [
    defineJob({
      queue: recheckQueue,
      schedule: '17 5 * * *',
      retryLimit: 2,
      batchSize: 1,
      async run(platform) {
        for (let after: string | null = null; ;) {
          const appIds = await platform.database.inSystem((tx) => sendersAfter(tx, after, 500));
          if (!appIds.length) return;
          await platform.database.inSystem((tx) =>
            platform.jobs.enqueueMany(
              tx,
              checkQueue,
              appIds.map((appId) => ({ data: { appId } })),
            ),
          );
          after = appIds.at(-1)!;
        }
      },
    }),
    // Three lookups side by side, each bounded (platform/net/dns-records.ts); four tenants' DNS waited on at once.
    defineJob<{ appId: string }>({ queue: checkQueue, retryLimit: 1, concurrency: 4, run: (platform, { appId }) => runCheck(platform, appId, null) }),
  ],
  // The messaging asks whose address a tenant's mail comes from: the platform knows no sender domain (senders.ts).
  init: (platform) => platform.messaging.senders.use(senderResolver(platform)),
});
