import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Clock } from './context.ts';
import type { DatabaseHandle, Tx } from './db/client.ts';
import { idempotencyKeys } from './db/schema/index.ts';
import type { TransactionObserver } from './idempotency-scope.ts';
import { defineJob, defineModule } from './modules.ts';

/**
 * Idempotency keys of create requests (the HTTP side is http/idempotent.ts). A key is recorded by the first
 * transaction of the request that writes (PostgreSQL assigned it a transaction id), inside that transaction: the
 * key commits with the change or not at all. The answer is stored right after; a key without an answer therefore
 * means the change committed but its answer was lost (the process died in between).
 */
export const idempotencyTtlMs = 24 * 60 * 60 * 1000;
export const idempotencyPurgeQueue = 'maintenance-idempotency-purge';

export interface StoredKey {
  requestHash: string;
  responseStatus: number | null;
  /** The answer's JSON text, exactly as it was sent. */
  responseBody: string | null;
  createdAt: Date;
}

/** Thrown inside the transaction when another request recorded the same live key first: the change rolls back. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('Idempotency key already recorded by another request');
    this.name = 'IdempotencyKeyTaken';
  }
}

export function createIdempotencyStore(database: DatabaseHandle, clock: Clock) {
  return {
    /** Several processes may share the keys (PostgreSQL); the embedded database is one process. */
    shared: database.engine === 'postgres',
    /** The live (unexpired) key of a caller's scope. */
    async find(scope: string, key: string): Promise<StoredKey | undefined> {
      const [row] = await database.db
        .select({
          requestHash: idempotencyKeys.requestHash,
          responseStatus: idempotencyKeys.responseStatus,
          responseBody: idempotencyKeys.responseBody,
          createdAt: idempotencyKeys.createdAt,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), gt(idempotencyKeys.expiresAt, clock())));
      if (!row) return undefined;
      return {
        ...row,
        responseBody: typeof row.responseBody === 'string' ? row.responseBody : row.responseBody == null ? null : JSON.stringify(row.responseBody),
      };
    },
    /** Stores the answer of a recorded key (after the change committed). */
    async saveAnswer(scope: string, key: string, status: number, body: string): Promise<void> {
      await database.db
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: body })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },
    /** Deletes the expired keys; returns how many. */
    async purge(): Promise<number> {
      const deleted = await database.db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, clock())).returning({ key: idempotencyKeys.key });
      return deleted.length;
    },
    /** The observer of one request's transactions (db/client.ts calls it): records the key with the first write. */
    /** `requestHash`: the hash, or (a multipart body) how to get it once the body is read. */
    recorder(scope: string, key: string, requestHash: string | (() => Promise<string>)): KeyRecorder {
      return new KeyRecorder(scope, key, requestHash, clock);
    },
  };
}
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export class KeyRecorder implements TransactionObserver {
  /** open: nothing recorded yet; writing: inserted in a transaction not yet committed; recorded: committed. */
  state: 'open' | 'writing' | 'recorded' = 'open';
  /** Set when the request is over: later transactions (work it left running) are not its change. */
  closed = false;
  private readonly scope: string;
  private readonly key: string;
  private readonly requestHash: string | (() => Promise<string>);
  private readonly clock: Clock;

  constructor(scope: string, key: string, requestHash: string | (() => Promise<string>), clock: Clock) {
    this.scope = scope;
    this.key = key;
    this.requestHash = requestHash;
    this.clock = clock;
  }

  async beforeCommit(transaction: unknown): Promise<void> {
    if (this.state !== 'open' || this.closed) return;
    const tx = transaction as Tx;
    // A multipart body's hash is known once its upload is read, which may come after this transaction: ask first
    // whether it wrote. A JSON body's is known from the start: one statement does both.
    if (typeof this.requestHash !== 'string') {
      const [wrote] = rowsOf(await tx.execute(sql`select pg_current_xact_id_if_assigned() is not null as wrote`));
      if (!wrote?.wrote) return;
    }
    const hash = typeof this.requestHash === 'string' ? this.requestHash : await this.requestHash();
    const now = this.clock().toISOString();
    const expires = new Date(Date.parse(now) + idempotencyTtlMs).toISOString();
    // Whether the transaction wrote (one that only read has no transaction id: it changed nothing, the key waits for
    // the one that writes) and, if it did, the key recorded with the tenant of an inTenant transaction (row-level
    // security checks it; null in a system transaction). An expired key not yet purged is free again.
    const [outcome] = rowsOf(
      await tx.execute(sql`
        with written as (select pg_current_xact_id_if_assigned() is not null as wrote),
        recorded as (
          insert into ${idempotencyKeys} (app_id, scope, key, request_hash, created_at, expires_at)
          select nullif(current_setting('app.tenant_id', true), '')::uuid, ${this.scope}, ${this.key}, ${hash}, ${now}::timestamptz, ${expires}::timestamptz
          from written where written.wrote
          on conflict (scope, key) do update
            set request_hash = excluded.request_hash, response_status = null, response_body = null, created_at = excluded.created_at, expires_at = excluded.expires_at
            where ${idempotencyKeys}.expires_at <= ${now}::timestamptz
          returning 1
        )
        select (select wrote from written) as wrote, (select count(*) from recorded)::int as inserted`),
    );
    if (!outcome?.wrote) return;
    const inserted = Number(outcome.inserted) ? [outcome] : [];
    if (!inserted.length) throw new IdempotencyKeyTaken();
    this.state = 'writing';
  }

  afterCommit(): void {
    if (this.state === 'writing') this.state = 'recorded';
  }

  afterRollback(): void {
    if (this.state === 'writing') this.state = 'open';
  }
}

/** The platform's purge of expired keys (hourly), declared like any module's job. */
export const idempotencyModule = defineModule({
  name: 'idempotency',
  jobs: [
    defineJob({
      queue: idempotencyPurgeQueue,
      schedule: '23 * * * *',
      retryLimit: 1,
      async run(platform) {
        const deleted = await createIdempotencyStore(platform.database, platform.clock).purge();
        if (deleted) platform.logger.info({ deleted }, 'expired idempotency keys purged');
      },
    }),
  ],
});
