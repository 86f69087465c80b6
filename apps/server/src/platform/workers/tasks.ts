/**
 * What the worker threads run (pool.ts): each task reads untrusted bytes and may burn CPU for seconds (a PKCS#12's
 * key derivation, a PDF's parse and inflate), so it runs here, off the event loop. This file is the worker's entry:
 * Node loads it as the server loads its own sources (type stripping, `node src/main.ts`), so it imports nothing that
 * needs the server's module hooks (no database, no drizzle).
 *
 * Each task reads its bytes under the same bounds as before (sizes, rows, inflated bytes, iterations); the pool adds a
 * time limit. Inputs and outputs cross the thread boundary by structured clone: plain data only. A private key crosses as its
 * PKCS#8 DER (the caller rebuilds the KeyObject); an error crosses as `{ ok: false, error }` so that its class, code and
 * details survive (a thrown error would arrive as a bare Error).
 */
import { createHash } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FieldError } from '@paraphe/contracts';
import { inspectPdf, loadPkcs12, SigningError, splitPdfAtDestinations, type PdfInspection } from '@paraphe/signing';
import { AppError } from '../errors.ts';
import { SpreadsheetError } from '../spreadsheets/errors.ts';
import type { SheetJsInput } from '../spreadsheets/reader.ts';

export interface OpenedPkcs12 {
  privateKeyPkcs8: Uint8Array;
  certificate: Uint8Array;
  chain: Uint8Array[];
}

export const taskHandlers = {
  /** Opens a PKCS#12 with its password (key derivation: up to maxPkcs12Iterations hashes per derivation). */
  openPkcs12(input: { bytes: Uint8Array; password: string }): OpenedPkcs12 {
    const identity = loadPkcs12(input.bytes, input.password);
    return {
      privateKeyPkcs8: new Uint8Array(identity.privateKey.export({ type: 'pkcs8', format: 'der' })),
      certificate: identity.certificate,
      chain: identity.chain,
    };
  },
  /** Reads an uploaded PDF with the signing engine (parse, xref repair, object-stream inflate under its bounds), and its SHA-256. */
  async inspectPdf(input: { bytes: Uint8Array }): Promise<PdfInspection & { sha256: string }> {
    return { ...(await inspectPdf(input.bytes)), sha256: createHash('sha256').update(input.bytes).digest('hex') };
  },
  /**
   * A PDF of many mail-merge records cut at their named destinations (templates/merged-docx.ts): each part's bytes,
   * pages and SHA-256. The PDF comes from our own office converter, but it is still parsed here, off the event loop.
   */
  splitPdfAtDestinations(input: { bytes: Uint8Array; names: string[]; endNames?: string[] }) {
    return splitPdfAtDestinations(input.bytes, input.names, { endNames: input.endNames });
  },
  /** One page of a PDF as a WebP image (the signing page's first view): pdf.js + @napi-rs/canvas, loaded on first use. */
  async renderPdfPage(input: { bytes: Uint8Array; page: number; width: number }) {
    const { renderPdfPage } = await import('../pdf-page-images.ts');
    return renderPdfPage(input);
  },
  /** SheetJS's synchronous read of an .xls / .ods / .xlsb (imports): its rows, at most maxRows. */
  async readSheetJs(input: SheetJsInput) {
    // Loaded on first use: a thread that only opens PDFs and PKCS#12 files starts without the spreadsheet readers.
    const { readWithSheetJs } = await import('../spreadsheets/reader.ts');
    return readWithSheetJs(input);
  },
};

export type TaskName = keyof typeof taskHandlers;
export type TaskInput<N extends TaskName> = Parameters<(typeof taskHandlers)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof taskHandlers)[N]>>;

/**
 * A domain's own tasks (the platform imports no domain): a module of the server's sources whose `workerTasks` export
 * is a record of functions of plain data, e.g. domains/templates/worker-tasks.ts. The caller names the module by its
 * file URL (`workerTasksOf`, pool.ts); the thread imports it on its first such task and keeps it.
 */
export type WorkerTaskModule = { workerTasks: Record<string, (input: never) => unknown> };
export type ModuleTaskMessage = { module: string; task: string; input: unknown };
type TaskMessage<N extends TaskName> = { task: N; input: TaskInput<N> } | ModuleTaskMessage;

/** Only the server's own source files are task modules: never a path a request could have named. */
const sourcesRoot = fileURLToPath(new URL('../../', import.meta.url));
export function checkTaskModule(module: string): string {
  const file = module.startsWith('file:') ? fileURLToPath(module) : '';
  if (!file.startsWith(sourcesRoot) || !file.endsWith('.ts')) throw new Error(`Not a task module of the server: ${module}`);
  return pathToFileURL(file).href;
}

/** An error as it crosses the thread boundary. */
export interface CarriedError {
  name: string;
  message: string;
  code?: string;
  fields?: FieldError[];
  details?: Record<string, unknown>;
}
export type TaskResult<T> = { ok: true; value: T } | { ok: false; error: CarriedError };

async function handlerOf(message: TaskMessage<TaskName>): Promise<(input: unknown) => unknown> {
  if (!('module' in message)) return taskHandlers[message.task] as (input: unknown) => unknown;
  const { workerTasks } = (await import(checkTaskModule(message.module))) as WorkerTaskModule;
  const handler = Object.hasOwn(workerTasks, message.task) ? workerTasks[message.task] : undefined;
  if (typeof handler !== 'function') throw new Error(`No task ${message.task} in ${message.module}`);
  return handler as (input: unknown) => unknown;
}

/** Runs one task; never throws (the error is carried back as data). */
export async function runTask<N extends TaskName>(message: TaskMessage<N>): Promise<TaskResult<unknown>> {
  try {
    const handler = await handlerOf(message);
    return { ok: true, value: await handler(message.input) };
  } catch (error) {
    const e = error as Error & { code?: string; fields?: FieldError[]; details?: Record<string, unknown>; limit?: number };
    const details = e?.limit === undefined ? e?.details : { ...e.details, limit: e.limit };
    return { ok: false, error: { name: e?.name ?? 'Error', message: e?.message ?? String(error), code: e?.code, fields: e?.fields, details } };
  }
}

/** The error the task threw, rebuilt on the caller's side with its class (SigningError) where it has one. */
export function reviveError(carried: CarriedError): Error {
  if (carried.name === 'SigningError' && carried.code) return new SigningError(carried.code as SigningError['code'], carried.message, carried.details);
  if (carried.name === 'AppError' && carried.code) {
    return new AppError(carried.code as AppError['code'], carried.message, { fields: carried.fields, details: carried.details });
  }
  if (carried.name === 'SpreadsheetError' && carried.code) {
    return new SpreadsheetError(carried.code as SpreadsheetError['code'], carried.message, { limit: carried.details?.limit as number | undefined });
  }
  return Object.assign(new Error(carried.message), { name: carried.name, code: carried.code, details: carried.details });
}

/** Piscina calls the default export with each task. */
export default runTask;
