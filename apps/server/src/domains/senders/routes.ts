import { senderEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { checkSender } from './check.ts';
import * as service from './service.ts';

/**
 * A declaration generates an RSA key and a check makes three DNS lookups (4 s each at most): a few a minute per
 * tenant are plenty, and no one can make the server query the DNS or burn its thread pool in a loop.
 */
const costly = { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (request: { params: unknown }) => (request.params as { appId: string }).appId } };

export function senderRoutes(app: App, platform: Platform) {
  const scoped = (request: { params: { appId: string } }) => ({ platform, actor: requireActor(request as never), appId: request.params.appId });
  serve(app, endpoints.get, async (request) => item(await service.getSender(scoped(request))));
  serve(app, endpoints.save, async (request) => item(await service.saveSender({ ...scoped(request), input: request.body })), costly);
  serve(app, endpoints.check, async (request) => item(await checkSender(scoped(request))), costly);
  serve(app, endpoints.remove, async (request) => item(await service.removeSender(scoped(request))));
}
