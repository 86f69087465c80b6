import type { Keyset, NameKeyset, RowKeyset } from './lists.ts';
import { AppError } from '../errors.ts';

/**
 * The cursors of the /api/v1 lists (docs/api-v1.md, "Paging") and of the back office's lists past their numbered pages
 * (docs/lists.md, "Deep pages"): opaque base64url JSON of the last row's key. Lists of resources are by (created_at,
 * id); a campaign's signatories and an operation's orders are in their own order, by (rowIndex, id); the address
 * book by name, by (lower(lastname), id). A keyset, not an
 * offset: a page far down reads as little as the first, and rows created while a client pages never show twice nor
 * shift the next page. A cursor carries no tenant: the list's query keeps its own tenant (and list) condition, so a
 * cursor of another tenant or list only says where to start among the caller's own rows.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const encode = (value: Record<string, unknown>) => Buffer.from(JSON.stringify(value)).toString('base64url');
export const encodeCursor = (row: { createdAt: Date; id: string }) => encode({ t: row.createdAt.toISOString(), i: row.id });
export const encodeRowCursor = (row: RowKeyset) => encode({ r: row.rowIndex, i: row.id });
export const encodeNameCursor = (row: { lastname: string; id: string }) => encode({ n: row.lastname, i: row.id });

const invalidCursor = () =>
  new AppError('VALIDATION_FAILED', 'Some fields are invalid.', {
    fields: [{ field: 'cursor', rule: 'invalid_value', message: 'Not a cursor this API gave: start again from the first page.' }],
  });

/** A cursor given with an order it cannot follow (a keyset pages a list in its key's order only: by date, row or name). */
export const cursorNeedsKeyOrder = (key: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields are invalid.', {
    fields: [{ field: 'cursor', rule: 'invalid_value', message: `A cursor pages this list ordered by ${key} only: drop orderBy, or page by number.` }],
  });

/** The cursor's JSON with a valid id, else the field error (never a server error). */
function decodeJson(cursor: string): Record<string, unknown> & { i: string } {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (value && typeof value === 'object' && typeof (value as { i?: unknown }).i === 'string' && uuidPattern.test((value as { i: string }).i)) {
      return value as Record<string, unknown> & { i: string };
    }
  } catch {
    // falls through to the field error
  }
  throw invalidCursor();
}

export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  const { t, i } = decodeJson(cursor);
  const createdAt = typeof t === 'string' ? new Date(t) : null;
  if (createdAt && !Number.isNaN(createdAt.getTime())) return { createdAt, id: i };
  throw invalidCursor();
}

export function decodeRowCursor(cursor: string | undefined): RowKeyset | undefined {
  if (!cursor) return undefined;
  const { r, i } = decodeJson(cursor);
  if (typeof r === 'number' && Number.isSafeInteger(r) && r >= 0) return { rowIndex: r, id: i };
  throw invalidCursor();
}

/** One more row than asked tells whether a next page exists, without counting. */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (row: T) => string): { page: T[]; nextCursor?: string } {
  const page = rows.slice(0, limit);
  return rows.length > limit ? { page, nextCursor: cursorOf(page[page.length - 1]!) } : { page };
}

export function decodeNameCursor(cursor: string | undefined): NameKeyset | undefined {
  if (!cursor) return undefined;
  const { n, i } = decodeJson(cursor);
  if (typeof n === 'string' && n.length <= 200) return { lastname: n, id: i };
  throw invalidCursor();
}
