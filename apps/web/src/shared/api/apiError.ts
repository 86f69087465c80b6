import { errorBodySchema, type FieldError } from '@paraphe/contracts';

/** A failed API call: the server's stable code, the HTTP status and the per-field validation errors. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly detail: string;
  readonly fields: FieldError[];
  /** Code-specific data (e.g. CONFLICT { requests } of a GDPR erasure). */
  readonly details: Record<string, unknown>;

  constructor(init: { code: string; status: number; message: string; detail?: string; fields?: FieldError[]; details?: Record<string, unknown> }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.detail = init.detail ?? `${init.code} : ${init.message}`;
    this.fields = init.fields ?? [];
    this.details = init.details ?? {};
  }
}

/** Builds an ApiError from any HTTP failure; a body that is not our error shape still gives a usable error. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, detail, fields, details } = parsed.data.error;
    return new ApiError({ code, status, message, detail, fields, details });
  }
  return new ApiError({ code: status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', status, message: `HTTP ${status}` });
}

/** A request the user or the app cancelled (navigation, logout): never reported to the user (spec §8). */
export class CancelledError extends Error {
  constructor(message = 'cancel') {
    super(message);
    this.name = 'CancelledError';
  }
}

export function isCancellation(error: unknown): boolean {
  if (error instanceof CancelledError) return true;
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  // TanStack Query's own CancelledError (thrown when a query is cancelled) carries this flag.
  return typeof error === 'object' && error !== null && 'revert' in error && 'silent' in error;
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
