/**
 * Cost of the HTTP edge (security headers, input checks, rate limits, client address): the latency of the login
 * call and of the signing page's view call, through the whole Fastify pipeline (inject: no socket), PGlite in
 * memory. 300 calls each by default after 30 warm-up calls; each call from its own client address (X-Forwarded-For,
 * believed because the harness trusts the loopback proxy), spread over several signing links, so no rate limit
 * answers 429; then the edge alone (a login refused by validation, 10× as many calls). Run:
 * `node bench/edge-latency.bench.ts [count]` from apps/server; prints p50/p95/max in ms and the process CPU time per
 * call (which other load on the machine inflates less than wall time).
 */
import { createTestContext, freshIp, password } from '../test/support/harness.ts';
import { draft, messagesTo, requestRow, signer, tenantWithGerant } from '../test/support/signatures.ts';
import { tokenOf } from '../test/support/signing-page.ts';

const count = Number(process.argv[2] ?? 300);
const warmup = 30;
const links = 6;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const report = (label: string, durations: number[] & { cpuMs?: number }) => {
  const sorted = [...durations].sort((a, b) => a - b);
  const cpu = durations.cpuMs === undefined ? '' : `  cpu/call=${durations.cpuMs.toFixed(2)} ms`;
  console.log(
    `${label.padEnd(22)} n=${durations.length}  p50=${percentile(sorted, 50).toFixed(2)} ms  p95=${percentile(sorted, 95).toFixed(2)} ms  max=${sorted.at(-1)!.toFixed(2)} ms${cpu}`,
  );
};

/** Wall time of each call, and the process CPU time per call (less sensitive to other load on the machine). */
async function time(n: number, call: (i: number) => Promise<{ statusCode: number; body: string }>, expected: number): Promise<number[] & { cpuMs?: number }> {
  const durations: number[] & { cpuMs?: number } = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await call(i);
    durations.push(performance.now() - started);
    if (res.statusCode !== expected) throw new Error(`unexpected ${res.statusCode}: ${res.body}`);
  }
  const used = process.cpuUsage(cpu);
  durations.cpuMs = (used.user + used.system) / 1000 / n;
  return durations;
}

const t = await createTestContext();
try {
  const { gerant, client } = await tenantWithGerant(t);
  // Login (no second factor for this tenant: one argon2 verification, one session row).
  const login = (i: number) =>
    t.request({ method: 'POST', url: '/api/auth/login', body: { email: i % 2 ? gerant.email : gerant.email.toUpperCase(), password }, headers: freshIp() });
  await time(warmup, login, 200);
  const loginDurations = await time(count, login, 200);

  // Signing links of sent requests (the view prepares the document on the first open: done during the warm-up).
  const tokens: string[] = [];
  for (let i = 0; i < links; i++) {
    const request = await draft(t, client, { signers: [signer(0)] });
    const sent = await client.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' });
    if (sent.statusCode !== 200) throw new Error(`send: ${sent.body}`);
    await t.waitFor(async () => (await requestRow(t, request.id)).status === 'ready', 30_000);
    tokens.push(tokenOf((await messagesTo(t, request.signers[0]!.emailAddress, 'signature-invitation')).at(-1)!.text));
  }
  const view = (i: number) => t.request({ method: 'GET', url: `/api/public/sign/${tokens[i % links]}`, headers: { 'user-agent': 'bench', ...freshIp() } });
  await time(warmup, view, 200);
  const viewDurations = await time(count, view, 200);

  // The edge alone: a login refused by validation (no database, no argon2) crosses every hook (headers, rate limit,
  // client address, guard, input check, validation, error handler) and nothing else.
  const refused = () => t.request({ method: 'POST', url: '/api/auth/login', body: { email: 'not-an-address', password: 'x' }, headers: freshIp() });
  await time(warmup * 10, refused, 400);
  const edgeDurations = await time(count * 10, refused, 400);

  console.log(`Node ${process.version}, ${t.database.engine}`);
  report('login', loginDurations);
  report('signing page view', viewDurations);
  report('edge only (400)', edgeDurations);
} finally {
  await t.close();
}
