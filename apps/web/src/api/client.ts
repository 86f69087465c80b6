import type { z } from 'zod';
import { tokenResponse, type Audience } from '@paraphe/contracts';
import { ApiError, CancelledError, apiErrorFromBody } from './apiError.ts';
import { createTokenManager } from './tokenManager.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: HttpMethod;
  /** Audience of the bearer token; null for the cookie-only auth endpoints. */
  audience: Audience | null;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** false for the session probe: a 401 there means "not logged in", not "log out". */
  sessionRequired?: boolean;
};

export type RawResponse = { status: number; body: unknown };

/** The body as JSON when it is JSON, as text otherwise, undefined when empty (204 or no content). */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const tokenManager = createTokenManager(async (audience, signal) => {
  const response = await fetch('/api/auth/token', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ audience }),
    signal,
  });
  const body = await readBody(response);
  if (!response.ok) throw apiErrorFromBody(response.status, body);
  return tokenResponse.parse(body).data;
});

let sessionLostHandler: () => void = () => undefined;
/** The app registers its logout here: a session the server no longer accepts ends in a logout. */
export function setSessionLostHandler(handler: () => void): void {
  sessionLostHandler = handler;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.audience) headers.Authorization = `Bearer ${await tokenManager.get(options.audience)}`;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** One call with its token; a refused token is renewed once, then a lost session logs the user out. */
export async function apiRaw(path: string, options: RequestOptions): Promise<RawResponse> {
  const sessionRequired = options.sessionRequired ?? true;
  try {
    let response = await send(path, options);
    let body = await readBody(response);
    if (response.status === 401 && options.audience) {
      const first = apiErrorFromBody(401, body);
      if (first.code === 'TOKEN_INVALID' || first.code === 'UNAUTHENTICATED') {
        tokenManager.invalidate(options.audience);
        response = await send(path, options);
        body = await readBody(response);
      }
    }
    if (!response.ok) throw apiErrorFromBody(response.status, body);
    return { status: response.status, body };
  } catch (error) {
    if (sessionRequired && options.audience && isUnauthenticated(error) && !tokenManager.isLoggingOut()) {
      sessionLostHandler();
      throw new CancelledError('session lost');
    }
    throw error;
  }
}

/** A call whose answer is checked against its contract schema. */
export async function apiRequest<S extends z.ZodType>(path: string, schema: S, options: RequestOptions): Promise<z.output<S>> {
  const { body } = await apiRaw(path, options);
  return schema.parse(body);
}
