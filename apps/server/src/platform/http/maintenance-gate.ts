import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiPathPrefix } from '@paraphe/contracts';
import type { Platform } from '../context.ts';
import { AppError } from '../errors.ts';
import { currentMaintenance, maintenanceRetryAfter } from '../maintenance-mode.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered during maintenance too (login and tokens, the maintenance status and switch). */
    duringMaintenance?: boolean;
  }
}

/**
 * While maintenance is on, every API call answers 503 MAINTENANCE with Retry-After, except the routes flagged
 * `duringMaintenance` and the product administrator's own calls (so they can look around and turn it off).
 * /healthz, the SPA's files and the public PKI files outside /api are never concerned.
 */
export function maintenanceGate(platform: Platform) {
  async function refuseIfOn(reply: FastifyReply) {
    const state = await currentMaintenance(platform);
    if (!state.enabled) return;
    const retryAfterSeconds = maintenanceRetryAfter(state, platform.clock());
    void reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError('MAINTENANCE', state.message ?? undefined, {
      details: { message: state.message, expectedEndAt: state.expectedEndAt, retryAfterSeconds },
    });
  }
  return {
    /** onRequest: anonymous calls are refused before anything is read. */
    async beforeGuard(request: FastifyRequest, reply: FastifyReply) {
      if (!request.url.startsWith(apiPathPrefix)) return;
      const config = request.routeOptions.config;
      if (config?.duringMaintenance) return;
      // A bearer on an authenticated route: decided after the guard, which knows whether it is the administrator.
      if (config?.audience && request.headers.authorization) return;
      await refuseIfOn(reply);
    },
    /** preValidation, after the guard. */
    async afterGuard(request: FastifyRequest, reply: FastifyReply) {
      const config = request.routeOptions.config;
      if (!config?.audience || config.duringMaintenance || request.actor?.isProductAdmin) return;
      await refuseIfOn(reply);
    },
  };
}
