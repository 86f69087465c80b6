import { SigningError, isSigningError } from '../errors.ts';

/** Wraps unexpected failures so that only SigningError leaves the package. */
export async function guarded<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isSigningError(error)) throw error;
    if (error instanceof RangeError && /allocation|memory|size/i.test(error.message)) {
      throw new SigningError('PDF_TOO_COMPLEX', `${what}: the PDF exceeds memory bounds`, undefined, { cause: error });
    }
    throw new SigningError('PDF_INVALID', `${what} failed: ${(error as Error)?.message ?? String(error)}`, undefined, { cause: error });
  }
}
