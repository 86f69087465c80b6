import { holderEvents } from '../bulk/index.ts';

/** Emits an operation event (its facts — operationId, label, owner — plus its own data) in the transaction of the change. */
export const emitOperationEvent = holderEvents<'operation', 'operationId'>('operationId');
