import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPkcs12Iterations, SigningError } from '@paraphe/signing';
import { withIterations } from '../stamps/support.ts';
import { AppError } from '../../src/platform/errors.ts';
import { createWorkerPool, openPkcs12, workerTasksOf, WorkerTaskOutOfMemory, WorkerTaskTimeout, type WorkerPool } from '../../src/platform/workers/pool.ts';
import { onWorker } from '../../src/domains/templates/on-workers.ts';
import { buildDocx, paragraph } from '../templates/docx.ts';

/**
 * The worker pool (docs/security.md, "No request stalls the event loop"): tasks run on worker threads (TypeScript
 * loaded as the server loads it), errors come back with their class, a task past its time limit is aborted with a
 * clear refusal, and a full queue refuses at once (503 UNAVAILABLE) instead of piling up.
 */
describe('worker pool', () => {
  let dir: string;
  let atCap: Buffer;
  const pools: WorkerPool[] = [];
  const pool = (options: Partial<Parameters<typeof createWorkerPool>[0]> = {}) => {
    const created = createWorkerPool({ threads: 1, maxQueue: 8, taskTimeoutMs: 120_000, ...options });
    pools.push(created);
    return created;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paraphe-pool-'));
    atCap = withIterations(dir, maxPkcs12Iterations);
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs a task on a worker thread and brings its errors back with their class and details', async () => {
    const workers = pool();
    const tooMany = await openPkcs12(workers, withIterations(dir, 8_000_000), 'wrong').catch((error: unknown) => error);
    expect(tooMany).toBeInstanceOf(SigningError);
    expect(tooMany).toMatchObject({ code: 'PKCS12_INVALID', details: { reason: 'TOO_MANY_ITERATIONS', iterations: 8_000_000, maxIterations: 2_000_000 } });
    const notP12 = await openPkcs12(workers, Buffer.from('hello'), 'x').catch((error: unknown) => error);
    expect(notP12).toBeInstanceOf(SigningError);
    const inspection = await workers.run('inspectPdf', { bytes: Buffer.from('%PDF-1.7\nnot really') });
    expect(inspection.ok).toBe(false);
    // SheetJS on the worker: the rows it read, then the row error (as data: the reader rethrows it after the rows).
    const sheet = await workers.run('readSheetJs', { bytes: Buffer.from('a\nb\nc\nd\ne\n'), format: 'xls', maxRows: 2, strip: true });
    expect(sheet.rowChunks.flatMap((chunk) => JSON.parse(chunk) as string[][]).length).toBeLessThanOrEqual(2);
    expect(sheet.error).toMatchObject({ code: 'TOO_MANY_ROWS', limit: 2 });
    expect(workers.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("runs a domain's task module on a thread, or inline, with its errors as the domain threw them", async () => {
    const template = buildDocx({ body: paragraph('Bonjour ${prénom} ${nom}') });
    for (const workers of [pool(), pool({ threads: 0 })]) {
      expect(await onWorker(workers, 'extractVariables', { template, fileName: 'lettre.docx' })).toEqual(['prénom', 'nom']);
      // Bytes in, bytes out: the filled copy is a document (a zip) again.
      const filled = await onWorker(workers, 'fillTemplate', { template, variables: ['prénom', 'nom'], values: { prénom: 'Zoé', nom: 'Martin' } });
      expect(Buffer.from(filled.subarray(0, 2)).toString()).toBe('PK');
      const emptyPlaceholder = buildDocx({ body: paragraph('Bonjour ${}') });
      const refused = await onWorker(workers, 'extractVariables', { template: emptyPlaceholder, fileName: 'lettre.docx' }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/lettre\.docx: an empty/),
        fields: [{ field: 'file', rule: 'invalid_value' }],
      });
    }
    expect(pools.at(-2)!.stats().threads).toBeGreaterThanOrEqual(1);
  });

  it("runs no module but the server's own sources, and no task the module does not export", async () => {
    expect(() => workerTasksOf('file:///etc/passwd.ts')).toThrow(/Not a task module/);
    expect(() => workerTasksOf('https://example.com/tasks.ts')).toThrow(/Not a task module/);
    const workers = pool();
    const tasksModule = new URL('../../src/domains/templates/worker-tasks.ts', import.meta.url).href;
    await expect(workers.runModule(tasksModule, 'toString', {})).rejects.toThrow(/No task toString/);
    await expect(workers.runModule(new URL('../../../../package.json', import.meta.url).href, 'x', {})).rejects.toThrow(/Not a task module/);
  });

  it("loads on a thread neither the contracts' schemas nor the spreadsheet writers: each thread is in the server's memory", () => {
    // Every module a thread's tasks import, as Node resolves them (module.registerHooks), in a process of its own. The
    // contracts' index (zod and every endpoint's schemas) cost ≈ 80 MB of RSS per thread; ExcelJS ≈ 20 MB more.
    const entries = ['../../src/platform/workers/tasks.ts', '../../src/domains/templates/worker-tasks.ts'].map((f) => new URL(f, import.meta.url).href);
    const script = `
      import { registerHooks } from 'node:module';
      const seen = [];
      registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); seen.push(found.url); return found; } });
      for (const entry of ${JSON.stringify(entries)}) await import(entry);
      console.log(JSON.stringify(seen));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
    expect(loaded.some((url) => url.endsWith('/domains/templates/docx.ts'))).toBe(true);
    expect(loaded.filter((url) => url.endsWith('/packages/contracts/src/index.ts') || /\/node_modules\/(zod|exceljs)\//.test(url))).toEqual([]);
  });

  it('aborts a task past its time limit with a clear refusal, and keeps working after', async () => {
    // 1.5 s: the task at the cap derives for 4 s or more. One thread kept warm: the terminated one is replaced at once.
    const workers = pool({ taskTimeoutMs: 1_500, warmThreads: 1 });
    const timedOut = await openPkcs12(workers, atCap, 'wrong').catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(WorkerTaskTimeout);
    expect(timedOut).toMatchObject({ code: 'VALIDATION_FAILED', limitSeconds: 1.5, fields: [{ rule: 'processing_timeout' }] });
    // The limit counts a thread's start too: give the replacement time to start (slow on a loaded machine), then the
    // next task runs on it.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(await openPkcs12(workers, Buffer.from('hello'), 'x').catch((error: unknown) => error)).toBeInstanceOf(SigningError);
  });

  it('refuses at once with 503 UNAVAILABLE when the queue is full, nothing done', async () => {
    const workers = pool({ maxQueue: 1, taskTimeoutMs: 1_500 });
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => openPkcs12(workers, atCap, 'wrong').catch((error: unknown) => error)));
    const busy = outcomes.filter((o) => o instanceof AppError && o.code === 'UNAVAILABLE');
    expect(busy.length).toBeGreaterThanOrEqual(2);
    expect((busy[0] as AppError).message).toMatch(/busy/);
    // The others ran (or waited) and were stopped by the time limit: nothing hangs.
    expect(outcomes.filter((o) => !busy.includes(o)).every((o) => o instanceof WorkerTaskTimeout)).toBe(true);
  });

  it('ends a thread that outgrows its heap with a clear refusal, and keeps working after', async () => {
    // SheetJS keeps every cell of a 400,000-row sheet as objects: far more than a 64 MB heap (the server's default is
    // 1024 MB). Without the cap, the thread (and, for the NaN loop the fuzz run found, the whole process) grew until
    // the machine's memory was gone.
    const workers = pool({ heapMb: 64 });
    const big = Buffer.from('Dupont;jean@example.com;Paris;0601020304\n'.repeat(400_000));
    const refused = await workers.run('readSheetJs', { bytes: big, format: 'xls', maxRows: 1_000_000, strip: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkerTaskOutOfMemory);
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', limitMb: 64, fields: [{ field: 'file', rule: 'processing_memory' }] });
    // The thread was replaced: a small file is read as usual.
    const small = await workers.run('readSheetJs', { bytes: Buffer.from('a;b\nc;d\n'), format: 'xls', maxRows: 10, strip: true });
    expect(small.rowChunks.flatMap((chunk) => JSON.parse(chunk) as string[][])).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
