import { customDomainEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { checkDomain, declareDomain, listDomains, publicBranding, removeDomain, tlsAllowed } from './service.ts';

/** "Check now" queries the DNS: a handful a minute is plenty for a person. */
const checkLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
/** Public and cheap (an in-memory map), limited anyway: a login page asks once. */
const publicLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

export function customDomainRoutes(app: App, platform: Platform) {
  serve(app, endpoints.list, async (request) => item(await listDomains({ platform, actor: requireActor(request) })));
  serve(app, endpoints.declare, async (request, reply) => {
    const created = await declareDomain({ platform, actor: requireActor(request), input: request.body });
    return reply.status(201).send(item(created));
  });
  serve(app, endpoints.check, async (request) => item(await checkDomain({ platform, actor: requireActor(request), id: request.params.id })), checkLimit);
  serve(app, endpoints.remove, async (request) => {
    await removeDomain({ platform, actor: requireActor(request), id: request.params.id });
    return item({ ok: true as const });
  });
  serve(app, endpoints.branding, async (request) => item(await publicBranding(platform, request.hostTenant)), publicLimit);
  // Caddy's on-demand TLS: a status only, never a tenant's name or id.
  // Not rate-limited: its one client is the reverse proxy, asking for each new name (test/platform/edge-rate-limits.test.ts).
  serve(app, endpoints.tlsAsk, async (request, reply) => reply.status((await tlsAllowed(platform, request.query.domain)) ? 200 : 404).send());
}
