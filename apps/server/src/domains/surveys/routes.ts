import { surveyEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import * as surveys from './service.ts';

export function surveyRoutes(app: App, platform: Platform) {
  serve(app, endpoints.get, async (request) => item(await surveys.getConnection({ platform, actor: requireActor(request) })));
  serve(app, endpoints.connect, async (request) => item(await surveys.connect({ platform, actor: requireActor(request), input: request.body })));
  serve(app, endpoints.disconnect, async (request) => {
    await surveys.disconnect({ platform, actor: requireActor(request) });
    return { data: { ok: true as const } };
  });
  serve(app, endpoints.forms, async (request) => ({ data: await surveys.listForms({ platform, actor: requireActor(request) }) }));
  serve(app, endpoints.saveSettings, async (request) => item(await surveys.saveSettings({ platform, actor: requireActor(request), input: request.body })));
  serve(app, endpoints.responses, async (request) => item(await surveys.responseCount({ platform, actor: requireActor(request) })));
  serve(app, endpoints.ofApplication, async (request) => item(await surveys.connectionOfApplication({ platform, appId: request.params.appId })));
}
