import type { Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import * as repo from './repository.ts';

/**
 * GDPR retention of what only a holder keeps (docs/gdpr.md) — each row's request is purged by the signatures domain:
 * `documents`, the stored files its rows reference (BulkTables.files) and its archive, past the tenant's documents
 * retention; `signerData`, its rows' people pseudonymised by the domain (`pseudonymise`), past the signer-data one.
 * Once the holder is over and every row final; under its row lock, in the caller's transaction, marked done: a
 * second run finds nothing.
 */
export type PurgeStep = repo.PurgeStep;

export interface HolderPurgeOutcome {
  done: boolean;
  files: number;
  people: number;
}

export async function purgeHolder(
  tx: Tx,
  platform: Pick<Platform, 'storage'>,
  tables: repo.BulkTables,
  opts: { appId: string; id: string; step: PurgeStep; now: Date; pseudonymise: (tx: Tx) => Promise<number> },
): Promise<HolderPurgeOutcome> {
  const { appId, id, step, now } = opts;
  const row = await repo.lockHolder(tx, tables, appId, id);
  if (!row || !tables.retention.over.includes(row.status) || row[step === 'documents' ? 'documentsPurgedAt' : 'signerDataPurgedAt'])
    return { done: false, files: 0, people: 0 };
  if (step === 'signerData') {
    const people = await opts.pseudonymise(tx);
    await repo.markPurged(tx, tables, appId, id, step, now);
    return { done: true, files: 0, people };
  }
  const files = [...new Set((await repo.holderFiles(tx, tables, appId, id)).concat(row.archiveKey ? [row.archiveKey] : []))];
  await repo.markPurged(tx, tables, appId, id, step, now);
  // Deleted before the commit: a crash after leaves the step unmarked and the next run deletes again (a missing file is no error).
  for (const key of files) await platform.storage.delete(key);
  return { done: true, files: files.length, people: 0 };
}

/** Up to `limit` of the tenant's holders over before `before` that still wait for `step`, oldest first. */
export const holdersPastRetention = repo.holdersPastRetention;

/**
 * A domain's retention on the engine's purge: its holders past retention and the purge of one, its people
 * pseudonymised by `pseudonymise` (how many).
 */
export function holderRetention(tables: repo.BulkTables, pseudonymise: (tx: Tx, appId: string, holderId: string, now: Date) => Promise<number>) {
  return {
    pastRetention: (db: Executor, appId: string, step: PurgeStep, before: Date, limit: number) =>
      repo.holdersPastRetention(db, tables, appId, step, before, limit),
    purge: (tx: Tx, platform: Pick<Platform, 'storage'>, opts: { appId: string; id: string; step: PurgeStep; now: Date }): Promise<HolderPurgeOutcome> =>
      purgeHolder(tx, platform, tables, { ...opts, pseudonymise: (t) => pseudonymise(t, opts.appId, opts.id, opts.now) }),
  };
}
