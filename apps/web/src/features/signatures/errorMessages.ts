import type { TFunction } from 'i18next';
import { ApiError, apiErrorFromBody } from '../../shared/api/apiError.ts';

/** An ApiError that keeps the body's `error.details` (e.g. RELAUNCH_TOO_SOON's `availableAt`). */
export class ApiErrorWithDetails extends ApiError {
  override readonly details: Record<string, unknown>;

  constructor(base: ApiError, details: Record<string, unknown>) {
    super({ code: base.code, status: base.status, message: base.message, detail: base.detail, fields: base.fields });
    this.name = 'ApiErrorWithDetails';
    this.details = details;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `toError` of calls whose failures carry details the screen shows. */
export function apiErrorWithDetails(status: number, body: unknown): ApiErrorWithDetails {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  return new ApiErrorWithDetails(apiErrorFromBody(status, body), isRecord(error.details) ? error.details : {});
}

/** Spec §8: signature errors recognised by the detail of the answer, before its code. */
export function detailCodeOf(detail: string): string | undefined {
  if (detail.startsWith('72005')) return 'NO_CREDIT';
  if (detail.startsWith('73011 : No valid contract sign account')) return 'INVALID_PROFILE';
  if (detail.startsWith('73011')) return 'NO_STAMP_ACCOUNT';
  if (detail.startsWith('73020')) return 'PDF_INVALID';
  return undefined;
}

/** The message key (namespace signatures) for a failed signature call, or undefined for the generic toast. */
export function signatureErrorKey(error: unknown, known: readonly string[]): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = detailCodeOf(error.detail) ?? error.code;
  return known.includes(code) ? `errorsByCode.${code}` : undefined;
}

export function signatureErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  const known = Object.keys(t('errorsByCode', { ns: 'signatures', returnObjects: true }) as Record<string, string>);
  const key = signatureErrorKey(error, known);
  if (key) return t(key, { ns: 'signatures' });
  if (error instanceof ApiError && error.status === 403) return t('errors.rights', { ns: 'common' });
  return t(fallbackKey, { ns: 'signatures' });
}
