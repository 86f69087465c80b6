/**
 * Times every statement PGlite runs on the main thread (bench aid, loaded with `--import ./bench/pglite-trace.ts`):
 * each protocol message's SQL (from its Query or Parse message), the time spent in PGlite's synchronous execution and
 * the bytes it answered. At exit (or SIGINT), the statements by total time, to find what holds the event loop on
 * the embedded database. PGLITE_TRACE_FROM_US (the --cpu-prof clock, µs) or `globalThis.__pgliteTraceReset()` starts the
 * window.
 */
import { PGlite } from '@electric-sql/pglite';

type Stat = { count: number; totalMs: number; maxMs: number; bytes: number };
const stats = new Map<string, Stat>();
const from = BigInt(process.env.PGLITE_TRACE_FROM_US ?? '0');
const decoder = new TextDecoder();

function sqlOf(message: Uint8Array): string {
  // Query: 'Q' int32 len, text\0 ; Parse: 'P' int32 len, name\0, text\0 ... (several messages may be concatenated)
  let at = 0;
  while (at + 5 <= message.length) {
    const kind = String.fromCharCode(message[at]!);
    const length = new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0);
    const body = message.subarray(at + 5, at + 1 + length);
    if (kind === 'Q') return decoder.decode(body.subarray(0, body.indexOf(0)));
    if (kind === 'P') {
      const nameEnd = body.indexOf(0);
      const rest = body.subarray(nameEnd + 1);
      return decoder.decode(rest.subarray(0, rest.indexOf(0)));
    }
    at += 1 + length;
  }
  return `(protocol ${String.fromCharCode(message[0] ?? 32)})`;
}

const proto = PGlite.prototype as unknown as { execProtocolRawSync(message: Uint8Array): Uint8Array };
const original = proto.execProtocolRawSync;
let lastSql = '';
proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
  const started = performance.now();
  const result = original.call(this, message);
  const ms = performance.now() - started;
  const text = sqlOf(message);
  // Bind/Execute/Sync messages follow a Parse: count them under the statement they run.
  const key = (text.startsWith('(protocol') ? `${lastSql} ${text}` : text).replace(/\s+/g, ' ').replace(/\$\d+/g, '$').slice(0, 160);
  if (!text.startsWith('(protocol')) lastSql = text.replace(/\s+/g, ' ').slice(0, 140);
  if (process.hrtime.bigint() / 1000n >= from) {
    const stat = stats.get(key) ?? { count: 0, totalMs: 0, maxMs: 0, bytes: 0 };
    stat.count++;
    stat.totalMs += ms;
    stat.maxMs = Math.max(stat.maxMs, ms);
    stat.bytes += result.length;
    stats.set(key, stat);
  }
  return result;
};

/** Forget what was counted so far (a bench calls it when its measured window starts). */
(globalThis as { __pgliteTraceReset?: () => void }).__pgliteTraceReset = () => stats.clear();

function report() {
  const rows = [...stats].sort((a, b) => b[1].totalMs - a[1].totalMs).slice(0, Number(process.env.PGLITE_TRACE_TOP ?? 25));
  const total = [...stats.values()].reduce((sum, s) => sum + s.totalMs, 0);
  console.log(`\nPGlite statements: ${total.toFixed(0)} ms in total`);
  for (const [sql, s] of rows)
    console.log(
      `${s.totalMs.toFixed(0).padStart(7)} ms ${String(s.count).padStart(6)}× max ${s.maxMs.toFixed(0).padStart(5)} ms ${(s.bytes / 1024).toFixed(0).padStart(7)} KB  ${sql}`,
    );
}
process.on('exit', report);
process.on('SIGINT', () => process.exit(130));
