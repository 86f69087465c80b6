import { ApiError, apiErrorFromBody } from '../../shared/api/apiError.ts';
import { readBody, type RequestOptions } from '../../shared/api/client.ts';

/**
 * Calls of the public signing page carry no bearer token and no session cookie (the link's token is the only
 * credential), so a 401 here is an answer to show, never a logout; their errors keep the body's details.
 */
export const publicCall = { credentials: 'omit', toError: (status, body) => publicApiError(status, body) } satisfies Pick<
  RequestOptions,
  'credentials' | 'toError'
>;

/** A file of the link (the PDF to read, at the URL the view gives); errors carry the server's code like any other call. */
export async function publicBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { credentials: 'omit', signal });
  if (!response.ok) throw publicApiError(response.status, await readBody(response));
  return response.blob();
}

/** An ApiError that keeps the body's `error.details` (why a link is unavailable, when a code can be asked again). */
export class PublicApiError extends ApiError {
  override readonly details: Record<string, unknown>;

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
