import { useState } from 'react';

/** The paging of a list shown with PaginatedTable: page 1 again when the page size changes or the caller's filter does. */
export interface Paging {
  page: number;
  pageSize: number;
  /** What a list call takes. */
  limit: number;
  offset: number;
  /** Back to the first page (a filter or a search changed). */
  restart: () => void;
  /** Spread onto PaginatedTable. */
  tableProps: { page: number; pageSize: number; onPage: (page: number) => void; onPageSize: (size: number) => void };
}

export function pagingOf(page: number, pageSize: number) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export function usePaging(initialPageSize = 20): Paging {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const onPageSize = (size: number) => {
    setPageSize(size);
    setPage(1);
  };
  return { page, pageSize, ...pagingOf(page, pageSize), restart: () => setPage(1), tableProps: { page, pageSize, onPage: setPage, onPageSize } };
}
