import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * A refusal that ends at a known time (an account locked, a direct link's rate) carries its wait in
 * `details.retryAfterSeconds`: the standard Retry-After header says it too (the error body keeps the details).
 */
export async function withRetryAfter<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const seconds = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
    if (typeof seconds === 'number') reply.header('Retry-After', String(seconds));
    throw error;
  }
}
