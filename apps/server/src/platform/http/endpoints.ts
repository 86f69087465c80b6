import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteShorthandOptions } from 'fastify';
import type { CreateRateLimitOptions, RateLimitOptions } from '@fastify/rate-limit';
import { isSchema, successStatus, type BodyOut, type EndpointSpec, type ParamsOut, type QueryOut, type ResponseOf } from '@paraphe/contracts';
import { auditOrigin } from '../audit.ts';
import type { IdempotencyStore } from '../idempotency.ts';
import { withRequestRows } from '../db/request-rows.ts';
import { requestRowsOf } from './guard.ts';
import { idempotencyKeyOf, runIdempotent } from './idempotent.ts';
import type { App } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Idempotency-Key store of this app (buildApp decorates it; serve() uses it for `idempotent` endpoints). */
    idempotency: { store: IdempotencyStore; inFlight: Set<string> };
  }
}

/**
 * Registers the handler of an endpoint described in the contracts: method, path, validation schemas, OpenAPI
 * metadata and the guard's configuration all come from the descriptor; only the handler and server-side
 * concerns (rate limits, body limits) are written here. A handler returns the JSON body of the success status
 * (sent with that status), or takes over the reply (files, other statuses). A descriptor flagged `idempotent` gets
 * the Idempotency-Key handling (idempotent.ts) around its handler; public JSON bodies are bounded (64 KB).
 */

export type EndpointRequest<E extends EndpointSpec> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
};
export type EndpointHandler<E extends EndpointSpec> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<ResponseOf<E> | FastifyReply>;

/**
 * One rate limit (@fastify/rate-limit's route options: max, timeWindow, keyGenerator, hook…). An extra limit may
 * name a `bucket`: routes giving the same bucket name count in the same store (e.g. every action of a signing link).
 */
export type RateLimit = Record<string, unknown> & { bucket?: string };
// (A bucket's max and time window are those of the first route that names it.)

export interface ServeOptions {
  /**
   * One limit, or several that all apply (e.g. per client address AND per signing link): the first is the route's
   * @fastify/rate-limit configuration, the others are checked by the same plugin's store; the first exceeded answers
   * 429 with Retry-After and the x-ratelimit-* headers.
   */
  rateLimit?: RateLimit | readonly RateLimit[];
  bodyLimit?: number;
  /** Answered while maintenance is on (maintenance-gate.ts): login, tokens, the maintenance status and switch. */
  duringMaintenance?: boolean;
}

/** Public JSON bodies (login, sign-up, links, the signing page) are small: 64 KB unless the route says otherwise. */
export const publicJsonBodyLimit = 64 * 1024;

/** Which endpoints each app instance served: the module registry checks nothing was forgotten. */
const served = new WeakMap<object, Set<EndpointSpec>>();
export const servedEndpoints = (app: App): ReadonlySet<EndpointSpec> => served.get(app.server) ?? new Set();

/** Where an extra limit is checked (preParsing hooks take and return the body stream: not offered). */
type LimitHook = 'onRequest' | 'preValidation' | 'preHandler';

type Limiter = ReturnType<App['createRateLimit']>;
const bucketsOf = new WeakMap<object, Map<string, Limiter>>();

function limiterOf(app: App, limit: RateLimit): Limiter {
  const { bucket, hook: _hook, ...options } = limit;
  if (!bucket) return app.createRateLimit(options as CreateRateLimitOptions);
  const buckets = bucketsOf.get(app.server) ?? new Map<string, Limiter>();
  bucketsOf.set(app.server, buckets);
  let limiter = buckets.get(bucket);
  if (!limiter) buckets.set(bucket, (limiter = app.createRateLimit(options as CreateRateLimitOptions)));
  return limiter;
}

/** The hooks checking the extra limits of a route (the plugin checks only one per request). */
function extraLimitHooks(app: App, limits: readonly RateLimit[]): Partial<Record<LimitHook, onRequestAsyncHookHandler[]>> {
  const hooks: Partial<Record<LimitHook, onRequestAsyncHookHandler[]>> = {};
  for (const limit of limits) {
    const check = limiterOf(app, limit);
    const hook = (limit.hook as LimitHook | undefined) ?? 'onRequest';
    (hooks[hook] ??= []).push(async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply
        .header('x-ratelimit-limit', result.max)
        .header('x-ratelimit-remaining', 0)
        .header('x-ratelimit-reset', result.ttlInSeconds)
        .header('retry-after', result.ttlInSeconds);
      throw Object.assign(new Error(`Rate limit exceeded, retry in ${result.ttlInSeconds} s`), { statusCode: 429 });
    });
  }
  return hooks;
}

export function serve<E extends EndpointSpec>(app: App, endpoint: E, handler: EndpointHandler<E>, options: ServeOptions = {}): void {
  const json = Object.fromEntries(Object.entries(endpoint.responses).filter(([, spec]) => isSchema(spec)));
  const body = isSchema(endpoint.body) ? endpoint.body : undefined;
  const upload = endpoint.body && !isSchema(endpoint.body) && endpoint.body.kind === 'multipart' ? endpoint.body : undefined;
  const status = successStatus(endpoint);
  const auth = endpoint.auth;
  const limits: readonly RateLimit[] =
    options.rateLimit === undefined ? [] : Array.isArray(options.rateLimit) ? options.rateLimit : [options.rateLimit as RateLimit];
  const bodyLimit = options.bodyLimit ?? ('public' in auth && body ? publicJsonBodyLimit : undefined);
  const idempotencyNote =
    'Accepts an `Idempotency-Key` header (1–200 printable ASCII characters): a retry with the same key and request gets the first answer again (docs/api.md).';
  const description = [upload?.description, endpoint.idempotent ? idempotencyNote : undefined].filter(Boolean).join('\n\n');
  const routeOptions: RouteShorthandOptions = {
    schema: {
      tags: [...(endpoint.tags ?? [])],
      summary: endpoint.summary,
      ...(description ? { description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(body ? { body } : {}),
      ...(upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(Object.keys(json).length ? { response: json } : {}),
    },
    config: {
      ...('public' in auth ? {} : auth),
      ...(limits[0] ? { rateLimit: limits[0] as RateLimitOptions } : {}),
      ...(options.duringMaintenance ? { duringMaintenance: true } : {}),
    },
    ...extraLimitHooks(app, limits.slice(1)),
    ...(bodyLimit ? { bodyLimit } : {}),
  };
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const apiKey = request.apiKey;
    const call = () => handler(request as unknown as EndpointRequest<E>, reply);
    const run = apiKey ? () => auditOrigin.run({ apiKeyId: apiKey.id, apiKeyLabel: apiKey.label }, call) : call;
    const key = endpoint.idempotent ? idempotencyKeyOf(request) : undefined;
    if (key !== undefined) {
      const { store, inFlight } = request.server.idempotency;
      return runIdempotent({ store, inFlight, endpoint, request, reply, key, status, run });
    }
    let result: Awaited<ReturnType<typeof run>>;
    try {
      result = await run();
    } catch (error) {
      // A file answer streams after its status and headers: a reader that goes away mid-way (or a socket error)
      // rejects the awaited reply. The answer is already on its way, so this is no error to answer: no 500 after the
      // 200 (Fastify would try, and warn "Reply was already sent"), only a line saying the download was cut.
      if (!reply.raw.headersSent) throw error;
      request.log.info({ err: error, statusCode: reply.statusCode }, 'the answer was interrupted after its headers were sent');
      return;
    }
    // A handler that sent the answer itself returns the reply, which is thenable: awaited, it is not `reply` any more.
    if (result === reply || reply.sent) return reply;
    if (reply.raw.headersSent) return;
    return reply.status(status).send(result);
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...routeOptions,
    // The guard's rows of this request (its tenant…) are the handler's too (db/request-rows.ts).
    handler: (request, reply) => withRequestRows(requestRowsOf(request), () => handle(request, reply)),
  });
  const set = served.get(app.server) ?? new Set<EndpointSpec>();
  set.add(endpoint);
  served.set(app.server, set);
}
