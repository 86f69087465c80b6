import { normalizeSearch, searchDefaultLimit } from '@paraphe/contracts';

/** Page sizes offered under every list (spec §9: items per page selectable, default 10). */
export const pageSizes = [10, 20, 50, 100] as const;

export type ListParams = { page: number; pageSize: number; search: string; filters: Record<string, string> };

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Reads the list state kept in the address query, so a list can be bookmarked and returned to. */
export function readListParams(search: URLSearchParams, filterNames: readonly string[]): ListParams {
  const size = positiveInt(search.get('size'), searchDefaultLimit);
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = search.get(name);
    if (value) filters[name] = value;
  }
  return {
    page: positiveInt(search.get('page'), 1),
    pageSize: (pageSizes as readonly number[]).includes(size) ? size : searchDefaultLimit,
    search: search.get('q') ?? '',
    filters,
  };
}

/** The common part of every list call's query. */
export type BaseListQuery = { limit: number; offset: number; order: 'DESC'; search: string | undefined };

/**
 * The query of the API list call: offset/limit, DESC, and a search only from 3 characters (spec §5). The
 * filters are those of the address, or (typed for the endpoint) those the page checked.
 */
export function listQueryOf(params: ListParams): BaseListQuery & Record<string, string | number | undefined>;
export function listQueryOf<F extends object>(params: ListParams, filters: F): BaseListQuery & F;
export function listQueryOf(params: ListParams, filters: object = params.filters): BaseListQuery {
  return {
    limit: params.pageSize,
    offset: (params.page - 1) * params.pageSize,
    order: 'DESC',
    search: normalizeSearch(params.search),
    ...filters,
  };
}

/** A filter of the address kept only when it is one of the values the endpoint accepts. */
export function oneOf<const T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((option) => option === value);
}

/** A change of search, filter or page size goes back to page 1. */
export function updateListSearch(current: URLSearchParams, changes: Record<string, string | number | null>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
