import { ssoEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { setSessionCookie } from '../auth/index.ts';
import { getConfig, saveConfig, testConfig } from './config.ts';
import { completeLogin, discoverByEmail, startLogin } from './login.ts';

/** Public steps of a login: per client address, as every public endpoint (a login is a handful of calls). */
const publicLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function ssoRoutes(app: App, platform: Platform) {
  serve(app, endpoints.config, async (request) => item(await getConfig({ platform, actor: requireActor(request) })));
  serve(app, endpoints.saveConfig, async (request) => item(await saveConfig({ platform, actor: requireActor(request), input: request.body })));
  serve(app, endpoints.testConfig, async (request) => item(await testConfig({ platform, actor: requireActor(request) })));
  serve(app, endpoints.discover, async (request) => item(await discoverByEmail({ platform, email: request.body.email })), publicLimit);
  serve(app, endpoints.start, async (request, reply) => reply.redirect(await startLogin({ platform, appId: request.params.appId }), 302), publicLimit);
  serve(
    app,
    endpoints.callback,
    async (request, reply) => {
      const query = request.url.indexOf('?');
      const outcome = await completeLogin({
        platform,
        query: request.query,
        rawQuery: query < 0 ? '' : request.url.slice(query + 1),
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (outcome.cookieToken) setSessionCookie(platform, reply, outcome.cookieToken);
      return reply.redirect(outcome.location, 302);
    },
    publicLimit,
  );
}
