import { apiDocsPath, apiV1DocsPath, apiV1OpenApiPath } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';

/**
 * The readable reference of /api/v1: Swagger UI over the generated OpenAPI document, with the assets the back
 * office's own reference already serves from this server (no CDN). The start script is a file, not inline, so the
 * Content-Security-Policy (script-src 'self') holds.
 */
const assets = `${apiDocsPath}/static`;
const initScriptPath = `${apiV1DocsPath}/init.js`;

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Paraphe public API v1</title>
  <link rel="stylesheet" href="${assets}/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="${assets}/swagger-ui-bundle.js"></script>
  <script src="${initScriptPath}"></script>
</body>
</html>`;

const initScript = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(apiV1OpenApiPath)}, dom_id: '#reference', deepLinking: true });`;

export function serveReferencePage(app: App) {
  app.get(apiV1DocsPath, { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get(initScriptPath, { schema: { hide: true } }, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(initScript));
}
