import { billingEndpoints, invoicingEndpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { defineModule } from '../../platform/modules.ts';
import { invoicingInit, invoicingJobs, invoicingRecorders, invoicingStorageReferences } from './invoicing/module.ts';
import { invoicingRoutes } from './invoicing/routes.ts';
import { meteringRecorder } from './metering.ts';
import { billingRoutes } from './routes.ts';

/** Money: the billing profile (live sending needs it), prices, metering, consumption, and invoicing (docs/invoicing.md). */
export const billingModule = defineModule({
  name: 'billing',
  endpoints: [billingEndpoints, invoicingEndpoints],
  routes: (app: App, platform: Platform) => {
    billingRoutes(app, platform);
    invoicingRoutes(app, platform);
  },
  jobs: invoicingJobs,
  recorders: (platform) => [meteringRecorder, ...invoicingRecorders(platform)],
  storageReferences: invoicingStorageReferences,
  init: invoicingInit,
});
