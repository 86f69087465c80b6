import type { Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import type { BulkTables } from './repository.ts';

export type { BulkTables, RowCondition } from './repository.ts';

/** The holder row as the engine reads it (a campaign, an operation). */
export interface BulkHolder {
  id: string;
  appId: string;
  status: string;
  ownerUserId: string | null;
  dispatched: number;
  nFailed: number;
  dispatchFinishedAt: Date | null;
}

/** A row as the engine reads it (a signatory, an order). */
export interface BulkRow {
  id: string;
  rowIndex: number;
  requestId: string | null;
  status: string;
}

/** A job of the holder's queues: the domain's own payload (campaignId, operationId) stays what it always was. */
export interface BulkJobOf {
  appId: string;
  userId?: string;
}

/** A job of a holder's queues: the tenant, the holder under the domain's own key (campaignId, operationId), who asked. */
export type HolderJob<K extends string> = { appId: string; /** Who asked (cancel, relaunch): the actor of the requests' changes. */ userId?: string } & Record<
  K,
  string
>;

/** A source's queues (`<source>-dispatch`, `-cancel`, `-relaunch`, `-archive`) and its jobs' payload, the holder under `idKey`. */
export function holderJobs<K extends string>(source: 'campaign' | 'operation', idKey: K) {
  return {
    queues: { dispatch: `${source}-dispatch`, cancel: `${source}-cancel`, relaunch: `${source}-relaunch`, archive: `${source}-archive` },
    jobOf: (appId: string, holderId: string, userId?: string) => ({ appId, [idKey]: holderId, ...(userId ? { userId } : {}) }) as HolderJob<K>,
    holderIdOf: (job: HolderJob<K>) => job[idKey],
  };
}

/**
 * What a domain gives the bulk engine (docs/architecture.md "The bulk engine"): its tables, the names of its row
 * statuses and queues, how it reads its holder, and what it tells when the engine moves one. Everything else —
 * claiming, creating the requests, counters, cancel/relaunch fan-out, archive, retention — is the engine's.
 */
export interface BulkKind<H extends BulkHolder, R extends BulkRow, S extends string, J extends BulkJobOf> {
  /** The requests' source kind and the prefix of the queues and archive keys. */
  source: 'campaign' | 'operation';
  tables: BulkTables<S>;
  statuses: {
    /** Waiting for its request to be made. */
    queued: S;
    /** Its request made. */
    sent: S;
    failed: S;
    canceled: S;
    draft: S;
    /** Its request made and waiting for signatures: cancelled or reminded by the fan-out jobs. */
    awaiting: readonly S[];
    /** Signed: its documents go in the archive. */
    done: S;
  };
  queues: { dispatch: string; cancel: string; relaunch: string; archive: string };
  /** The job of a holder (the domain's payload). */
  jobOf(appId: string, holderId: string, userId?: string): J;
  holderIdOf(job: J): string;
  /** The holder (locked when asked), as the domain reads it; undefined when gone. */
  find(db: Executor, appId: string, id: string, opts?: { lock?: boolean }): Promise<H | undefined>;
  /** Its rows still waiting for their request (its counter). */
  queuedOf(holder: H): number;
  /** Events the domain emits (in the transaction of the change). */
  dispatched(tx: Tx, platform: Platform, holder: H): Promise<void>;
  settled(tx: Tx, platform: Platform, holder: H): Promise<void>;
  archived(tx: Tx, platform: Platform, holder: H, requestedBy: string): Promise<void>;
  /** The folder of a row's signed files in the archive. */
  archiveFolderOf(row: R): string;
}
