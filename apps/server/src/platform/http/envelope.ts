import type { ListEnvelope, ListQuery } from '@paraphe/contracts';

export const item = <T>(data: T) => ({ data });
/**
 * A list page; `capped`: countAll is a floor (counting stopped there, platform/db/lists.ts); `nextCursor`, for the
 * lists paged by keyset past their numbered pages: the next page's cursor (null on the last; absent: no keyset).
 */
export const list = <T>(
  data: T[],
  countAll: number,
  query: Pick<ListQuery, 'limit' | 'offset' | 'order'>,
  capped = false,
  nextCursor?: string | null,
): ListEnvelope<T> => ({
  data,
  countAll,
  ...(capped ? { countAllCapped: true } : {}),
  limit: query.limit,
  offset: query.offset,
  order: query.order,
  ...(nextCursor !== undefined ? { nextCursor } : {}),
});
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
