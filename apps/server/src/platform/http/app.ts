import { registerCapabilityRoute } from '../logger.ts';
import Fastify from 'fastify';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { apiDocsPath, apiPathPrefix, errorDetail, errorMessages, type ErrorBody } from '@paraphe/contracts';
import { AppError } from '../errors.ts';
import type { Platform } from '../context.ts';
import { createIdempotencyStore } from '../idempotency.ts';
import type { Module } from '../modules.ts';
import { hostTenantHook } from './host-tenant.ts';
import { inputDatabaseError } from './database-errors.ts';
import { createGuard, type ApiKeyResolver, type EmbedDraftResolver, type SessionResolver } from './guard.ts';
import { answersProblems, problemOf, sendProblem } from './problem.ts';
import { healthReport, replyToFault } from './health.ts';
import { maintenanceGate } from './maintenance-gate.ts';
import { servedEndpoints } from './endpoints.ts';
import { fastifyTrustProxy, helmetOptions, noStoreOnApi } from './headers.ts';
import { refuseUnsafeInput } from './input.ts';
import { indexHtmlOf, serveEmbedScript, servesWeb as servesWebOf } from './web-app.ts';
import { toFieldErrors, type ZodIssueLike } from './validation.ts';

import type { App } from './types.ts';

export type { App } from './types.ts';

function errorBody(
  code: string,
  message: string,
  requestId: string,
  fields?: ErrorBody['error']['fields'],
  details?: ErrorBody['error']['details'],
): ErrorBody {
  return { error: { code, message, detail: errorDetail(code, message), ...(fields ? { fields } : {}), ...(details ? { details } : {}), requestId } };
}

/** The HTTP app: platform plugins, the guard (with the auth domain's session resolver), then every module's routes. */
export async function buildApp(
  platform: Platform,
  modules: readonly Module[],
  resolveSession: SessionResolver,
  resolveApiKey?: ApiKeyResolver,
  resolveEmbedDraft?: EmbedDraftResolver,
): Promise<App> {
  const app = Fastify({
    loggerInstance: platform.logger,
    genReqId: () => randomUUID(),
    // TRUST_PROXY: by default no X-Forwarded-For is believed (request.ip is the peer's address), so a client cannot
    // pick its rate-limit bucket or the address written into the evidence file.
    trustProxy: fastifyTrustProxy(platform.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    // Signing-link tokens (≈ 150 characters) travel as a path parameter.
    routerOptions: { maxParamLength: 1000 },
  }).withTypeProvider<ZodTypeProvider>();
  // Every route whose path carries a credential (`:token`) joins the log redaction table before it can be called.
  app.addHook('onRoute', (route) => void registerCapabilityRoute(route.url));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, helmetOptions(platform.config));
  app.addHook('onSend', noStoreOnApi);
  // Every answer names its request: a help request carries the last ones, the logs find them.
  app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id));
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  app.decorate('idempotency', { store: createIdempotencyStore(platform.database, platform.clock), inFlight: new Set<string>() });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Paraphe API', version: '1.0.0', description: 'Electronic-signature back-office. See docs/api.md.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: apiDocsPath });

  app.setErrorHandler((error, request, reply) => {
    // The public API answers problem details (the same codes and fields, reshaped).
    const answer = (status: number, body: ErrorBody) =>
      answersProblems(request)
        ? sendProblem(reply, problemOf(status, body.error.code, body.error.message, request.id, body.error.fields))
        : reply.status(status).send(body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const part = context === 'querystring' ? 'query' : context;
      const input = part ? (request as unknown as Record<string, unknown>)[part] : undefined;
      const fields = toFieldErrors(error.validation as unknown as ZodIssueLike[], input);
      return answer(400, errorBody('VALIDATION_FAILED', 'Some fields are invalid.', request.id, fields));
    }
    if (error instanceof AppError) {
      if (error.status >= 500 && error.code !== 'MAINTENANCE') request.log.error({ err: error }, error.message);
      return answer(error.status, errorBody(error.code, error.message, request.id, error.fields, error.details));
    }
    const fromDatabase = inputDatabaseError(error);
    if (fromDatabase) {
      // The database refused a value the client sent (PostgreSQL class 22): the client's mistake, not ours.
      request.log.warn({ err: error, sqlState: fromDatabase.sqlState }, 'database refused an input value');
      return answer(400, errorBody('BAD_REQUEST', fromDatabase.message, request.id));
    }
    // Database away (503 UNAVAILABLE + Retry-After) or disk full (507 STORAGE_FULL): health.ts.
    const fault = replyToFault(error, request, reply);
    if (fault) return fault;
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return answer(429, errorBody('RATE_LIMITED', 'Too many attempts. Try again in a minute.', request.id));
    if (status === 413) return answer(413, errorBody('PAYLOAD_TOO_LARGE', 'The request is too large.', request.id));
    if (status >= 400 && status < 500) return answer(status, errorBody('BAD_REQUEST', (error as Error).message, request.id));
    request.log.error({ err: error }, 'unhandled error');
    return answer(500, errorBody('INTERNAL', errorMessages.INTERNAL!, request.id));
  });

  // The tenant of a verified custom domain the request came on (host-tenant.ts), before anything reads it.
  app.decorateRequest('hostTenant', null);
  app.addHook('onRequest', hostTenantHook(platform));
  const maintenance = maintenanceGate(platform);
  app.addHook('onRequest', maintenance.beforeGuard);
  app.addHook('preValidation', createGuard(platform, resolveSession, resolveApiKey, resolveEmbedDraft));
  app.addHook('preValidation', maintenance.afterGuard);
  // After the guard (an anonymous caller learns nothing about the input), before validation and the handler.
  app.addHook('preValidation', refuseUnsafeInput);

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const { statusCode, body } = await healthReport(platform);
    return reply.status(statusCode).send(body);
  });

  for (const module of modules) await module.routes?.(app, platform);
  // Every endpoint a module declares must have its handler (a descriptor without a route is a bug).
  const served = servedEndpoints(app);
  for (const module of modules) {
    for (const [name, endpoint] of (module.endpoints ?? []).flatMap((group) => Object.entries(group))) {
      if (!served.has(endpoint)) throw new Error(`Module ${module.name} declares ${name} (${endpoint.method} ${endpoint.path}) but serves no handler for it`);
    }
  }

  const indexHtml = indexHtmlOf(platform.config);
  const servesWeb = () => servesWebOf(platform.config);
  if (platform.config.role !== 'worker') serveEmbedScript(app);
  if (servesWeb()) {
    // wildcard: files are looked up per request, so a rebuilt SPA is served without a restart.
    await app.register(fastifyStatic, { root: platform.config.webDist, wildcard: true, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing built file (a translation, a chunk) is a 404, never the app's HTML read as JSON or JavaScript.
    if (answersProblems(request)) return sendProblem(reply, problemOf(404, 'NOT_FOUND', 'Not found.', request.id));
    if (request.url.startsWith(apiPathPrefix) || /^\/(locales|assets)\//.test(request.url) || !servesWeb()) {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Not found.', request.id));
    }
    // The SPA routes on the hash; any other path still gets the app, which shows its own 404.
    return reply.type('text/html').send(fs.createReadStream(indexHtml));
  });
  return app;
}
