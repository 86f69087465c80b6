// The operations domain's public surface. Other domains use nothing else of the folder.
export { operationsModule } from './module.ts';
/** The home dashboard: the current operation and the latest in progress (their own per-order counters). */
export { operationOverview } from './overview.ts';
/** The one-box search (search domain): operations the actor sees, by label. */
export { searchOperations } from './service.ts';
export {
  eraseOrderSignersOf,
  operationsPastRetention,
  ordersOfPerson,
  purgeOperation,
  unsentOrdersOf,
  type OperationPurgeStep,
  type PersonOrderView,
} from './retention.ts';
/** The public API (apikeys domain, /api/v1/operations): create, list, read, follow, launch (`setStatus` pending), cancel, the orders page by page. */
export { createOperation, getOperation, listOperations, listOrders as listOperationOrders, setStatus as setOperationStatus } from './service.ts';
export { presentOperation, presentOrder, statisticsOf as operationStatisticsOf } from './presenter.ts';
