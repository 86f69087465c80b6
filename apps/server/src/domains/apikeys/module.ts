import { apiKeyEndpoints, apiV1Endpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { apiKeyRoutes } from './routes.ts';

/** API keys and the public REST API /api/v1 (docs/api-v1.md). */
export const apikeysModule = defineModule({
  name: 'apikeys',
  endpoints: [apiKeyEndpoints, apiV1Endpoints],
  routes: apiKeyRoutes,
});
