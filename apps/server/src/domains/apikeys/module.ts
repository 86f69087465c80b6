import { apiKeyEndpoints, apiV1CampaignEndpoints, apiV1Endpoints, apiV1OperationEndpoints, apiV1TemplateEndpoints } from '@paraphe/contracts';
import { defineJob, defineModule } from '../../platform/modules.ts';
import { editorLinkSweepQueue, sweepEndedEditorLinks } from './editor-links.ts';
import { apiUsageRecorder } from './metering.ts';
import { apiKeyRoutes } from './routes.ts';

/** API keys and the public REST API /api/v1 (docs/api-v1.md). */
export const apikeysModule = defineModule({
  name: 'apikeys',
  endpoints: [apiKeyEndpoints, apiV1Endpoints, apiV1CampaignEndpoints, apiV1OperationEndpoints, apiV1TemplateEndpoints],
  routes: apiKeyRoutes,
  recorders: (platform) => [apiUsageRecorder(platform)],
  jobs: [defineJob({ queue: editorLinkSweepQueue, schedule: '37 * * * *', run: async (platform) => void (await sweepEndedEditorLinks(platform)) })],
});
