import { SigningError, type SigningErrorCode } from '../errors.ts';

/** Runs `action`, turning any failure that is not already a SigningError into one with `code`. */
export function guard<T>(code: SigningErrorCode, what: string, action: () => T): T {
  try {
    return action();
  } catch (error) {
    throw asSigningError(error, code, what);
  }
}

export function asSigningError(error: unknown, code: SigningErrorCode, what: string): SigningError {
  if (error instanceof SigningError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new SigningError(code, `${what}: ${reason}`, undefined, { cause: error });
}
