/**
 * Time-stamping and verification over HTTP (in-process server, `app.inject`, PGlite in memory, the built-in TSA):
 * time from the POST to its answer for a 1-page PDF, a ≈5 MB PDF and a 5 MB non-PDF file (detached token + receipt),
 * then the public verification of each output (PDF alone; file + .tsr). Run: `node bench/timestamps.bench.ts [count]`
 * from apps/server (default 30 calls per case).
 */
import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { createTestContext, freshIp, type TestContext } from '../test/support/harness.ts';
import { makePdf, multipartBody, tenantWithGerant } from '../test/support/signatures.ts';

const count = Number(process.argv[2] ?? 30);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Part = { name: string; data: Uint8Array };
const post = (t: TestContext, url: string, parts: Part[], token?: string) => {
  const { payload, headers } = multipartBody(
    parts.map((p) => ({ name: p.name, fileName: p.name === 'token' ? 'f.tsr' : 'f.bin', contentType: 'application/octet-stream', data: p.data })),
  );
  return t.request({ method: 'POST', url, token, body: payload, headers: { ...headers, ...freshIp() } });
};

async function timed(label: string, run: () => Promise<{ statusCode: number; body: string }>) {
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await run();
    durations.push(performance.now() - started);
    if (res.statusCode >= 300) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  const sorted = durations.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(40)} n=${count}  p50=${percentile(sorted, 50).toFixed(1)} ms  p95=${percentile(sorted, 95).toFixed(1)} ms  max=${sorted.at(-1)!.toFixed(1)} ms`,
  );
}

const t = await createTestContext();
try {
  const { client } = await tenantWithGerant(t, { features: { timestamp: true } });
  const small = await makePdf(1);
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Annex', { x: 50, y: 780, size: 14 });
  await doc.attach(randomBytes(5 * 1024 * 1024), 'payload.bin', { mimeType: 'application/octet-stream' });
  const large = await doc.save({ useObjectStreams: false });
  const binary = randomBytes(5 * 1024 * 1024);
  console.log(
    `Node ${process.version}, PGlite in memory; files: ${small.byteLength} B PDF, ${(large.byteLength / 1024 / 1024).toFixed(2)} MB PDF, 5 MB binary`,
  );
  const outputs: Record<string, Uint8Array> = {};
  for (const [label, data] of [
    ['1-page PDF', small],
    ['5 MB PDF', large],
    ['5 MB binary', binary],
  ] as const) {
    await timed(`stamp: ${label}`, async () => {
      const res = await post(t, '/api/timestamps', [{ name: 'file', data }], await client.token('user'));
      const stamp = res.json().data as { id: string; kind: string };
      const output = await client.call('GET', `/api/timestamps/${stamp.id}/${stamp.kind === 'pdf' ? 'pdf' : 'token'}`, 'user');
      outputs[label] = new Uint8Array(output.rawPayload);
      return res;
    });
  }
  await timed('public verify: 1-page PDF + time-stamp', () => post(t, '/api/public/verify', [{ name: 'file', data: outputs['1-page PDF']! }]));
  await timed('public verify: 5 MB PDF + time-stamp', () => post(t, '/api/public/verify', [{ name: 'file', data: outputs['5 MB PDF']! }]));
  await timed('public verify: 5 MB binary + .tsr', () =>
    post(t, '/api/public/verify', [
      { name: 'file', data: binary },
      { name: 'token', data: outputs['5 MB binary']! },
    ]),
  );
} finally {
  await t.close();
}
