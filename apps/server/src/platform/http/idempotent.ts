import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointSpec } from '@paraphe/contracts';
import { AppError } from '../errors.ts';
import { IdempotencyKeyTaken, type IdempotencyStore, type StoredKey } from '../idempotency.ts';
import { requestTransactions } from '../idempotency-scope.ts';

/**
 * `Idempotency-Key` on the create endpoints (descriptor flag `idempotent: true`), generic in serve():
 * - same key, same request (method, route, parameters, query, body — the raw bytes of a multipart body), same
 *   caller → the stored answer again (same status and body, header `Idempotent-Replayed: true`);
 * - same key, another request → 422 IDEMPOTENCY_KEY_REUSED;
 * - the first request with that key still running → 409 IDEMPOTENCY_KEY_IN_USE;
 * - the change committed but its answer was lost (the process died between the commit and storing the answer)
 *   → 409 IDEMPOTENCY_KEY_UNKNOWN_RESULT: the client looks for what it created, never a duplicate.
 * The key row is written by the request's first writing transaction (idempotency.ts), not here.
 */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotentReplayedHeader = 'idempotent-replayed';
const keyPattern = /^[\x20-\x7E]{1,200}$/;

/** The header's value when the request carries one (a wrong one is a validation error). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[idempotencyKeyHeader];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !keyPattern.test(value) || !value.trim()) {
    const message = 'Idempotency-Key: 1 to 200 printable ASCII characters.';
    throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: [{ field: 'Idempotency-Key', rule: 'invalid_value', message }] });
  }
  return value;
}

/** Who asked: the API key, the logged-in person (and whom they act as, in commuted mode), or the client address on public routes. */
function scopeOf(endpoint: EndpointSpec, request: FastifyRequest): string {
  const actor = request.actor;
  // A public-API call: the key is the caller (every key of a tenant acts as the same technical user).
  const who = request.apiKey
    ? `apikey:${request.apiKey.id}`
    : actor
      ? `user:${actor.realUserId}${actor.userId === actor.realUserId ? '' : `>${actor.userId}`}`
      : `ip:${request.ip}`;
  return `${endpoint.method} ${endpoint.path} ${who}`;
}

/** Hashes the raw body as the handler reads it (multipart): the data listener sees every chunk the parser gets. */
function tapRawBody(raw: IncomingMessage): { hash: Promise<string>; drain(): void } {
  const digest = createHash('sha256');
  const hash = new Promise<string>((resolve, reject) => {
    raw.on('data', (chunk: Buffer) => digest.update(chunk));
    raw.once('end', () => resolve(digest.digest('hex')));
    raw.once('error', reject);
    raw.once('aborted', () => reject(new Error('request aborted')));
  });
  hash.catch(() => undefined);
  // Adding a data listener starts the flow: wait for the handler's parser (its pipe resumes the stream).
  raw.pause();
  return { hash, drain: () => raw.resume() };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface IdempotentCall {
  store: IdempotencyStore;
  inFlight: Set<string>;
  endpoint: EndpointSpec;
  request: FastifyRequest;
  reply: FastifyReply;
  key: string;
  /** The success status the handler's body is sent with. */
  status: number;
  /** The handler: its JSON body, or the reply when it took it over. */
  run(): Promise<unknown>;
}

/** Runs a create endpoint under its Idempotency-Key. */
export async function runIdempotent(call: IdempotentCall): Promise<FastifyReply> {
  const { store, endpoint, request, reply, key } = call;
  const scope = scopeOf(endpoint, request);
  const flight = `${scope}\n${key}`;
  if (call.inFlight.has(flight)) throw new AppError('IDEMPOTENCY_KEY_IN_USE');
  call.inFlight.add(flight);
  const multipart = !!endpoint.body && 'kind' in endpoint.body && endpoint.body.kind === 'multipart';
  const tap = multipart ? tapRawBody(request.raw) : undefined;
  const bodyHash = tap
    ? undefined
    : sha256(JSON.stringify([endpoint.method, endpoint.path, request.params ?? null, request.query ?? null, request.body ?? null]));
  const requestHash = () => (tap ? withTimeout(tap.hash, 10_000, 'the multipart body was not read before the change') : Promise.resolve(bodyHash!));
  const existingAnswer = async (stored: StoredKey | undefined): Promise<FastifyReply> => {
    if (tap) tap.drain();
    return answerStored(call, scope, stored, await requestHash());
  };
  try {
    const stored = await store.find(scope, key);
    if (stored) return await existingAnswer(stored);

    const recorder = store.recorder(scope, key, bodyHash ?? requestHash);
    let result: unknown;
    try {
      result = await requestTransactions.run(recorder, call.run);
    } catch (error) {
      if (error instanceof IdempotencyKeyTaken) return await existingAnswer(await store.find(scope, key));
      // Refused because a twin request (another node) made the change first, e.g. a unique address it created:
      // the client gets that request's answer rather than the refusal.
      const twin = recorder.state === 'recorded' ? undefined : await store.find(scope, key).catch(() => undefined);
      if (twin) return await existingAnswer(twin);
      throw error;
    } finally {
      recorder.closed = true;
    }
    if (result === reply) {
      // A handler that sent its own answer (not a JSON create): nothing to replay; a retry learns the outcome is unknown.
      return reply;
    }
    reply.status(call.status);
    const payload = reply.serialize(result) as string;
    if (recorder.state === 'recorded') {
      try {
        await store.saveAnswer(scope, key, call.status, payload);
      } catch (error) {
        request.log.error({ err: error }, 'idempotency: the answer could not be stored (a retry will get IDEMPOTENCY_KEY_UNKNOWN_RESULT)');
      }
    }
    return reply.type('application/json; charset=utf-8').send(payload);
  } finally {
    call.inFlight.delete(flight);
  }
}

async function answerStored(call: IdempotentCall, scope: string, first: StoredKey | undefined, requestHash: string): Promise<FastifyReply> {
  let stored = first;
  if (!stored) throw new AppError('IDEMPOTENCY_KEY_IN_USE');
  if (stored.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  // On a shared database another node may have recorded it, its answer on the way (milliseconds between its commit
  // and storing the answer). The embedded database has one process: no answer there means it was lost.
  for (let attempt = 0; call.store.shared && stored && stored.responseStatus === null && attempt < 5; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    stored = await call.store.find(scope, call.key);
  }
  if (!stored || stored.responseStatus === null || stored.responseBody === null) throw new AppError('IDEMPOTENCY_KEY_UNKNOWN_RESULT');
  return call.reply.status(stored.responseStatus).header(idempotentReplayedHeader, 'true').type('application/json; charset=utf-8').send(stored.responseBody);
}
