import type { Keyset } from '../../platform/db/lists.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The cursor of every /api/v1 list: the opaque base64url of the last row's (created_at, id), newest first
 * (docs/api-v1.md, "Paging"). A keyset, not an offset: rows created while a client pages never show twice nor
 * shift the next page.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(JSON.stringify({ t: row.createdAt.toISOString(), i: row.id })).toString('base64url');

export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  try {
    const { t, i } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; i?: unknown };
    const createdAt = typeof t === 'string' ? new Date(t) : null;
    if (createdAt && !Number.isNaN(createdAt.getTime()) && typeof i === 'string' && uuidPattern.test(i)) return { createdAt, id: i };
  } catch {
    // falls through to the field error
  }
  throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: [{ field: 'cursor', rule: 'invalid_value', message: 'Not a cursor this API gave.' }] });
}

/** One more row than asked tells whether a next page exists, without counting. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => { createdAt: Date; id: string }): { page: T[]; nextCursor?: string } {
  const page = rows.slice(0, limit);
  return rows.length > limit ? { page, nextCursor: encodeCursor(keyOf(page[page.length - 1]!)) } : { page };
}
