import { apiKeyEndpoints as endpoints } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';
import { apiV1Routes } from './v1-requests.ts';
import { editorPageRoute } from './editor-routes.ts';

export async function apiKeyRoutes(app: App, platform: Platform) {
  serve(app, endpoints.list, async (request) => item(await listApiKeys({ platform, actor: requireActor(request) })));
  serve(app, endpoints.create, async (request) => item(await createApiKey({ platform, actor: requireActor(request), input: request.body })));
  serve(app, endpoints.revoke, async (request) => item(await revokeApiKey({ platform, actor: requireActor(request), id: request.params.id })));
  await apiV1Routes(app, platform);
  editorPageRoute(app, platform);
}
