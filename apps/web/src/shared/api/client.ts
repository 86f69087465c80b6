import { authEndpoints, embedAuthScheme, pathOf, type Audience } from '@paraphe/contracts';
import { ApiError, CancelledError, apiErrorFromBody } from './apiError.ts';
import { createTokenManager } from './tokenManager.ts';
import { availability, defaultRetryAfterSeconds, isNetworkFailure, isServiceUnavailable, parseRetryAfter } from './availability.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/**
 * The transport under the endpoint client (endpoints.ts): one HTTP call with its bearer token, the renewal of
 * a refused token and the end of a lost session. Screens never call it with a path: they go through the
 * contracts' endpoint descriptors.
 */
export type RequestOptions = {
  method?: HttpMethod;
  /** Audience of the bearer token; null for the endpoints without one (cookie-only auth, public signing page). */
  audience: Audience | null;
  query?: Record<string, QueryValue>;
  /** A JSON body, or a FormData sent as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal;
  /** false for the session probe: a 401 there means "not logged in", not "log out". */
  sessionRequired?: boolean;
  /** 'omit' for the public signing page: the link's token is its only credential. Default 'include'. */
  credentials?: RequestCredentials;
  /** Builds the error of a failed answer (default: ApiError from the error body). */
  toError?: (status: number, body: unknown) => Error;
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
  const endpoint = authEndpoints.token;
  const response = await fetch(pathOf(endpoint), {
    method: endpoint.method,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ audience }),
    signal,
  });
  const body = await readBody(response);
  if (!response.ok) throw apiErrorFromBody(response.status, body);
  return endpoint.responses[200].parse(body).data;
});

let sessionLostHandler: () => void = () => undefined;
/** The app registers its logout here: a session the server no longer accepts ends in a logout. */
export function setSessionLostHandler(handler: () => void): void {
  sessionLostHandler = handler;
}

let maintenanceHandler: () => void = () => undefined;
/** What to do when the API answers 503 MAINTENANCE (the app shows its maintenance page). */
export function setMaintenanceHandler(handler: () => void): void {
  maintenanceHandler = handler;
}

/** The ids of the last API answers (X-Request-Id), newest first: a help request carries them to support. */
const recentRequestIds: string[] = [];
export const lastRequestIds = (): readonly string[] => [...recentRequestIds];
function rememberRequestId(response: Response): void {
  const id = response.headers?.get('x-request-id');
  if (!id) return;
  recentRequestIds.unshift(id);
  recentRequestIds.length = Math.min(recentRequestIds.length, 5);
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

/**
 * The embedded editor's credential (docs/embedding.md): the editor link's token, sent as `Authorization: Embed <token>`
 * instead of a session's bearer token, without cookies. The server accepts it on the editing calls of its draft only.
 */
let embedCredential: string | null = null;
export function setEmbedCredential(token: string): void {
  embedCredential = token;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  // A multipart body sets its own Content-Type (with the boundary).
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (options.audience)
    headers.Authorization = embedCredential ? `${embedAuthScheme} ${embedCredential}` : `Bearer ${await tokenManager.get(options.audience)}`;
  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    credentials: embedCredential ? 'omit' : (options.credentials ?? 'include'),
    headers,
    body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  rememberRequestId(response);
  return response;
}

function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** 502/503/504 without our error body (a proxy's) or with UNAVAILABLE: the service cannot answer now. */
function answersUnavailable(response: Response): boolean {
  return response.status === 502 || response.status === 503 || response.status === 504;
}

/**
 * One call, telling the availability store what it learnt: a network failure or an "unavailable" answer puts the
 * app in its "service temporarily unavailable" state (until the Retry-After), any other answer ends it. A network
 * failure rejects with UNAVAILABLE (status 0), so the queries wait and retry instead of showing an empty screen.
 */
async function sendWatchingAvailability(path: string, options: RequestOptions): Promise<Response> {
  let response: Response;
  try {
    response = await send(path, options);
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    availability.markUnavailable(defaultRetryAfterSeconds);
    throw new ApiError({ code: 'UNAVAILABLE', status: 0, message: 'The service could not be reached.' });
  }
  if (!answersUnavailable(response)) availability.markAvailable();
  return response;
}

/** The error of an unavailable answer: UNAVAILABLE even from a proxy's bare 502/504 (MAINTENANCE stays itself). */
function unavailableError(response: Response, error: Error): Error {
  if (!answersUnavailable(response)) return error;
  if (error instanceof ApiError && error.code === 'MAINTENANCE') return error;
  availability.markUnavailable(parseRetryAfter(response.headers?.get('retry-after'), Date.now()));
  return isServiceUnavailable(error) ? error : new ApiError({ code: 'UNAVAILABLE', status: response.status, message: `HTTP ${response.status}` });
}

/**
 * One call with its token; a refused token is renewed once, then a lost session logs the user out. Resolves
 * with the successful Response (its body unread); a failure rejects with the error of its body.
 */
export async function apiFetch(path: string, options: RequestOptions): Promise<Response> {
  const sessionRequired = options.sessionRequired ?? true;
  const toError = options.toError ?? apiErrorFromBody;
  try {
    let response = await sendWatchingAvailability(path, options);
    // The body of a refused call, once read (a Response body can be read only once).
    let refusal: { body: unknown } | null = null;
    // The embedded editor has no session to renew or lose: its refusals are answers.
    if (response.status === 401 && options.audience && !embedCredential) {
      refusal = { body: await readBody(response) };
      const first = apiErrorFromBody(401, refusal.body);
      if (first.code === 'TOKEN_INVALID' || first.code === 'UNAUTHENTICATED') {
        tokenManager.invalidate(options.audience);
        response = await sendWatchingAvailability(path, options);
        refusal = null;
      }
    }
    if (!response.ok) throw unavailableError(response, toError(response.status, refusal ? refusal.body : await readBody(response)));
    return response;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'MAINTENANCE') maintenanceHandler();
    if (sessionRequired && options.audience && !embedCredential && isUnauthenticated(error) && !tokenManager.isLoggingOut()) {
      sessionLostHandler();
      throw new CancelledError('session lost');
    }
    throw error;
  }
}

/** A call whose JSON (or empty) answer is read: its status and its body. */
export async function apiRaw(path: string, options: RequestOptions): Promise<RawResponse> {
  const response = await apiFetch(path, options);
  return { status: response.status, body: await readBody(response) };
}
