import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Audience, Feature, Permission } from '@paraphe/contracts';
import { permissionFeature } from '@paraphe/contracts';
import { AppError } from '../errors.ts';
import type { Actor, Platform } from '../context.ts';
import { actorOf, resolveSession, type SessionContext } from '../../domains/auth/service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every authenticated route: the access-token audience it accepts. */
    audience?: Audience;
    permission?: Permission;
    feature?: Feature;
    /** /me and the code check work before the second factor. */
    allowUnverified?: boolean;
    /** /me works for a suspended tenant so the SPA can show the notice. */
    allowSuspended?: boolean;
  }
  interface FastifyRequest {
    session?: SessionContext;
    actor?: Actor;
  }
}

/** Authenticates and authorizes from the route's config, before validation and the handler run. */
export function createGuard(platform: Platform) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply) {
    const config = request.routeOptions.config;
    if (!config?.audience) return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new AppError('UNAUTHENTICATED', 'Missing bearer token.');
    const claims = await platform.tokens.verify(header.slice(7).trim(), config.audience, platform.clock());
    const ctx = await resolveSession(platform, claims.sessionId);
    request.session = ctx;
    if (!ctx.session.secondFactorVerifiedAt && !config.allowUnverified) throw new AppError('SECOND_FACTOR_REQUIRED', 'Enter the code we sent you first.');
    const actor = actorOf(ctx, request.ip);
    request.actor = actor;
    if (!ctx.application.enabled && !config.allowSuspended && !actor.isProductAdmin) throw new AppError('APPLICATION_SUSPENDED');
    if (config.permission) requirePermission(actor, config.permission, ctx);
  };
}

export function requirePermission(actor: Actor, permission: Permission, ctx?: SessionContext) {
  if (!actor.permissions.has(permission)) throw new AppError('FORBIDDEN');
  const feature = permissionFeature[permission];
  if (feature && ctx && !ctx.application.features[feature]) throw new AppError('FEATURE_DISABLED');
}

/** The actor of an authenticated route (the guard guarantees it). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
}
