import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance every module registers its routes on. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Fastify's own generic defaults (server, request, reply, logger)
export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;
