/** What runner.ts and worker.ts exchange. */
export interface WorkerRequest {
  target: string;
  seconds: number;
  seed: number;
  maxRssBytes: number;
  shared: SharedArrayBuffer;
}
export interface WorkerResult {
  execs: number;
  runs: number;
  failure?: { input: number[]; origin: string; error: string; shrinks: number };
}

/** shared: Int32 [0] executions started, [1] current input length; then the input bytes. */
export const sharedHeaderBytes = 8;
