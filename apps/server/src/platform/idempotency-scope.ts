import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the database layer tells the current request about each transaction it runs (db/client.ts calls it from
 * `inTenant` and `inSystem`): the idempotency of create requests (idempotency.ts) records its key inside the
 * transaction that makes the change, so the key and the change commit together or not at all. Outside a request
 * that carries an Idempotency-Key there is no observer and transactions run as before.
 */
export interface TransactionObserver {
  /** Inside the transaction, after its work, before COMMIT (`tx` is the drizzle transaction); throwing rolls it back. */
  beforeCommit(tx: unknown): Promise<void>;
  afterCommit(): void;
  afterRollback(): void;
}

export const requestTransactions = new AsyncLocalStorage<TransactionObserver>();
