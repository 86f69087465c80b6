import type { Platform } from './context.ts';

/**
 * Which of `keys` (storage keys of files older than the grace period) a module's rows still reference. The
 * storage sweep deletes a file only when no module claims it: a module that stores files MUST declare this
 * (Module `storageReferences`), or its files are removed as orphans once STORAGE_ORPHAN_GRACE_HOURS has passed.
 */
export type StorageReferences = (platform: Platform, keys: readonly string[]) => Promise<Iterable<string>>;

/**
 * The hourly storage sweep (a platform job, defined by registerModules when a module declares storage references):
 *  - temp files (`*.tmp`) older than an hour: writes that never finished (a crash between write and rename);
 *  - stored files older than STORAGE_ORPHAN_GRACE_HOURS that no module's rows reference: files written by a create
 *    in flight when the process died (the rows were rolled back, the file stayed), or left by a failed cleanup.
 * The storage knows no domain: each module that stores files declares which keys it references (Module
 * `storageReferences`), and a file is deleted only when none claims it.
 */
export const storageSweepQueue = 'storage-sweep';
export const storageSweepSchedule = '41 * * * *';
export const tempFileMaxAgeMs = 3_600_000;
const batchSize = 500;
/** At most this many orphans per run; the rest wait for the next hour (a bound on a mistake). */
const maxDeletionsPerRun = 1000;

export const storageReferencesOf = (modules: readonly { storageReferences?: StorageReferences }[]): StorageReferences[] =>
  modules.flatMap((m) => (m.storageReferences ? [m.storageReferences] : []));

export interface SweepResult {
  tempFiles: number;
  tempBytes: number;
  checked: number;
  orphans: number;
  /** Set when the sweep refused to delete (see below). */
  refused?: string;
}

/** File ages are the files' own (real time), so `now` defaults to the wall clock, not the platform clock. */
export async function runStorageSweep(platform: Platform, references: readonly StorageReferences[], opts: { now?: Date } = {}): Promise<SweepResult> {
  const { storage, logger } = platform;
  const now = (opts.now ?? new Date()).getTime();
  const result: SweepResult = { tempFiles: 0, tempBytes: 0, checked: 0, orphans: 0 };
  if (storage.removeStaleTemp) {
    const removed = await storage.removeStaleTemp(new Date(now - tempFileMaxAgeMs));
    result.tempFiles = removed.files;
    result.tempBytes = removed.bytes;
  }
  if (storage.keysStoredBefore && references.length) {
    const before = new Date(now - platform.config.storageOrphanGraceHours * 3_600_000);
    const orphans: string[] = [];
    let batch: string[] = [];
    const check = async () => {
      const referenced = new Set<string>();
      for (const references_ of references) for (const key of await references_(platform, batch)) referenced.add(key);
      orphans.push(...batch.filter((key) => !referenced.has(key)));
      batch = [];
    };
    for await (const key of storage.keysStoredBefore(before)) {
      batch.push(key);
      result.checked++;
      if (batch.length >= batchSize) await check();
      if (orphans.length >= maxDeletionsPerRun) break;
    }
    if (batch.length) await check();
    // Every old file unreferenced is what a DATA_DIR shared with another (or an emptied) database looks like,
    // not a few leftovers: delete nothing and say so.
    if (result.checked >= 100 && orphans.length === result.checked) {
      result.refused = `all ${result.checked} files older than the grace period are referenced by no row: is DATABASE_URL the database of this DATA_DIR? Nothing was deleted.`;
      logger.error(result, 'storage sweep refused');
    } else {
      for (const key of orphans.slice(0, maxDeletionsPerRun)) {
        await storage.delete(key);
        result.orphans++;
      }
    }
  }
  if (result.tempFiles || result.orphans) logger.info(result, 'storage sweep: leftover files removed');
  return result;
}
