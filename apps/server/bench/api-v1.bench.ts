/**
 * The public API under load: `POST /api/v1/requests` (JSON, a 1-page PDF in base64, two signers, `send: true`) from
 * BENCH_CLIENTS concurrent clients (50), each with its own API key, over real HTTP (the server listens on a local
 * port; undici's fetch), on PostgreSQL. Reports p50 / p95 / max of the calls after a warm-up, and the throughput.
 * The pg-boss workers run in the same process (the send jobs compete for the same 2 cores, as in production ROLE=all).
 *
 * Run from apps/server: `node bench/api-v1.bench.ts`. Env: BENCH_N (1000 measured calls), BENCH_CLIENTS (50),
 * BENCH_WARMUP (100), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres: a temporary database is
 * created there and dropped at the end).
 */
import { randomUUID } from 'node:crypto';

const n = Number(process.env.BENCH_N ?? 1000);
const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 100);
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const { createTestContext } = await import('../test/support/harness.ts');
const { makePdf, signer, tenantWithGerant } = await import('../test/support/signatures.ts');
const { apiKeyEndpoints, apiV1Endpoints, pathOf } = await import('@paraphe/contracts');

const t = await createTestContext({ env: { API_RATE_LIMIT_PER_MINUTE: '1000000' } });
try {
  const { client } = await tenantWithGerant(t, { features: { api: true } });
  const keys: string[] = [];
  for (let i = 0; i < clients; i++) {
    const res = await client.call('POST', pathOf(apiKeyEndpoints.create), 'application', { label: `bench ${i}`, scopes: ['read', 'create', 'send'] });
    keys.push(res.json().data.secret);
  }
  const pdfBase64 = Buffer.from(await makePdf(1)).toString('base64');
  const baseUrl = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${baseUrl}${pathOf(apiV1Endpoints.createRequest)}`;

  const createAndSend = async (key: string, index: number) => {
    const body = JSON.stringify({
      label: `Bench contract ${index}`,
      send: true,
      signers: [signer(0), signer(1)],
      documents: [{ fileName: 'contract.pdf', contentBase64: pdfBase64 }],
      options: { chainingMode: 'email' },
    });
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body });
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  };

  const run = async (calls: number) => {
    const latencies: number[] = [];
    let failures = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      keys.map(async (key) => {
        while (next < calls) {
          const index = next++;
          const { ms, status } = await createAndSend(key, index);
          latencies.push(ms);
          if (status !== 201) failures++;
        }
      }),
    );
    return { latencies: latencies.sort((a, b) => a - b), failures, seconds: (performance.now() - started) / 1000 };
  };

  await run(warmup);
  const { latencies, failures, seconds } = await run(n);
  const result = {
    engine: 'postgres',
    clients,
    calls: n,
    failures,
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p95Ms: Math.round(percentile(latencies, 95) * 10) / 10,
    maxMs: Math.round(latencies.at(-1)! * 10) / 10,
    callsPerSecond: Math.round((n / seconds) * 10) / 10,
  };
  console.log(JSON.stringify(result));
} finally {
  await t.close();
}
