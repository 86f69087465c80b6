import type { FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints as endpoints, permissionsFor } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor, requireGuardSession } from '../../platform/http/guard.ts';
import { presentApplicationSummary } from '../tenants/index.ts';
import { presentUser } from '../users/index.ts';
import * as auth from './service.ts';
import { confirmAccount, confirmEmailChange, requestPasswordReset, resetPassword } from './links.ts';
import { withRetryAfter } from '../../platform/http/retry-after.ts';
import { enterCommutedMode, leaveCommutedMode } from './commute.ts';

export const sessionCookie = 'paraphe_session';
const ok = { data: { ok: true as const } };
const contextOf = (request: Pick<FastifyRequest, 'session'>) => auth.sessionContextOf(requireGuardSession(request));

/** The session cookie a login sets (password here, single sign-on in domains/sso, a passkey in domains/passkeys). */
export function setSessionCookie(platform: Platform, reply: FastifyReply, token: string) {
  const secure = platform.config.publicUrl.startsWith('https://');
  return reply.setCookie(sessionCookie, token, { httpOnly: true, sameSite: 'lax', secure, path: '/api', maxAge: auth.sessionDays * 86_400 });
}

export function authRoutes(app: App, platform: Platform) {
  const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(sessionCookie, { path: '/api' });

  serve(
    app,
    endpoints.login,
    async (request, reply) => {
      const result = await withRetryAfter(reply, () => auth.login({ platform, ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] }));
      setSessionCookie(platform, reply, result.cookieToken);
      return item({ userId: result.userId, appId: result.appId, requestDoubleAuth: result.requestDoubleAuth });
    },
    {
      // The product administrator logs in during maintenance; the service refuses everyone else.
      duringMaintenance: true,
      rateLimit: {
        max: 10,
        timeWindow: '1 minute',
        // The key needs the e-mail: count after the body is parsed (the default onRequest hook sees no body).
        hook: 'preValidation',
        keyGenerator: (request: FastifyRequest) => `${request.ip}|${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
      },
    },
  );

  serve(
    app,
    endpoints.token,
    async (request) => {
      const { token, expiresAt } = await auth.mintAccessToken({ platform, cookieToken: request.cookies[sessionCookie], audience: request.body.audience });
      return item({ accessToken: token, expiresAt: expiresAt.toISOString() });
    },
    { rateLimit: { max: 300, timeWindow: '1 minute' }, duringMaintenance: true },
  );

  serve(app, endpoints.me, async (request, reply) => {
    const ctx = contextOf(request);
    if (!ctx.session.secondFactorVerifiedAt) return reply.status(206).send(item(auth.secondFactorChallenge(ctx)));
    const commutedBy =
      ctx.user.id !== ctx.realUser.id
        ? { userId: ctx.realUser.id, name: `${ctx.realUser.lastName.toUpperCase()} ${ctx.realUser.firstName}`, appId: ctx.realUser.appId }
        : null;
    return item({
      user: presentUser(ctx.user),
      application: presentApplicationSummary(ctx.application),
      permissions: permissionsFor(ctx.user.profile, ctx.user.isProductAdmin),
      commutedBy,
      ...(ctx.application.enabled ? {} : { supportEmail: await auth.platformSupportEmail(platform) }),
    });
  });

  serve(app, endpoints.verifySecondFactor, async (request, reply) => {
    const { appId, userId } = request.params;
    await withRetryAfter(reply, () => auth.verifySecondFactor({ platform, ctx: contextOf(request), appId, userId, code: request.query.code }));
    return ok;
  });

  serve(app, endpoints.resendCode, async (request, reply) => {
    await withRetryAfter(reply, () => auth.resendSecondFactor({ platform, ctx: contextOf(request) }));
    return ok;
  });

  serve(app, endpoints.signOutUser, async (request, reply) => {
    const ctx = contextOf(request);
    if (request.params.userId === ctx.realUser.id) {
      await auth.logout({ platform, sessionId: ctx.session.id });
      clearSessionCookie(reply);
    } else {
      // A GERANT (or the product administrator) signs another user out everywhere, e.g. a lost phone.
      await auth.revokeSessionsOf({
        platform,
        actor: requireActor(request),
        verified: Boolean(ctx.session.secondFactorVerifiedAt),
        userId: request.params.userId,
      });
    }
    return ok;
  });

  serve(
    app,
    endpoints.logout,
    async (request, reply) => {
      await auth.logout({ platform, cookieToken: request.cookies[sessionCookie] });
      clearSessionCookie(reply);
      return ok;
    },
    { duringMaintenance: true },
  );

  const linkLimit = { rateLimit: { max: 5, timeWindow: '1 minute' } };
  serve(
    app,
    endpoints.forgotPassword,
    async (request) => {
      await requestPasswordReset({ platform, email: request.body.email });
      return ok;
    },
    linkLimit,
  );
  serve(
    app,
    endpoints.resetPassword,
    async (request) => {
      await resetPassword({ platform, ...request.body });
      return ok;
    },
    linkLimit,
  );
  serve(
    app,
    endpoints.confirmEmailChange,
    async (request) => {
      await confirmEmailChange({ platform, token: request.body.token });
      return ok;
    },
    linkLimit,
  );
  serve(
    app,
    endpoints.confirmAccount,
    async (request) => {
      await confirmAccount({ platform, token: request.body.token });
      return ok;
    },
    linkLimit,
  );

  serve(app, endpoints.enterCommutedMode, async (request) => {
    await enterCommutedMode({ platform, ctx: contextOf(request), ...request.body });
    return ok;
  });
  serve(app, endpoints.leaveCommutedMode, async (request) => {
    await leaveCommutedMode({ platform, ctx: contextOf(request) });
    return ok;
  });
}
