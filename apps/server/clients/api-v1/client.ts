import createClient from 'openapi-fetch';
import type { paths } from './schema.d.ts';

/**
 * The typed client of the Paraphe public API (/api/v1): openapi-fetch over the generated `paths`. Every call returns
 * `{ data, error, response }`: `error` is the problem details (RFC 9457) of a refused call.
 */
export function createParapheClient(options: { baseUrl: string; apiKey: string; fetch?: typeof fetch }) {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
export type ParapheClient = ReturnType<typeof createParapheClient>;
export type { paths } from './schema.d.ts';
