import type { ListEnvelope, ListQuery } from '@paraphe/contracts';

export const item = <T>(data: T) => ({ data });
export const list = <T>(data: T[], countAll: number, query: Pick<ListQuery, 'limit' | 'offset' | 'order'>): ListEnvelope<T> => ({
  data,
  countAll,
  limit: query.limit,
  offset: query.offset,
  order: query.order,
});
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
