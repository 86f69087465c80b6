import type { z } from 'zod';
import { ApiError, apiErrorFromBody } from '../api/apiError.ts';
import { readBody } from '../api/client.ts';

/**
 * Calls of the public signing page: no bearer token and no session (the link's token is the only credential),
 * so a 401 here is an answer to show, never a logout. Answers are checked against their contract schema.
 */
export async function publicRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'omit',
    headers: init.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const body = await readBody(response);
  if (!response.ok) throw publicApiError(response.status, body);
  return schema.parse(body);
}

/** A file of the link (the PDF to read); errors carry the server's code like any other call. */
export async function publicBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(path, { credentials: 'omit', signal });
  if (!response.ok) throw publicApiError(response.status, await readBody(response));
  return response.blob();
}

/** An ApiError that keeps the body's `error.details` (why a link is unavailable, when a code can be asked again). */
export class PublicApiError extends ApiError {
  readonly details: Record<string, unknown>;

  constructor(base: ApiError, details: Record<string, unknown>) {
    super({ code: base.code, status: base.status, message: base.message, detail: base.detail, fields: base.fields });
    this.name = 'PublicApiError';
    this.details = details;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function publicApiError(status: number, body: unknown): PublicApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  return new PublicApiError(apiErrorFromBody(status, body), isRecord(error.details) ? error.details : {});
}
