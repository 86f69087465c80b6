import type { FastifyRequest } from 'fastify';
import { passkeyEndpoints as endpoints } from '@paraphe/contracts';
import type { RegistrationResponseJSON, AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireGuardSession } from '../../platform/http/guard.ts';
import { sessionContextOf, setSessionCookie } from '../auth/index.ts';
import { listPasskeys, registerPasskey, removePasskey, renamePasskey, startRegistration } from './service.ts';
import { loginWithPasskey, secondFactorAvailable, startPasswordless, startSecondFactor, verifySecondFactor } from './sign-in.ts';

const ok = { data: { ok: true as const } };
const contextOf = (request: Pick<FastifyRequest, 'session'>) => sessionContextOf(requireGuardSession(request));
// The contract's schemas are the browser's JSON forms; the library names them with its own (wider) types.
const asRegistration = (response: unknown) => response as RegistrationResponseJSON;
const asAssertion = (response: unknown) => response as AuthenticationResponseJSON;
/** Ceremonies cost a signature check: a bounded pace per address. */
const ceremonyLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function passkeyRoutes(app: App, platform: Platform) {
  serve(app, endpoints.list, async (request) => item(await listPasskeys({ platform, ctx: contextOf(request) })));
  serve(
    app,
    endpoints.registrationOptions,
    async (request) => item({ options: { ...(await startRegistration({ platform, ctx: contextOf(request) })) } }),
    ceremonyLimit,
  );
  serve(
    app,
    endpoints.register,
    async (request) =>
      item(
        await registerPasskey({ platform, ctx: contextOf(request), name: request.body.name, response: asRegistration(request.body.response), ip: request.ip }),
      ),
    ceremonyLimit,
  );
  serve(app, endpoints.rename, async (request) =>
    item(await renamePasskey({ platform, ctx: contextOf(request), id: request.params.id, name: request.body.name, ip: request.ip })),
  );
  serve(app, endpoints.remove, async (request) => {
    await removePasskey({ platform, ctx: contextOf(request), id: request.params.id, ip: request.ip });
    return ok;
  });

  serve(app, endpoints.secondFactorAvailability, async (request) => item({ available: await secondFactorAvailable({ platform, ctx: contextOf(request) }) }));
  serve(
    app,
    endpoints.secondFactorOptions,
    async (request) => item({ options: { ...(await startSecondFactor({ platform, ctx: contextOf(request) })) } }),
    ceremonyLimit,
  );
  serve(
    app,
    endpoints.verifySecondFactor,
    async (request) => {
      await verifySecondFactor({ platform, ctx: contextOf(request), response: asAssertion(request.body.response), ip: request.ip });
      return ok;
    },
    ceremonyLimit,
  );
  serve(app, endpoints.loginOptions, async () => item({ options: { ...(await startPasswordless({ platform })) } }), ceremonyLimit);
  serve(
    app,
    endpoints.login,
    async (request, reply) => {
      const result = await loginWithPasskey({
        platform,
        response: asAssertion(request.body.response),
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(platform, reply, result.cookieToken);
      return item({ userId: result.userId, appId: result.appId, requestDoubleAuth: false });
    },
    ceremonyLimit,
  );
}
