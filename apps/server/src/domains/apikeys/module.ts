import { apiKeyEndpoints, apiV1CampaignEndpoints, apiV1Endpoints, apiV1OperationEndpoints, apiV1TemplateEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { apiUsageRecorder } from './metering.ts';
import { apiKeyRoutes } from './routes.ts';

/** API keys and the public REST API /api/v1 (docs/api-v1.md). */
export const apikeysModule = defineModule({
  name: 'apikeys',
  endpoints: [apiKeyEndpoints, apiV1Endpoints, apiV1CampaignEndpoints, apiV1OperationEndpoints, apiV1TemplateEndpoints],
  routes: apiKeyRoutes,
  recorders: (platform) => [apiUsageRecorder(platform)],
});
