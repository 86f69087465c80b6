import * as repo from './repository.ts';

/**
 * The reads and writes every holder and its rows have, which a domain's own repository builds on with its tables
 * (BulkTables) and its own conditions: a page of holders, one holder, those in progress, a page of rows, the next row
 * index, the counters by status. The queries are the engine's (repository.ts); the domain's repository keeps one
 * named function per use, so its SQL snapshot names it.
 */
export type { HolderListFilter, RowListFilter } from './repository.ts';
export const {
  bumpCounters,
  counterColumns,
  countsOfHolder,
  deleteDraftRow,
  findHolder,
  findRow,
  holdersOfPerson,
  inProgressHolders,
  insertHolder,
  listHolders,
  listRows,
  nextRowIndex,
  updateHolder,
} = repo;
