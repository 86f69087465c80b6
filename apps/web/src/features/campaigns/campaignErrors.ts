import { ApiError, apiErrorFromBody } from '../../shared/api/apiError.ts';

/** An ApiError that keeps the body's `error.details` (why a mail-merge campaign cannot be sent, how to enable conversion). */
export class DetailedApiError extends ApiError {
  override readonly details: Record<string, unknown>;

  constructor(base: ApiError, details: Record<string, unknown>) {
    super({ code: base.code, status: base.status, message: base.message, detail: base.detail, fields: base.fields });
    this.name = 'DetailedApiError';
    this.details = details;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The transport's `toError` for the campaign calls whose details the screens read. */
export function keepDetails(status: number, body: unknown): DetailedApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  return new DetailedApiError(apiErrorFromBody(status, body), isRecord(error.details) ? error.details : {});
}

/** The details of a failed call, `{}` for an error without any. */
export function detailsOf(error: unknown): Record<string, unknown> {
  return error instanceof DetailedApiError ? error.details : {};
}
