/**
 * Coverage guidance for the fuzz targets (docs/security.md, "Fuzzing"): V8's own block coverage, read through the
 * inspector of the worker thread that runs the target. After each execution the counters are taken (and reset by
 * V8); a feature is one code block reached a number of times in a power-of-two bucket (AFL's idea: reaching a loop
 * body 1, 2, 3, 4–7, 8–15… times are different behaviours). An input that shows a feature never seen before joins the
 * corpus the mutations start from, so the run climbs into the parsers' deeper branches instead of mutating the seeds
 * only. libFuzzer (Jazzer.js) cannot load on this platform (support.ts says why); this needs nothing but Node.
 */
import { Session } from 'node:inspector/promises';

interface CoverageRange {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface ScriptCoverage {
  url: string;
  functions: { ranges: CoverageRange[] }[];
}

/** 0 for 0, else 1, 2, 3, then one bucket per power of two (4–7, 8–15, …). */
export function countBucket(count: number): number {
  if (count <= 3) return count;
  return 2 + Math.floor(Math.log2(count));
}

/**
 * V8 lists a function's range and, nested in it, only the blocks whose count differs from the enclosing one: a branch
 * taken as often as its function is not listed at all. Cut the function into the pieces between all listed bounds and
 * give each the count of the innermost range holding it, so that every block that ran is seen with its count.
 */
export function segmentsOf(ranges: readonly CoverageRange[]): { start: number; end: number; count: number }[] {
  const bounds = [...new Set(ranges.flatMap((r) => [r.startOffset, r.endOffset]))].sort((a, b) => a - b);
  const segments: { start: number; end: number; count: number }[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [start, end] = [bounds[i]!, bounds[i + 1]!];
    // Nested ranges come after the ranges holding them: the last one holding the piece is the innermost.
    const holder = ranges.findLast((r) => r.startOffset <= start && r.endOffset >= end);
    if (holder) segments.push({ start, end, count: holder.count });
  }
  return segments;
}

export class CoverageGuide {
  private readonly session = new Session();
  private readonly seen = new Set<string>();
  /** Blocks reached at least once, whatever their count: the figure to compare runs by (docs/security.md). */
  private readonly reached = new Set<string>();
  private readonly scriptIndex = new Map<string, number>();

  private readonly covers: (url: string) => boolean;

  /** `covers(url)`: the scripts whose blocks count (the parsers, not the fuzzer and its generator). */
  constructor(covers: (url: string) => boolean) {
    this.covers = covers;
  }

  async start(): Promise<void> {
    this.session.connect();
    await this.session.post('Profiler.enable');
    await this.session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  }

  get features(): number {
    return this.seen.size;
  }

  get blocks(): number {
    return this.reached.size;
  }

  /**
   * The features the code run since the last take showed for the first time, not yet recorded as seen (V8 resets its
   * counters on each take): `commit` records them. Blocks reached are recorded at once.
   */
  async takeFresh(): Promise<Set<string>> {
    const { result } = (await this.session.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
    const fresh = new Set<string>();
    for (const script of result) {
      if (!this.covers(script.url)) continue;
      let index = this.scriptIndex.get(script.url);
      if (index === undefined) this.scriptIndex.set(script.url, (index = this.scriptIndex.size));
      for (const fn of script.functions) {
        for (const segment of segmentsOf(fn.ranges)) {
          if (segment.count === 0) continue;
          const block = `${index}:${segment.start}:${segment.end}`;
          this.reached.add(block);
          const key = `${block}:${countBucket(segment.count)}`;
          if (!this.seen.has(key)) fresh.add(key);
        }
      }
    }
    return fresh;
  }

  commit(features: Iterable<string>): void {
    for (const key of features) this.seen.add(key);
  }

  /** Takes and records at once: how many features were new. */
  async newFeatures(): Promise<number> {
    const fresh = await this.takeFresh();
    this.commit(fresh);
    return fresh.size;
  }

  async stop(): Promise<void> {
    await this.session.post('Profiler.stopPreciseCoverage');
    this.session.disconnect();
  }
}

/** What a guided run measures: the parsers' code and the libraries they call, not the fuzzer's own machinery. */
export const coversParserCode = (url: string) => url.startsWith('file://') && !/\/fuzz\/|\/node_modules\/(fast-check|pure-rand|vitest)\//.test(url);
