import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { embedOriginsMetaName } from '@paraphe/contracts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { contentSecurityPolicy } from './headers.ts';
import type { App } from './types.ts';

/** The built SPA's entry page. */
export const indexHtmlOf = (config: Pick<Config, 'webDist'>) => path.join(config.webDist, 'index.html');

/** A worker (ROLE=worker) listens for /healthz only: no web app; nor before the SPA is built. */
export const servesWeb = (config: Pick<Config, 'webDist' | 'role'>) => config.role !== 'worker' && fs.existsSync(indexHtmlOf(config));

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The route of that page: helmet leaves the two framing headers to `sendEmbeddablePage` (every other header stays). */
export const embeddablePageHelmet = { contentSecurityPolicy: false, frameguard: false } as const;

/**
 * The SPA's page for embedded signing (docs/embedding.md): the same Content-Security-Policy as every answer except
 * `frame-ancestors`, which lists the origins given (`'none'` when there are none), X-Frame-Options DENY only when
 * nobody may frame it, and a meta element telling the page where it may post its events. Never stored: the answer
 * follows the tenant's settings of the moment.
 */
export async function sendEmbeddablePage(
  reply: FastifyReply,
  config: Pick<Config, 'webDist' | 'publicUrl'>,
  frameAncestors: readonly string[],
  /** More meta elements for the page, by name (the embedded editor's draft). */
  metas: Readonly<Record<string, string>> = {},
) {
  const html = await fs.promises.readFile(indexHtmlOf(config), 'utf8');
  const meta = Object.entries({ [embedOriginsMetaName]: frameAncestors.join(' '), ...metas })
    .map(([name, content]) => `<meta name="${escapeAttribute(name)}" content="${escapeAttribute(content)}" />`)
    .join('\n    ');
  const page = html.includes('</head>') ? html.replace('</head>', `    ${meta}\n  </head>`) : `${meta}${html}`;
  reply.header('content-security-policy', contentSecurityPolicy(config.publicUrl.startsWith('https://'), frameAncestors));
  if (frameAncestors.length === 0) reply.header('x-frame-options', 'DENY');
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

/**
 * `GET <prefix>:token`: an embeddable page of the SPA (the signing page, an editor) whose token says who may frame it
 * (`page`: the origins, and more meta elements; null for a token that opens nothing: `'none'`). Not under /api: it is
 * the document the browser frames, so its own answer carries the policy. Rate-limited like the signing page's reads.
 */
export function embeddablePageRoute(
  app: App,
  config: Pick<Config, 'webDist' | 'publicUrl' | 'role'>,
  prefix: string,
  page: (token: string) => Promise<{ origins: readonly string[]; metas?: Readonly<Record<string, string>> } | null>,
) {
  app.get(
    `${prefix}:token`,
    {
      schema: { hide: true },
      config: {
        helmet: embeddablePageHelmet,
        rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => request.ip },
      },
    },
    async (request, reply) => {
      if (!servesWeb(config)) throw new AppError('NOT_FOUND', 'Not found.');
      const found = await page((request.params as { token: string }).token);
      return sendEmbeddablePage(reply, config, found?.origins ?? [], found?.metas);
    },
  );
}

/** The embed package's script-tag build (`npm run build -w packages/embed`), served at a stable address. */
export const embedScriptPath = fileURLToPath(new URL('../../../../../packages/embed/dist/paraphe-embed.js', import.meta.url));

/**
 * `GET /embed.js` (docs/embedding.md): loaded by a `<script>` of the tenant's site, hence readable cross-origin
 * (the other answers are `Cross-Origin-Resource-Policy: same-origin`); cached briefly so a new build spreads soon.
 * 404 until the package is built.
 */
export function serveEmbedScript(app: App, scriptPath = embedScriptPath) {
  app.get('/embed.js', { schema: { hide: true } }, async (_request, reply) => {
    const script = await fs.promises.readFile(scriptPath).catch(() => null);
    if (!script) throw new AppError('NOT_FOUND', 'The embed script is not built (npm run build -w packages/embed).');
    return reply
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=300')
      .type('text/javascript; charset=utf-8')
      .send(script);
  });
}
