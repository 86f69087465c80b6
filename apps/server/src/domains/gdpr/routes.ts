import { gdprEndpoints as endpoints } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import * as gdpr from './service.ts';

export function gdprRoutes(app: App, platform: Platform) {
  serve(app, endpoints.settings, async (request) => item(await gdpr.getSettings({ platform, actor: requireActor(request) })));
  serve(app, endpoints.updateSettings, async (request) => item(await gdpr.updateSettings({ platform, actor: requireActor(request), retention: request.body })));
  serve(app, endpoints.requests, async (request) => {
    const { items, total } = await gdpr.listRequests({ platform, actor: requireActor(request), page: request.query });
    return list(items, total, { ...request.query, order: 'DESC' });
  });
  serve(app, endpoints.export, async (request) => item(await gdpr.requestExport({ platform, actor: requireActor(request), email: request.body.email })));
  serve(app, endpoints.erase, async (request) => item(await gdpr.erase({ platform, actor: requireActor(request), email: request.body.email })));
  serve(
    app,
    endpoints.download,
    async (request, reply) => {
      const file = await gdpr.exportFile(platform, request.params.token);
      return sendFile(reply, { fileName: file.fileName, contentType: 'application/zip', body: file.body });
    },
    // A public link: 20 tries a minute per client address, so that its token cannot be guessed (docs/security.md).
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
}
