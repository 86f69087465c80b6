import { customDomainEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { setHostTenantResolver } from '../../platform/http/host-tenant.ts';
import { publicBaseUrl, reloadDomains, tenantOfHost } from './registry.ts';
import { customDomainRoutes } from './routes.ts';
import { recheckAllDomains } from './service.ts';

export const customDomainsRecheckQueue = 'custom-domains-recheck';

export const customDomainsModule = defineModule({
  name: 'custom-domains',
  endpoints: [customDomainEndpoints],
  routes: customDomainRoutes,
  // A verified domain must still carry its TXT record: an hourly look at every declared one (pending ones verify
  // without the tenant coming back, withdrawn ones stop being used).
  jobs: [defineJob({ queue: customDomainsRecheckQueue, schedule: '23 * * * *', expireInSeconds: 900, run: (platform) => recheckAllDomains(platform) })],
  init: async (platform) => {
    await reloadDomains(platform);
    setHostTenantResolver(platform, (host) => tenantOfHost(platform, host));
    // The tenant's logo in its mails comes from its own signing domain once verified.
    platform.messaging.templates.useTenantBaseUrl((appId) => publicBaseUrl(platform, appId, 'signing'));
  },
});
