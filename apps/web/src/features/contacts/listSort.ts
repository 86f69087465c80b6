import { contactOrderColumns } from '@paraphe/contracts';
import type { ListSort } from '../../shared/list/PaginatedTable.tsx';
import { oneOf } from '../../shared/list/listParams.ts';

export type ContactOrderColumn = (typeof contactOrderColumns)[number];

/** The address book reads alphabetically unless the user sorts otherwise (kept in the address: `sort`, `dir`). */
export function contactSortOf(filters: Record<string, string>): { orderBy: ContactOrderColumn; order: 'ASC' | 'DESC' } {
  return { orderBy: oneOf(filters.sort, contactOrderColumns) ?? 'lastname', order: filters.dir === 'DESC' ? 'DESC' : 'ASC' };
}

/** The address changes for a sort asked by a column header (a column the endpoint cannot sort by is ignored). */
export function sortChanges(sort: ListSort): Record<string, string> | null {
  const by = oneOf(sort.by, contactOrderColumns);
  return by ? { sort: by, dir: sort.order } : null;
}
