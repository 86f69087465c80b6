// The bulk engine's public surface: what a domain with a holder of rows, each its own request, uses.
export { bulkModule } from './module.ts';
export { holderJobs, type BulkHolder, type BulkJobOf, type BulkKind, type BulkRow, type BulkTables, type HolderJob, type RowCondition } from './kind.ts';
export { dispatchChunk, nextQueuedRows, runBulkDispatch, settleHolder, type ChunkPlan, type ChunkSend } from './dispatch.ts';
export { archiveKeyOf, bulkJobs, fanOutJobs, followRequests, pagesOfRows, storageReferencesOf, type RowTransitions } from './jobs.ts';
export { cancelHolder, cancelRow, queueArchive, queueDispatch, queueRelaunch, retryFailedRows } from './lifecycle.ts';
export { holderRetention, holdersPastRetention, purgeHolder, type HolderPurgeOutcome, type PurgeStep } from './retention.ts';
export { holderEvents } from './facts.ts';
export { holderActions, holderSearch } from './actions.ts';
export { holderAccess, withOwners, type Options, type Scope } from './access.ts';
export { exportRows, holderDates, holderProgress, percentOf, sendArchive } from './present.ts';
export {
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
  type HolderListFilter,
  type RowListFilter,
} from './holders.ts';
