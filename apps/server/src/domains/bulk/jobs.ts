import type { DomainEvent, DomainEventType } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { pagesAfter } from '../../platform/db/keyset.ts';
import { defineJob, defineSubscription } from '../../platform/modules.ts';
import { storeZip } from '../../platform/zip-store.ts';
import { cancelRequests, completedFiles, relaunchRequests } from '../signatures/index.ts';
import { settleHolder } from './dispatch.ts';
import type { BulkHolder, BulkJobOf, BulkKind, BulkRow } from './kind.ts';
import * as repo from './repository.ts';

/** The holder's jobs besides the dispatch: cancel the requests made, relaunch, archive. Each works in chunks. */
const chunk = 200;

/** The holder's rows in row order (among `statuses`), page by page, each page read in its own transaction. */
export function pagesOfRows<R extends BulkRow>(
  platform: Platform,
  kind: BulkKind<BulkHolder, R, string, BulkJobOf>,
  o: { appId: string; holderId: string; statuses?: readonly string[]; limit?: number },
) {
  return pagesAfter(
    (after) => platform.database.inTenant(o.appId, (tx) => repo.rowsAfter<R>(tx, kind.tables, { ...o, after, limit: o.limit ?? chunk })),
    (r) => r.rowIndex,
  );
}

/**
 * Cancels the requests already made, 200 per transaction, through the signatures service (each cancelled as a single
 * request is: its signers told by the cancel job). A request is asked once (cancel_requested_at); its row follows
 * the request's `signature.canceled` event. Safe to run again.
 */
export async function runCancelJob<J extends BulkJobOf>(platform: Platform, kind: BulkKind<BulkHolder, BulkRow, string, J>, job: J) {
  const holderId = kind.holderIdOf(job);
  for (;;) {
    const done = await platform.database.inTenant(job.appId, async (tx) => {
      const rows = await repo.rowsToCancel(tx, kind.tables, job.appId, holderId, kind.statuses.awaiting, chunk);
      if (!rows.length) return true;
      const actor = job.userId ?? (await kind.find(tx, job.appId, holderId))?.ownerUserId;
      if (!actor) return true;
      await cancelRequests(
        tx,
        platform,
        job.appId,
        rows.map((r) => r.requestId),
        actor,
      );
      await repo.markCancelRequested(
        tx,
        kind.tables,
        rows.map((r) => r.id),
        platform.clock(),
      );
      return false;
    });
    if (done) return;
  }
}

/** Reminds every row whose request awaits signatures (relaunch of each request: the signatures' cool-down applies), by row order. */
export async function runRelaunchJob<J extends BulkJobOf>(platform: Platform, kind: BulkKind<BulkHolder, BulkRow, string, J>, job: J) {
  const pages = pagesAfter(
    (after) =>
      platform.database.inTenant(job.appId, async (tx) => {
        const rows = await repo.rowsAfter<BulkRow>(tx, kind.tables, {
          appId: job.appId,
          holderId: kind.holderIdOf(job),
          statuses: kind.statuses.awaiting,
          after,
          limit: chunk,
        });
        await relaunchRequests(tx, platform, job.appId, requestsOf(rows), job.userId!);
        return rows;
      }),
    (r) => r.rowIndex,
  );
  for await (const _ of pages);
}

const requestsOf = (rows: readonly BulkRow[]) => rows.flatMap((r) => (r.requestId ? [r.requestId] : []));

export const archiveKeyOf = (kind: { source: string }, appId: string, holderId: string) => `${appId}/${kind.source}-archive-${holderId}.zip`;

/**
 * Job: a zip of the signed documents of every signed row (`<the row's folder>/<file>`), then the domain's
 * `archive_ready` event (the requester's notification with the download). Rebuilt on each request, streamed into the
 * storage (platform/zip-store.ts): memory stays flat whatever the number of rows.
 */
export async function runArchiveJob<R extends BulkRow, J extends BulkJobOf>(
  platform: Platform,
  kind: BulkKind<BulkHolder, R, string, J>,
  job: J & { userId: string },
) {
  const holderId = kind.holderIdOf(job);
  const key = archiveKeyOf(kind, job.appId, holderId);
  let files = 0;
  const bytes = await storeZip(platform, key, async (add) => {
    for await (const rows of pagesOfRows(platform, kind, { appId: job.appId, holderId, statuses: [kind.statuses.done] })) {
      const signed = await platform.database.inTenant(job.appId, (tx) => completedFiles(tx, job.appId, requestsOf(rows)));
      for (const row of rows) {
        for (const file of signed.filter((f) => f.requestId === row.requestId)) {
          await add(`${kind.archiveFolderOf(row)}/${file.fileName}`, await platform.storage.get(file.storageKey));
          files++;
        }
      }
    }
  });
  await platform.database.inTenant(job.appId, async (tx) => {
    const holder = await kind.find(tx, job.appId, holderId);
    if (!holder) return;
    await repo.holderArchived(tx, kind.tables, job.appId, holderId, key, platform.clock());
    await kind.archived(tx, platform, holder, job.userId);
  });
  platform.logger.info({ [`${kind.source}Id`]: holderId, files, bytes }, `${kind.source} archive built`);
}

/**
 * A holder's jobs: its dispatch (`dispatch`: the domain's run; a run works up to a minute, then queues its
 * continuation; a chunk is one transaction of seconds) and the fan-out jobs.
 */
export function bulkJobs<J extends BulkJobOf>(kind: BulkKind<BulkHolder, BulkRow, string, J>, dispatch: (platform: Platform, job: J) => Promise<void>) {
  return [
    defineJob<J>({ queue: kind.queues.dispatch, retryLimit: 20, expireInSeconds: 300, batchSize: 1, run: (platform, data) => dispatch(platform, data) }),
    ...fanOutJobs(kind),
  ];
}

/** The fan-out jobs of a kind (its dispatch job is the domain's: it says how a chunk is sent). */
export function fanOutJobs<J extends BulkJobOf>(kind: BulkKind<BulkHolder, BulkRow, string, J>) {
  return [
    defineJob<J>({
      queue: kind.queues.cancel,
      retryLimit: 10,
      expireInSeconds: 900,
      batchSize: 1,
      run: (platform, data) => runCancelJob(platform, kind, data),
    }),
    defineJob<J>({
      queue: kind.queues.relaunch,
      retryLimit: 3,
      expireInSeconds: 900,
      batchSize: 1,
      run: (platform, data) => runRelaunchJob(platform, kind, data),
    }),
    defineJob<J & { userId: string }>({
      queue: kind.queues.archive,
      retryLimit: 3,
      expireInSeconds: 900,
      batchSize: 1,
      run: (platform, data) => runArchiveJob(platform, kind, data),
    }),
  ];
}

/** How a row follows a signature event of its request: only forward, from one of `from` (an error noted with it). */
export type RowTransitions<S extends string> = Partial<Record<DomainEventType, { to: S; from: S[]; error?: string }>>;

/**
 * The rows follow their requests: each signature event of a row's request (it carries the holder's id under
 * `holderKey`) moves the row forward only (an event delivered late or twice changes nothing) and the holder's
 * counters, in the event's transaction (the bus records the receipt there too). When the last row becomes final,
 * the holder is settled; a move to `progress` (opened, pending) settles nothing.
 */
export function followRequests<S extends string>(
  platform: Platform,
  kind: BulkKind<BulkHolder, BulkRow, S, BulkJobOf>,
  o: { name: string; holderKey: string; transitions: RowTransitions<S>; progress: S },
) {
  async function follow(tx: Tx, event: DomainEvent) {
    const data = event.data as Record<string, string | null | undefined>;
    const move = o.transitions[event.type];
    if (!move || !data[o.holderKey] || !data.requestId) return;
    const moved = await repo.followRequest(tx, kind.tables, event.appId, data.requestId, move);
    if (!moved) return;
    await repo.bumpCounters(tx, kind.tables, event.appId, moved.holderId, [{ from: moved.from, to: move.to, n: 1 }]);
    if (move.to !== o.progress) await settleHolder(tx, platform, kind, event.appId, moved.holderId);
  }
  return defineSubscription({
    name: o.name,
    events: Object.keys(o.transitions) as DomainEventType[],
    // Deliveries are short (two updates); fetched 50 at a time for a holder's burst of events.
    batchSize: 50,
    async handle(event, tx) {
      await follow(tx as Tx, event);
    },
  });
}

/** The storage references of a kind's rows and archives (every tenant): the storage sweep keeps what they name. */
export const storageReferencesOf = (kind: { tables: repo.BulkTables }) => async (platform: Platform, keys: readonly string[]) =>
  keys.length ? platform.database.inSystem((tx) => repo.referencedKeys(tx, kind.tables, keys)) : new Set<string>();
