/**
 * Filled PDFs in bulk: rows of values → one PDF per row, stored. What the batch endpoint runs, and what a
 * mail-merge campaign calls (`generateFilledPdfs`, exported from index.ts).
 *
 * Rows are taken in chunks of 100 (or `chunkSize`), one LibreOffice call per chunk, `OFFICE_CONVERTERS` calls at a
 * time; at most converters + 1 chunks are in memory. A chunk is ONE merged document of its rows, cut into one PDF per
 * row by the workers (merged-docx.ts: LibreOffice's cost is per document far more than per page), unless the template
 * would print differently merged, or the merged call fails: then each row is its own document in the call. A row whose
 * PDF is already stored (a resumed job, the same row again) is not generated twice: its storage key is derived from
 * the row, and an existing file is reused.
 *
 * The template is read, filled and merged on the worker pool (worker-tasks.ts): a tenant's template is untrusted CPU.
 */
import { createHash } from 'node:crypto';
import type { Platform } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { conversionUnavailable, officeEngineFor, type OfficeInput } from '../../platform/office/index.ts';
import { missingValuesError, missingVariables } from './docx.ts';
import { onWorker } from './on-workers.ts';
import * as repo from './repository.ts';

export interface MergeRow {
  /** The caller's name for the row (a signatory id, a sheet line): given back with its outcome. */
  key: string;
  values: Record<string, string>;
}

/** What the generation already knows of a PDF it made (its bytes passed through the worker that cut them). */
export interface GeneratedPdf {
  sha256: string;
  pageCount: number;
  sizeBytes: number;
}

export type MergeOutcome =
  | { key: string; storageKey: string; reused: boolean; pdf?: GeneratedPdf; error?: undefined }
  | { key: string; storageKey?: undefined; code: 'VALIDATION_FAILED' | 'CONVERSION_FAILED'; error: string };

export interface GenerateFilledPdfsOptions {
  appId: string;
  templateId: string;
  rows: AsyncIterable<MergeRow> | Iterable<MergeRow>;
  /**
   * Where a row's PDF is stored. Default `<appId>/merge-<templateId>/<sha256 of key and values>.pdf`: the same row
   * with the same values finds its PDF again; changed values make a new one.
   */
  storageKeyOf?: (row: MergeRow) => string;
  /** Rows per LibreOffice call (default 100; fewer spreads a small batch over every converter). */
  chunkSize?: number;
}

export const defaultMergeChunk = 100;
/**
 * Bytes per merged call, at most, counting for each copy its XML in the merged document and the template's own size
 * (each copy's PDF carries its images; a call's copies are in memory together): a 20 KB letter fills 250 copies a
 * call, a 5 MB template with its images 12, a 70 KB template of 5 MB of text 12.
 */
const mergedBytesPerCall = 64 * 1024 * 1024;
/** Copies filled by one worker task when each is its own document: a slow template's task stays within its time. */
const copiesPerFillTask = 10;

/** Time or memory a template's task ran out of (WorkerTaskTimeout, WorkerTaskOutOfMemory): that template's failure. */
const templateTooHeavy = (error: unknown): error is AppError => error instanceof AppError && error.code === 'VALIDATION_FAILED';

export function defaultStorageKey(appId: string, templateId: string, row: MergeRow): string {
  const values = Object.keys(row.values)
    .sort()
    .map((k) => [k, row.values[k]]);
  const digest = createHash('sha256')
    .update(JSON.stringify([row.key, values]))
    .digest('hex');
  return `${appId}/merge-${templateId}/${digest}.pdf`;
}

/**
 * Yields one outcome per row, in the rows' order, once its PDF is stored (or why it could not be: a missing value,
 * a conversion that failed). Throws NOT_FOUND for a template of another tenant and CONVERSION_UNAVAILABLE (503)
 * when LibreOffice is not installed — before reading any row.
 */
export async function* generateFilledPdfs(platform: Platform, opts: GenerateFilledPdfsOptions): AsyncGenerator<MergeOutcome> {
  const { appId, templateId } = opts;
  const template = await platform.database.inTenant(appId, (tx) => repo.findTemplate(tx, appId, templateId));
  if (!template) throw notFound('Template');
  const engine = officeEngineFor(platform.config, platform.logger);
  const status = await engine.status();
  if (!status.available) throw conversionUnavailable(status);
  const docx = await platform.storage.get(template.docxKey);
  const keyOf = opts.storageKeyOf ?? ((row: MergeRow) => defaultStorageKey(appId, templateId, row));
  const chunkSize = Math.max(1, opts.chunkSize ?? defaultMergeChunk);
  const ahead = platform.config.office.converters + 1;
  const { variables } = template;
  const decision = await onWorker(platform.workers, 'planMerged', { template: docx, variables }).catch((error: unknown) => {
    if (templateTooHeavy(error)) return { fallback: error.message, copyBytes: undefined };
    throw error;
  });
  if (decision.fallback) platform.logger.info({ templateId, reason: decision.fallback }, 'mail-merge: this template is converted one copy per document');

  async function processChunk(rows: MergeRow[]): Promise<MergeOutcome[]> {
    const keys = rows.map(keyOf);
    const stored = await Promise.all(keys.map((k) => platform.storage.exists(k)));
    const outcomes: (MergeOutcome | undefined)[] = rows.map((row, i) => (stored[i] ? { key: row.key, storageKey: keys[i]!, reused: true } : undefined));
    const toMake: number[] = [];
    rows.forEach((row, i) => {
      if (outcomes[i]) return;
      const missing = missingVariables(variables, row.values);
      if (missing.length) outcomes[i] = { key: row.key, code: 'VALIDATION_FAILED', error: missingValuesError(missing).message };
      else toMake.push(i);
    });
    if (decision.copyBytes !== undefined && toMake.length > 1) {
      // Each copy's PDF is in memory at once (the cut's parts): a template heavy with images or text gets fewer a call.
      const perCall = Math.max(2, Math.floor(mergedBytesPerCall / (docx.length + decision.copyBytes)));
      for (let at = 0; at < toMake.length; at += perCall) {
        const group = toMake.slice(at, at + perCall);
        if (!(await convertMerged(group))) await convertOneByOne(group);
      }
    } else if (toMake.length) await convertOneByOne(toMake);
    return outcomes as MergeOutcome[];

    /** The rows in one document, one conversion, cut by the workers; false when that failed (then one by one). */
    async function convertMerged(indexes: number[]): Promise<boolean> {
      let parts: { bytes: Uint8Array; pageCount: number; sha256: string }[];
      try {
        const records = indexes.map((i) => rows[i]!.values);
        const { docx: data, marks, endMarks } = await onWorker(platform.workers, 'assembleMerged', { template: docx, variables, records });
        const [result] = await engine.convert([{ name: 'merged', data, format: 'docx', records: indexes.length }], 'pdf-marked');
        if (!result || result.error !== undefined) throw new Error(result?.error ?? 'no result');
        parts = await platform.workers.run('splitPdfAtDestinations', { bytes: result.data, names: marks, endNames: endMarks });
      } catch (error) {
        platform.logger.warn(
          { templateId, records: indexes.length, err: (error as Error).message },
          'mail-merge: a merged conversion failed; its copies are converted one by one',
        );
        return false;
      }
      await Promise.all(
        indexes.map(async (i, n) => {
          const part = parts[n]!;
          await platform.storage.put(keys[i]!, part.bytes);
          outcomes[i] = {
            key: rows[i]!.key,
            storageKey: keys[i]!,
            reused: false,
            pdf: { sha256: part.sha256, pageCount: part.pageCount, sizeBytes: part.bytes.length },
          };
        }),
      );
      return true;
    }

    async function convertOneByOne(indexes: number[]): Promise<void> {
      const inputs: OfficeInput[] = [];
      // One task after the other: the chunks in flight already use the threads, and a chunk's tasks all queued at
      // once would fill the pool's queue (WORKER_QUEUE) for every other request.
      for (let at = 0; at < indexes.length; at += copiesPerFillTask) {
        const group = indexes.slice(at, at + copiesPerFillTask);
        const records = group.map((i) => rows[i]!.values);
        const filled = await onWorker(platform.workers, 'fillCopies', { template: docx, variables, records }).catch((error: unknown) => {
          if (!templateTooHeavy(error)) throw error;
          return group.map(() => ({ error: error.message }));
        });
        filled.forEach((copy, n) => {
          const i = group[n]!;
          if ('docx' in copy) inputs.push({ name: String(i), data: copy.docx, format: 'docx' });
          else outcomes[i] = { key: rows[i]!.key, code: 'VALIDATION_FAILED', error: copy.error };
        });
      }
      if (!inputs.length) return;
      const results = await engine.convert(inputs, 'pdf');
      await Promise.all(
        results.map(async (result) => {
          const i = Number(result.name);
          const row = rows[i]!;
          if (result.error !== undefined) outcomes[i] = { key: row.key, code: 'CONVERSION_FAILED', error: result.error };
          else {
            await platform.storage.put(keys[i]!, result.data);
            outcomes[i] = { key: row.key, storageKey: keys[i]!, reused: false };
          }
        }),
      );
    }
  }

  const inFlight: Promise<MergeOutcome[]>[] = [];
  // A chunk that fails while others are ahead of it must not go unhandled before its turn comes.
  const started = (chunk: MergeRow[]) => {
    const promise = processChunk(chunk);
    promise.catch(() => undefined);
    inFlight.push(promise);
  };
  let pending: MergeRow[] = [];
  try {
    for await (const row of opts.rows) {
      pending.push(row);
      if (pending.length < chunkSize) continue;
      started(pending);
      pending = [];
      if (inFlight.length >= ahead) yield* await inFlight.shift()!;
    }
    if (pending.length) started(pending);
    while (inFlight.length) yield* await inFlight.shift()!;
  } finally {
    // Stopped early (the caller broke out, or a chunk failed): let the chunks in flight finish in the background.
    await Promise.allSettled(inFlight);
  }
}
