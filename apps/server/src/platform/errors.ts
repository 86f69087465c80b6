// The zod-free part of the contracts: the worker threads load this file too (platform/workers/tasks.ts).
import type { FieldError } from '@paraphe/contracts';
import { errorHttpStatus, errorMessages, type ErrorCode } from '@paraphe/contracts/error-codes';

/** The one error type services throw; the HTTP edge maps `code` to a status (contracts' errorHttpStatus). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldError[];
  readonly details?: Record<string, unknown>;
  constructor(code: ErrorCode, message?: string, options?: { fields?: FieldError[]; details?: Record<string, unknown>; cause?: unknown }) {
    super(message ?? errorMessages[code] ?? code, { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options?.fields;
    this.details = options?.details;
  }
  get status(): number {
    return errorHttpStatus[this.code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found.`);
export const forbidden = () => new AppError('FORBIDDEN');
export const fieldError = (field: string, rule: FieldError['rule'], message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field, rule, message }] });
