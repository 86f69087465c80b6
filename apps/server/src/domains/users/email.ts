import { errorMessages } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/db/client.ts';
import { emailTaken } from './repository.ts';

/**
 * An address is unique across tenants (login is by e-mail), so creating a user checks every tenant. The answer
 * is the same whether the address is used in the caller's tenant or in another one: it never says where.
 */
export const emailTakenError = (message = errorMessages.EMAIL_ALREADY_EXISTS!) =>
  new AppError('EMAIL_ALREADY_EXISTS', message, { fields: [{ field: 'email', rule: 'invalid_value', message }] });

export async function assertEmailFree(tx: Tx, email: string, exceptId?: string, message?: string) {
  if (await emailTaken(tx, email, exceptId)) throw emailTakenError(message);
}

/** True for the unique index on lower(email) (the driver error may be wrapped by drizzle). */
function isEmailUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === 'users_email_unique' || e.message?.includes('users_email_unique'))) return true;
  }
  return false;
}

/**
 * A tenant transaction only sees its own users (RLS), and two sign-ups may race: the unique index is the last
 * word, and its violation must read as EMAIL_ALREADY_EXISTS, not as a server error.
 */
export async function withUniqueEmail<T>(write: Promise<T>, message?: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw emailTakenError(message);
    throw error;
  }
}
