import {
  apiV1Endpoints as endpoints,
  apiV1TemplateEndpoints as templateEndpoints,
  embedDraftMetaName,
  embedEditPathPrefix,
  embedTemplateMetaName,
  embedTemplatePathPrefix,
} from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { embeddablePageRoute } from '../../platform/http/web-app.ts';
import { createEditorLink, createTemplateEditorLink, editorPageOf } from './editor-links.ts';

/** `POST /api/v1/requests/{id}/editor-link` and `POST /api/v1/templates/editor-link` (inside the /api/v1 plugin: its rate limit and problem details). */
export function apiV1EditorLinkRoute(v1: App, platform: Platform) {
  serve(v1, endpoints.editorLink, async (request, reply) => {
    const link = await createEditorLink({ platform, actor: requireActor(request), apiKeyId: request.apiKey!.id, requestId: request.params.id });
    reply.status(201);
    return link;
  });
  serve(v1, templateEndpoints.templateEditorLink, async (request, reply) => {
    const link = await createTemplateEditorLink({
      platform,
      actor: requireActor(request),
      apiKeyId: request.apiKey!.id,
      templateId: request.body.templateId,
    });
    reply.status(201);
    return link;
  });
}

/**
 * `GET /embed/edit/:token` (a draft's editor) and `GET /embed/template/:token` (a template's): the SPA, which opens the
 * editor in embed mode, framed only by the tenant's origins (docs/embedding.md); `'none'` and nothing opened for a
 * link that no longer works or is of the other kind.
 */
export function editorPageRoute(app: App, platform: Platform) {
  const pages = [
    { prefix: embedEditPathPrefix, kind: 'request', meta: embedDraftMetaName },
    { prefix: embedTemplatePathPrefix, kind: 'template', meta: embedTemplateMetaName },
  ] as const;
  for (const { prefix, kind, meta } of pages) {
    embeddablePageRoute(app, platform.config, prefix, async (token) => {
      const page = await editorPageOf(platform, token, kind);
      return page && { origins: page.origins, metas: { [meta]: page.opens } };
    });
  }
}
