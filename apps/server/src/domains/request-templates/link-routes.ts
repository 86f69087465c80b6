import type { FastifyRequest } from 'fastify';
import { directLinkEndpoints as endpoints } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { withRetryAfter } from '../../platform/http/retry-after.ts';
import { claimDirectLink, directLinkInfo, getDirectLink, publishDirectLink, verifyDirectLinkClaim } from './direct-links.ts';

/**
 * Direct links (docs/templates.md, "Direct links"): the back office's setting, and the public calls. Each link has its
 * own rates, counted in the database (direct-links.ts); the edge adds a coarse limit per client address so a flood of
 * calls is turned away before any query.
 */
const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => request.ip } });

export function directLinkRoutes(app: App, platform: Platform) {
  serve(app, endpoints.get, async (request) => item(await getDirectLink({ platform, actor: requireActor(request), id: request.params.id })));
  serve(app, endpoints.publish, async (request) =>
    item(await publishDirectLink({ platform, actor: requireActor(request), id: request.params.id, input: request.body })),
  );
  serve(
    app,
    endpoints.info,
    async (request) => item(await directLinkInfo({ platform, slug: request.params.slug, hostAppId: request.hostTenant?.appId })),
    perAddress(120),
  );
  serve(
    app,
    endpoints.claim,
    async (request, reply) =>
      item(
        await withRetryAfter(reply, () =>
          claimDirectLink({ platform, slug: request.params.slug, input: request.body, ip: request.ip, hostAppId: request.hostTenant?.appId }),
        ),
      ),
    perAddress(30),
  );
  serve(
    app,
    endpoints.verify,
    async (request) =>
      item(
        await verifyDirectLinkClaim({
          platform,
          slug: request.params.slug,
          claimId: request.params.claimId,
          code: request.body.code,
          ip: request.ip,
          hostAppId: request.hostTenant?.appId,
        }),
      ),
    perAddress(30),
  );
}
