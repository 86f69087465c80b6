/**
 * The `batch/generate/pdf` job: reads the stored sheet again, fills and converts each of the batch's lines, stores
 * one PDF per line at a key derived from the line. Idempotent: a job that died (or was retried) finds the PDFs
 * already stored and does not make them again; progress is the count of stored PDFs, written about every second.
 */
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { openSpreadsheet, SpreadsheetError } from '../../platform/spreadsheets/index.ts';
import { defaultMergeChunk, generateFilledPdfs, type MergeRow } from './generate.ts';
import { resolveMapping, rowValues } from './mapping.ts';
import * as repo from './repository.ts';
import { batchReadLimits, sheetProblem } from './sheet.ts';

export const batchQueue = 'merge-batch';
export interface BatchJob {
  appId: string;
  batchId: string;
}
export const batchRetryLimit = 3;
export const batchPdfKey = (appId: string, batchId: string, line: number | string) => `${appId}/merge-batch-${batchId}/line-${line}.pdf`;
/** Failures listed on the batch (all are counted). */
const listedFailures = 100;
const progressEveryMs = 1000;

/** Test hooks: called after each stored PDF (a test throws from it to kill the job midway); rows per chunk. Never set by the application. */
export const batchJobHooks: { afterRow?: (state: { batchId: string; done: number }) => void | Promise<void>; chunkSize?: number } = {};

/**
 * Rows per LibreOffice call: 100 (a process start, ≈ 1 s of CPU, shared by 100 documents: 54 ms a PDF against 64
 * with 50, bench/mail-merge.bench.ts), fewer for a small batch so that every converter gets a share.
 */
export const chunkFor = (total: number, converters: number) => Math.max(5, Math.min(defaultMergeChunk, Math.ceil(total / converters)));

export async function runBatchJob(platform: Platform, job: BatchJob, attempt: { last: boolean } = { last: true }): Promise<void> {
  const { appId, batchId } = job;
  const found = await platform.database.inTenant(appId, (tx) => repo.findBatch(tx, appId, batchId));
  if (!found || (found.status !== 'queued' && found.status !== 'running')) return;
  const batch = (await platform.database.inTenant(appId, (tx) => repo.transitionBatch(tx, appId, batchId, ['queued', 'running'], { status: 'running' })))!;
  const progress = { done: 0, failed: 0, failures: [] as { line: number; error: string }[] };
  const fail = async (reason: string) => {
    await platform.database.inTenant(appId, (tx) =>
      repo.transitionBatch(tx, appId, batchId, ['running'], { status: 'failed', error: reason, finishedAt: platform.clock(), ...progress }),
    );
  };
  try {
    const template = await platform.database.inTenant(appId, (tx) => repo.findTemplate(tx, appId, batch.templateId));
    if (!template) return await fail('The template was deleted.');
    let last = Date.now();
    for await (const outcome of generateFilledPdfs(platform, {
      appId,
      templateId: template.id,
      rows: batchRows(platform, batch, template.variables),
      storageKeyOf: (row) => batchPdfKey(appId, batchId, row.key),
      chunkSize: batchJobHooks.chunkSize ?? chunkFor(batch.total, platform.config.office.converters),
    })) {
      if (outcome.error === undefined) progress.done++;
      else {
        progress.failed++;
        if (progress.failures.length < listedFailures) progress.failures.push({ line: Number(outcome.key), error: outcome.error });
      }
      await batchJobHooks.afterRow?.({ batchId, done: progress.done });
      if (Date.now() - last >= progressEveryMs) {
        last = Date.now();
        await platform.database.inTenant(appId, (tx) => repo.setProgress(tx, appId, batchId, progress));
      }
    }
    await platform.database.inTenant(appId, (tx) =>
      repo.transitionBatch(tx, appId, batchId, ['running'], { status: 'done', finishedAt: platform.clock(), ...progress }),
    );
  } catch (error) {
    // What will not get better on a retry fails the batch now: a sheet that became unreadable, no office engine.
    if (error instanceof SpreadsheetError) return await fail(sheetProblem(error, 'The sheet', batchReadLimits.maxRows ?? 0).message);
    if (error instanceof AppError && (error.code === 'CONVERSION_UNAVAILABLE' || error.code === 'NOT_FOUND')) return await fail(error.message);
    if (attempt.last) await fail('The generation stopped on an unexpected error.');
    throw error;
  }
}

/** The batch's lines with their values, read from the stored sheet as they are needed. */
async function* batchRows(platform: Platform, batch: repo.BatchRow, variables: string[]): AsyncGenerator<MergeRow> {
  const sheet = await openSpreadsheet(await platform.storage.get(batch.sheetKey), { ...batchReadLimits, workers: platform.workers });
  const wanted = new Set(batch.lines);
  let header: string[] | null = null;
  let sources: ReturnType<typeof resolveMapping>['sources'] | undefined;
  let line = 0;
  for await (const cells of sheet.rows) {
    line++;
    if (!cells.some((c) => c.trim() !== '')) continue;
    if (batch.firstLineIsHeader && header === null) {
      header = cells;
      continue;
    }
    if (!wanted.has(line)) continue;
    // The width only matters for checking (done at start): every mapped column exists.
    sources ??= resolveMapping(variables, batch.mapping, { header, width: Number.MAX_SAFE_INTEGER }).sources;
    yield { key: String(line), values: rowValues(sources, cells).values };
  }
}
