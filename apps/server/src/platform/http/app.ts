import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorDetail, errorMessages, type ErrorBody } from '@paraphe/contracts';
import { AppError } from '../errors.ts';
import type { Platform } from '../context.ts';
import { createGuard } from './guard.ts';
import { toFieldErrors, type ZodIssueLike } from './validation.ts';

export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;
export type DomainRoutes = (app: App, platform: Platform) => void | Promise<void>;

function errorBody(
  code: string,
  message: string,
  requestId: string,
  fields?: ErrorBody['error']['fields'],
  details?: ErrorBody['error']['details'],
): ErrorBody {
  return { error: { code, message, detail: errorDetail(code, message), ...(fields ? { fields } : {}), ...(details ? { details } : {}), requestId } };
}

export async function buildApp(platform: Platform, domains: DomainRoutes[]): Promise<App> {
  const app = Fastify({
    loggerInstance: platform.logger,
    genReqId: () => randomUUID(),
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    // Signing-link tokens (≈ 150 characters) travel as a path parameter.
    routerOptions: { maxParamLength: 1000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Paraphe API', version: '1.0.0', description: 'Electronic-signature back-office. See docs/api.md.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const part = context === 'querystring' ? 'query' : context;
      const input = part ? (request as unknown as Record<string, unknown>)[part] : undefined;
      const fields = toFieldErrors(error.validation as unknown as ZodIssueLike[], input);
      return reply.status(400).send(errorBody('VALIDATION_FAILED', 'Some fields are invalid.', request.id, fields));
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(errorBody(error.code, error.message, request.id, error.fields, error.details));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody('RATE_LIMITED', 'Too many attempts. Try again in a minute.', request.id));
    if (status === 413) return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', 'The request is too large.', request.id));
    if (status >= 400 && status < 500) return reply.status(status).send(errorBody('BAD_REQUEST', (error as Error).message, request.id));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', errorMessages.INTERNAL!, request.id));
  });

  app.addHook('preValidation', createGuard(platform));

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await platform.database.ping();
      return { status: 'ok', database: 'ok', engine: platform.database.engine };
    } catch {
      return reply.status(503).send({ status: 'degraded', database: 'unreachable' });
    }
  });

  for (const register of domains) await register(app, platform);

  const indexHtml = path.join(platform.config.webDist, 'index.html');
  if (fs.existsSync(indexHtml)) {
    // wildcard: files are looked up per request, so a rebuilt SPA is served without a restart.
    await app.register(fastifyStatic, { root: platform.config.webDist, wildcard: true, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !fs.existsSync(indexHtml)) {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Not found.', request.id));
    }
    // The SPA routes on the hash; any other path still gets the app, which shows its own 404.
    return reply.type('text/html').send(fs.createReadStream(indexHtml));
  });
  return app;
}
