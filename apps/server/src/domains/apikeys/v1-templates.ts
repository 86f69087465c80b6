import { apiV1TemplateEndpoints as endpoints } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { createRequestFromTemplate, getTemplate, listTemplates } from '../request-templates/index.ts';
import { presentRequest } from '../signatures/index.ts';

/**
 * /api/v1/templates (docs/templates.md, docs/api-v1.md): list and read the templates the key's technical user sees
 * (those shared with the whole tenant), and make a request from one — the same service as the back office's "use".
 */
export function apiV1TemplateRoutes(v1: App, platform: Platform) {
  serve(v1, endpoints.listTemplates, async (request) => {
    const { items, total } = await listTemplates({
      platform,
      actor: requireActor(request),
      via: 'api',
      query: { limit: request.query.limit, offset: request.query.offset, order: 'ASC', orderBy: 'name', search: request.query.q, state: 'active' },
    });
    return { data: items, total };
  });
  serve(v1, endpoints.getTemplate, async (request) => getTemplate({ platform, actor: requireActor(request), via: 'api', id: request.params.id }));
  serve(v1, endpoints.createRequestFromTemplate, async (request) => {
    const { view, links } = await createRequestFromTemplate({ platform, actor: requireActor(request), via: 'api', id: request.params.id, input: request.body });
    return { ...presentRequest(view.row, view.signers, view.documents, view.activeContent, view.deliveries), links };
  });
}
