import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { Converter, ConverterFailure, type OfficeInput, type OfficeResult, type OfficeTarget } from './converter.ts';
import { detectOffice, type OfficeStatus } from './detect.ts';
import { detectNetworkNamespace, type NetworkIsolation } from './isolation.ts';

export interface ConvertOptions {
  /** `interactive` calls (a preview, an upload) go before queued batch work. Default `batch`. */
  priority?: 'interactive' | 'batch';
}

export interface OfficeEngine {
  /** Whether conversion can run here, and how the converters are kept off the network (detected once, then remembered). */
  status(): Promise<OfficeStatus & { networkIsolation: NetworkIsolation }>;
  /**
   * Converts the documents, `chunkSize` per LibreOffice call, spread over the converters; the answer keeps the
   * inputs' order. A document that cannot be converted comes back with an `error` (the others are not held up).
   * Throws CONVERSION_UNAVAILABLE (503) when LibreOffice is not installed.
   */
  convert(inputs: readonly OfficeInput[], target: OfficeTarget, options?: ConvertOptions): Promise<OfficeResult[]>;
  /** Figures for /healthz and the tests: converters, calls waiting, restarts so far. */
  stats(): { converters: number; busy: number; waiting: number; restarts: number; strippedReferences: number };
}

export interface OfficeEngineOptions {
  binary: string;
  converters: number;
  /** A call of one document is killed past this; each further document of the call adds `perDocumentMs`. */
  timeoutMs: number;
  perDocumentMs?: number;
  /** Documents per LibreOffice call (default 100: a process start, ≈ 1 s, shared by 100 documents of ≈ 55 ms). */
  chunkSize?: number;
  logger?: Logger;
  /** Where the converters' profiles and work files go (default: a fresh folder under the system's temp). */
  root?: string;
  /**
   * `auto` (default): each converter runs in a network namespace of its own when this machine allows it
   * (`unshare -n`); `off`: never (the profile and the stripped package are the only walls). isolation.ts.
   */
  networkNamespace?: 'auto' | 'off';
  /** The unshare binary (tests point it at one that does not exist). */
  unshareBinary?: string;
}

interface Task {
  inputs: readonly OfficeInput[];
  target: OfficeTarget;
  resolve(results: OfficeResult[]): void;
  reject(error: unknown): void;
}

export const conversionUnavailable = (status: OfficeStatus) =>
  new AppError(
    'CONVERSION_UNAVAILABLE',
    `Document conversion is unavailable: ${status.reason ?? 'the office engine is not installed.'} ${status.howToEnable ?? ''}`.trim(),
    {
      details: { reason: status.reason, howToEnable: status.howToEnable },
    },
  );

const roots = new Set<string>();
function removeAtExit(root: string): void {
  if (!roots.size) process.once('exit', () => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
  roots.add(root);
}

/**
 * A bounded pool of LibreOffice converters. Work is queued in calls (chunks of documents); each free converter
 * takes the next call, interactive ones first. A call that hangs or kills its converter is not lost: the converter
 * restarts (fresh profile) and the call's documents are retried one per call, so one poisonous document fails
 * alone instead of taking its 49 neighbours with it.
 */
export function createOfficeEngine(opts: OfficeEngineOptions): OfficeEngine {
  const root = opts.root ?? path.join(tmpdir(), `paraphe-office-${process.pid}-${randomBytes(4).toString('hex')}`);
  const chunkSize = Math.max(1, opts.chunkSize ?? 100);
  const perDocumentMs = opts.perDocumentMs ?? 2000;
  let detected: Promise<OfficeStatus & { networkIsolation: NetworkIsolation }> | undefined;
  let prefix: string[] = [];
  let prepared = false;
  const converters: Converter[] = [];
  const idle: Converter[] = [];
  const queues = { interactive: [] as Task[], batch: [] as Task[] };
  let busy = 0;

  function prepare(binary: string): void {
    if (prepared) return;
    prepared = true;
    mkdirSync(root, { recursive: true });
    removeAtExit(root);
    for (let i = 0; i < opts.converters; i++) {
      const converter = new Converter(i, { root, binary, prefix });
      converters.push(converter);
      idle.push(converter);
    }
  }

  async function detect() {
    const [office, namespace] = await Promise.all([
      detectOffice(opts.binary),
      opts.networkNamespace === 'off' ? null : detectNetworkNamespace(opts.unshareBinary),
    ]);
    prefix = namespace ?? [];
    const networkIsolation: NetworkIsolation = namespace ? 'namespace' : 'profile';
    if (office.available)
      opts.logger?.info(
        { networkIsolation },
        namespace
          ? 'office converters run without network (own network namespace)'
          : 'office converters run with the network walled by their profile and stripped packages (no network namespace here)',
      );
    return { ...office, networkIsolation };
  }
  const status = () => (detected ??= detect());

  function pump(): void {
    while (idle.length) {
      const task = queues.interactive.shift() ?? queues.batch.shift();
      if (!task) return;
      const converter = idle.pop()!;
      busy++;
      void runOn(converter, task).finally(() => {
        busy--;
        idle.push(converter);
        pump();
      });
    }
  }

  async function runOn(converter: Converter, task: Task): Promise<void> {
    const documents = task.inputs.reduce((sum, input) => sum + (input.records ?? 1), 0);
    const timeoutMs = opts.timeoutMs + perDocumentMs * (documents - 1);
    try {
      task.resolve(await converter.run(task.inputs, task.target, timeoutMs));
    } catch (error) {
      if (!(error instanceof ConverterFailure)) return task.reject(error);
      opts.logger?.warn({ converter: converter.id, kind: error.kind, documents: task.inputs.length, err: error.message }, 'office converter restarted');
      if (task.inputs.length === 1) return task.resolve([{ name: task.inputs[0]!.name, error: error.message }]);
      // Retried one by one, ahead of other work (these documents have waited already).
      const singles = task.inputs.map((input) => enqueue([input], task.target, 'interactive'));
      Promise.all(singles).then((results) => task.resolve(results.flat()), task.reject);
    }
  }

  function enqueue(inputs: readonly OfficeInput[], target: OfficeTarget, priority: 'interactive' | 'batch'): Promise<OfficeResult[]> {
    return new Promise((resolve, reject) => {
      queues[priority].push({ inputs, target, resolve, reject });
      pump();
    });
  }

  return {
    status,
    async convert(inputs, target, options = {}) {
      const found = await status();
      if (!found.available) throw conversionUnavailable(found);
      prepare(found.resolved!);
      const calls: Promise<OfficeResult[]>[] = [];
      for (let i = 0; i < inputs.length; i += chunkSize) calls.push(enqueue(inputs.slice(i, i + chunkSize), target, options.priority ?? 'batch'));
      return (await Promise.all(calls)).flat();
    },
    stats: () => ({
      converters: opts.converters,
      busy,
      waiting: queues.interactive.length + queues.batch.length,
      restarts: converters.reduce((sum, c) => sum + c.restarts, 0),
      strippedReferences: converters.reduce((sum, c) => sum + c.strippedReferences, 0),
    }),
  };
}

/** One engine per configuration (per server, per test context): the pool is shared by every caller of it. */
const engines = new WeakMap<Config, OfficeEngine>();
export function officeEngineFor(config: Config, logger?: Logger): OfficeEngine {
  let engine = engines.get(config);
  if (!engine) {
    engine = createOfficeEngine({
      binary: config.office.binary,
      converters: config.office.converters,
      timeoutMs: config.office.timeoutSeconds * 1000,
      networkNamespace: config.office.networkNamespace,
      logger,
    });
    engines.set(config, engine);
  }
  return engine;
}
