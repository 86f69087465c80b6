// The operations domain's public surface. Other domains use nothing else of the folder.
export { operationsModule } from './module.ts';
/** The one-box search (search domain): operations the actor sees, by label. */
export { searchOperations } from './service.ts';
export { eraseOrderSignersOf, operationsPastRetention, ordersOfPerson, purgeOperation, unsentOrdersOf, type OperationPurgeStep } from './retention.ts';
