/**
 * Signing latency: time from the POST …/sign call to its answer (the signed PDF stored, the transaction
 * committed), over 200 signatures on a 1-page document and on a ≈5 MB one. PGlite in memory, in-process TSA,
 * level 1 (tenant seal, B-T). Each request has two signers and only the first signs, so no completion job
 * competes for the CPU. Run: `node bench/signing-latency.bench.ts [count]` from apps/server.
 */
import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { createTestContext, type TestContext } from '../test/support/harness.ts';
import { draft, makePdf, placed, requestRow, signer, tenantWithGerant } from '../test/support/signatures.ts';
import { handwrittenPng, lastCode, signingApi, tokenOf } from '../test/support/signing-page.ts';
import { messagesTo } from '../test/support/signatures.ts';

const count = Number(process.argv[2] ?? 200);

async function bigPdf(bytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 20; i++) doc.addPage([595, 842]).drawText(`Annex page ${i + 1}`, { x: 50, y: 780, size: 14 });
  // Incompressible payload: an embedded file of random bytes.
  await doc.attach(randomBytes(bytes), 'payload.bin', { mimeType: 'application/octet-stream' });
  return doc.save({ useObjectStreams: false });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(t: TestContext, label: string, pdf: Uint8Array) {
  const { client } = await tenantWithGerant(t);
  const png = handwrittenPng();
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const request = await draft(t, client, {
      files: [{ fileName: 'doc.pdf', data: pdf }],
      signers: [signer(0), signer(1)],
      documents: [placed('doc.pdf', [0, 1])],
      options: { handwritten: 'enabled' },
    });
    await client.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' });
    await t.waitFor(async () => (await requestRow(t, request.id)).status === 'ready', 30_000);
    const email = request.signers.find((s) => s.signerIndex === 0)!.emailAddress;
    const api = signingApi(t, tokenOf((await messagesTo(t, email, 'signature-invitation')).at(-1)!.text));
    await api.view(); // prepares the document, as the signer's first visit does
    await api.code();
    const code = await lastCode(t, email);
    const started = performance.now();
    const res = await api.sign({ code, consents: [], handwrittenPng: png });
    durations.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`sign failed: ${res.statusCode} ${res.body}`);
  }
  const sorted = [...durations].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(28)} n=${count}  p50=${percentile(sorted, 50).toFixed(1)} ms  p95=${percentile(sorted, 95).toFixed(1)} ms  max=${sorted.at(-1)!.toFixed(1)} ms`,
  );
}

const t = await createTestContext();
try {
  const small = await makePdf(1);
  const large = await bigPdf(5 * 1024 * 1024);
  console.log(`Node ${process.version}, PGlite in memory; documents: ${small.byteLength} B and ${(large.byteLength / 1024 / 1024).toFixed(2)} MB`);
  await measure(t, '1 page', small);
  await measure(t, `${(large.byteLength / 1024 / 1024).toFixed(1)} MB`, large);
} finally {
  await t.close();
}
