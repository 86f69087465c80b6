/** What runner.ts and worker.ts exchange. */
export interface WorkerRequest {
  target: string;
  seconds: number;
  seed: number;
  maxRssBytes: number;
  /** Coverage-guided (coverage.ts): inputs that reach new code join the corpus the mutations start from. */
  guided: boolean;
  /** Unguided runs: read the coverage every 256 executions, only to report it (to compare with a guided run). */
  measure: boolean;
  shared: SharedArrayBuffer;
}
export interface WorkerResult {
  execs: number;
  runs: number;
  /** Guided runs: inputs added to the corpus, and the code features (block × count bucket) reached. */
  guidance?: { grown: number; features: number; blocks: number };
  failure?: { input: number[]; origin: string; error: string; shrinks: number };
}

/** shared: Int32 [0] executions started, [1] current input length; then the input bytes. */
export const sharedHeaderBytes = 8;
