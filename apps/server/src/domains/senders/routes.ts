import type { FastifyRequest } from 'fastify';
import { senderEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { checkSender } from './check.ts';
import * as service from './service.ts';

/**
 * A declaration generates an RSA key and a check makes three DNS lookups (bounded): 30 a minute per user is plenty
 * for a person at the screen, and no one can make the server query the DNS or burn its thread pool in a loop.
 * Counted once the caller is known (preHandler): another tenant's refused calls never use up this one's.
 */
const costly = {
  rateLimit: {
    max: 30,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `senders|${request.actor?.realUserId ?? request.ip}`,
  },
};

export function senderRoutes(app: App, platform: Platform) {
  const scoped = (request: { params: { appId: string } }) => ({ platform, actor: requireActor(request as never), appId: request.params.appId });
  serve(app, endpoints.get, async (request) => item(await service.getSender(scoped(request))));
  serve(app, endpoints.save, async (request) => item(await service.saveSender({ ...scoped(request), input: request.body })), costly);
  serve(app, endpoints.check, async (request) => item(await checkSender(scoped(request))), costly);
  serve(app, endpoints.remove, async (request) => item(await service.removeSender(scoped(request))));
}
