import { z } from 'zod';
import {
  commuteInputSchema,
  confirmAccountInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  loginResponse,
  meResponse,
  okSchema,
  permissionsFor,
  resetPasswordInputSchema,
  secondFactorCodeQuerySchema,
  secondFactorResponse,
  tokenInputSchema,
  tokenResponse,
  uuidSchema,
} from '@paraphe/contracts';
import type { FastifyReply } from 'fastify';
import type { DomainRoutes } from '../../platform/http/app.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor, requireSession } from '../../platform/http/guard.ts';
import { AppError } from '../../platform/errors.ts';
import * as auth from './service.ts';
import { confirmAccount, requestPasswordReset, resetPassword } from './links.ts';
import { enterCommutedMode, leaveCommutedMode } from './commute.ts';
import { presentUser } from '../users/presenter.ts';
import { presentApplicationSummary } from '../applications/presenter.ts';

export const sessionCookie = 'paraphe_session';
const ok = { data: { ok: true as const } };

export const authRoutes: DomainRoutes = (app, platform) => {
  const secure = platform.config.publicUrl.startsWith('https://');
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(sessionCookie, token, { httpOnly: true, sameSite: 'lax', secure, path: '/api', maxAge: auth.sessionDays * 86_400 });
  const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(sessionCookie, { path: '/api' });

  app.post(
    '/api/auth/login',
    {
      schema: { tags: ['auth'], body: loginInputSchema, response: { 200: loginResponse } },
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          // The key needs the e-mail: count after the body is parsed (the default onRequest hook sees no body).
          hook: 'preValidation',
          keyGenerator: (request) => `${request.ip}|${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
        },
      },
    },
    async (request, reply) => {
      const result = await auth.login({ platform, ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookie(reply, result.cookieToken);
      return item({ userId: result.userId, appId: result.appId, requestDoubleAuth: result.requestDoubleAuth });
    },
  );

  app.post(
    '/api/auth/token',
    { schema: { tags: ['auth'], body: tokenInputSchema, response: { 200: tokenResponse } }, config: { rateLimit: { max: 300, timeWindow: '1 minute' } } },
    async (request) => {
      const { token, expiresAt } = await auth.mintAccessToken({ platform, cookieToken: request.cookies[sessionCookie], audience: request.body.audience });
      return item({ accessToken: token, expiresAt: expiresAt.toISOString() });
    },
  );

  app.get(
    '/api/Users/:id/me',
    {
      schema: { tags: ['users'], params: z.object({ id: z.string().max(40) }), response: { 200: meResponse, 206: secondFactorResponse } },
      config: { audience: 'user', allowUnverified: true, allowSuspended: true },
    },
    async (request, reply) => {
      const ctx = requireSession(request);
      if (!ctx.session.secondFactorVerifiedAt) return reply.status(206).send(item(auth.secondFactorChallenge(ctx)));
      const commutedBy = ctx.user.id !== ctx.realUser.id
        ? { userId: ctx.realUser.id, name: `${ctx.realUser.lastName.toUpperCase()} ${ctx.realUser.firstName}`, appId: ctx.realUser.appId }
        : null;
      return item({
        user: presentUser(ctx.user),
        application: presentApplicationSummary(ctx.application),
        permissions: permissionsFor(ctx.user.profile, ctx.user.isProductAdmin),
        commutedBy,
      });
    },
  );

  app.patch(
    '/api/Users/:id/:appId/logged/:userId',
    {
      schema: { tags: ['users'], params: z.object({ id: z.string().max(40), appId: uuidSchema, userId: uuidSchema }), querystring: secondFactorCodeQuerySchema, response: { 200: okSchema } },
      config: { audience: 'user', allowUnverified: true, allowSuspended: true },
    },
    async (request) => {
      await auth.verifySecondFactor({ platform, ctx: requireSession(request), appId: request.params.appId, userId: request.params.userId, code: request.query.code });
      return ok;
    },
  );

  app.post(
    '/api/auth/code/resend',
    { schema: { tags: ['auth'], response: { 200: okSchema } }, config: { audience: 'user', allowUnverified: true, allowSuspended: true } },
    async (request) => {
      await auth.resendSecondFactor({ platform, ctx: requireSession(request) });
      return ok;
    },
  );

  app.delete(
    '/api/Users/logged/:userId',
    { schema: { tags: ['users'], params: z.object({ userId: uuidSchema }), response: { 200: okSchema } }, config: { audience: 'user', allowUnverified: true, allowSuspended: true } },
    async (request, reply) => {
      const ctx = requireSession(request);
      if (request.params.userId === ctx.realUser.id) {
        await auth.logout({ platform, sessionId: ctx.session.id });
        clearSessionCookie(reply);
      } else {
        // A GERANT (or the product administrator) signs another user out everywhere, e.g. a lost phone.
        await auth.revokeSessionsOf({ platform, actor: requireActor(request), verified: Boolean(ctx.session.secondFactorVerifiedAt), userId: request.params.userId });
      }
      return ok;
    },
  );

  app.post('/api/auth/logout', { schema: { tags: ['auth'], response: { 200: okSchema } } }, async (request, reply) => {
    await auth.logout({ platform, cookieToken: request.cookies[sessionCookie] });
    clearSessionCookie(reply);
    return ok;
  });

  const linkLimit = { rateLimit: { max: 5, timeWindow: '1 minute' } };
  app.post('/api/auth/password/forgot', { schema: { tags: ['auth'], body: forgotPasswordInputSchema, response: { 200: okSchema } }, config: linkLimit }, async (request) => {
    await requestPasswordReset({ platform, email: request.body.email });
    return ok;
  });
  app.post('/api/auth/password/reset', { schema: { tags: ['auth'], body: resetPasswordInputSchema, response: { 200: okSchema } }, config: linkLimit }, async (request) => {
    await resetPassword({ platform, ...request.body });
    return ok;
  });
  app.post('/api/auth/confirm', { schema: { tags: ['auth'], body: confirmAccountInputSchema, response: { 200: okSchema } }, config: linkLimit }, async (request) => {
    await confirmAccount({ platform, token: request.body.token });
    return ok;
  });

  app.post(
    '/api/auth/commute',
    { schema: { tags: ['auth'], body: commuteInputSchema, response: { 200: okSchema } }, config: { audience: 'user', allowSuspended: true } },
    async (request) => {
      await enterCommutedMode({ platform, ctx: requireSession(request), ...request.body });
      return ok;
    },
  );
  app.delete('/api/auth/commute', { schema: { tags: ['auth'], response: { 200: okSchema } }, config: { audience: 'user', allowSuspended: true } }, async (request) => {
    await leaveCommutedMode({ platform, ctx: requireSession(request) });
    return ok;
  });
};
