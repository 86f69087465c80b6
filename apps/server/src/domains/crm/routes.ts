import { crmEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { applicationById } from '../tenants/index.ts';
import * as crm from './service.ts';

/** HubSpot's redirect: per client address, as every public endpoint (a consent round is a handful of calls). */
const callbackLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function crmRoutes(app: App, platform: Platform) {
  serve(app, endpoints.connect, async (request) => item(await crm.startConnect({ platform, actor: requireActor(request) })));
  serve(app, endpoints.state, async (request) => item(await crm.connectionState({ platform, appId: requireActor(request).appId })));
  serve(app, endpoints.disconnect, async (request) => {
    await crm.disconnect({ platform, actor: requireActor(request) });
    return { data: { ok: true as const } };
  });
  serve(
    app,
    endpoints.callback,
    async (request, reply) => {
      const { status, location } = await crm.completeConnect({ platform, query: request.query });
      if (status === 302) return reply.redirect(location, 302);
      // A refused state: 400, and a page that still takes the person back to a readable message.
      const escaped = location.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${escaped}"><title>HubSpot</title><p>The HubSpot connection could not be completed. <a href="${escaped}">Back to Paraphe</a></p>`,
        );
    },
    callbackLimit,
  );
  serve(app, endpoints.searchContacts, async (request) => ({ data: await crm.searchContacts({ platform, actor: requireActor(request), q: request.query.q }) }));
  serve(app, endpoints.adminState, async (request) => {
    const application = await platform.database.inSystem((tx) => applicationById(tx, request.params.id));
    if (!application) throw notFound('Application');
    return item(await crm.adminConnectionState({ platform, appId: request.params.id }));
  });
}
