import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigningError, preparePdf, signPdf, verifyPdf, type SignerIdentity } from '../src/index.ts';
import { makePdf, qpdfTransform } from './support/documents.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { removeScratch } from './support/scratch.ts';

let pki: TestPki;
let prepared: Uint8Array;
let signed: Uint8Array;

afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
  prepared = (await preparePdf(await makePdf({ pages: 2 }), { fields: [{ signerIndex: 0 }] })).pdf;
  signed = await signPdf(prepared, { field: 'signer-1', signer: pki.signer, level: 'B-T', tsa: pki.tsa });
}, 30_000);

const sign = (pdf: Uint8Array, signer: SignerIdentity = pki.signer, limits = {}) => signPdf(pdf, { field: 'signer-1', signer, level: 'B-B', limits });
const verify = (pdf: Uint8Array) => verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate] });

/** A minimal hand-written PDF: `catalogExtra` is inserted in the catalog, `objects` appended, classic xref rebuilt. */
function handmade(catalogExtra: string, objects: string[] = [], trailerExtra = ''): Buffer {
  const bodies = [
    `<</Type /Catalog /Pages 2 0 R ${catalogExtra}>>`,
    '<</Type /Pages /Count 1 /Kids [3 0 R]>>',
    '<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>',
    ...objects,
  ];
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f\r\n` + offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`).join('');
  out += `trailer\n<</Size ${bodies.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a SigningError').toBeInstanceOf(SigningError);
  expect((error as SigningError).code).toBe(code);
}

describe('bad input', () => {
  it('non-PDF, empty and truncated files → PDF_INVALID', async () => {
    await expectCode(sign(Buffer.from('hello, I am not a PDF')), 'PDF_INVALID');
    await expectCode(sign(new Uint8Array()), 'PDF_INVALID');
    await expectCode(sign('%PDF-1.7 as a string, not bytes' as never), 'PDF_INVALID');
    await expectCode(sign(prepared.subarray(0, prepared.length >> 1)), 'PDF_INVALID');
    await expectCode(verify(signed.subarray(0, signed.length - 5000)), 'PDF_INVALID');
  });

  it('encrypted → PDF_ENCRYPTED', async () => {
    const encrypted = qpdfTransform(prepared, ['--encrypt', 'user', 'owner', '256', '--']);
    await expectCode(sign(encrypted), 'PDF_ENCRYPTED');
    await expectCode(verify(encrypted), 'PDF_ENCRYPTED');
  });

  it('huge object counts → PDF_TOO_COMPLEX', async () => {
    const lying = Buffer.from(handmade('').toString('latin1').replace('/Size 4', '/Size 900000000'), 'latin1');
    await expectCode(sign(lying), 'PDF_TOO_COMPLEX');
    await expectCode(sign(prepared, pki.signer, { maxObjects: 5 }), 'PDF_TOO_COMPLEX');
  });

  it('deep nesting → PDF_TOO_COMPLEX', async () => {
    await expectCode(sign(handmade(`/Deep ${'['.repeat(100_000)}${']'.repeat(100_000)}`)), 'PDF_TOO_COMPLEX');
    await expectCode(verify(handmade(`/Deep ${'<</A '.repeat(5000)}1${'>>'.repeat(5000)}`)), 'PDF_TOO_COMPLEX');
  });

  it('a huge /Length falls back to endstream; a decompression bomb → PDF_TOO_COMPLEX', async () => {
    const hugeLength = handmade('/AcroForm <</Fields [5 0 R]>>', [
      '<</Length 99999999999>>\nstream\nBT ET\nendstream',
      '<</FT /Sig /T (signer-1) /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P 3 0 R /Extra 4 0 R>>',
    ]);
    await expect(sign(hugeLength)).resolves.toBeInstanceOf(Uint8Array);
    const bomb = deflateSync(Buffer.alloc(8 * 1024 * 1024));
    const withBomb = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj\n<</Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ' + bomb.length + '>>\nstream\n', 'latin1'),
      bomb,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
    const xrefAt = withBomb.length;
    const tail = Buffer.from(`2 0 obj\n<</Type /XRef /Size 4 /W [1 4 2] /Root 3 0 R /Length 21>>\nstream\n`, 'latin1');
    const rows = Buffer.alloc(21);
    rows.writeUInt8(1, 0);
    rows.writeUInt32BE(9, 1); // object 1 (the stream) at offset 9
    rows.writeUInt8(1, 7);
    rows.writeUInt32BE(xrefAt, 8); // object 2: the xref stream
    rows.writeUInt8(2, 14);
    rows.writeUInt32BE(1, 15); // object 3 (catalog) inside the bomb
    const file = Buffer.concat([withBomb, tail, rows, Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1')]);
    await expectCode(sign(file, pki.signer, { maxStreamSize: 1024 * 1024 }), 'PDF_TOO_COMPLEX');
  });

  it('bounded memory: cross-reference stream of 2,000,000 entries, giant strings and arrays', async () => {
    const { inspectPdf } = await import('../src/index.ts');
    const { parseBomb, xrefStreamBomb } = await import('./support/bombs.ts');
    expect((await inspectPdf(xrefStreamBomb(2_000_000))).ok, 'legal (under maxObjects), stored compactly').toBe(true);
    expect(await inspectPdf(xrefStreamBomb(2_000_001))).toMatchObject({ ok: false, reason: 'TOO_COMPLEX' });
    expect((await inspectPdf(parseBomb('string', 8 * 1024 * 1024))).ok).toBe(true);
    expect(await inspectPdf(parseBomb('array', 4 * 1024 * 1024))).toMatchObject({ ok: false, reason: 'TOO_COMPLEX' });
  });

  it('xref /Prev loops terminate', async () => {
    const base = handmade('');
    const xref = base.lastIndexOf('xref\n');
    const looping = Buffer.from(base.toString('latin1').replace('/Root 1 0 R', `/Root 1 0 R /Prev ${xref}`), 'latin1');
    await expectCode(sign(looping), 'PDF_FIELD_NOT_FOUND');
  });

  it('a page tree loop or excessive depth → typed error', async () => {
    const loop = handmade('', [], '').toString('latin1').replace('/Kids [3 0 R]', '/Kids [2 0 R]');
    await expectCode(preparePdf(Buffer.from(loop, 'latin1'), { fields: [{ signerIndex: 0 }] }), 'PDF_INVALID');
  });
});

/** Deterministic PRNG so that a failing case can be replayed. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(source: Uint8Array, random: () => number): Buffer {
  const bytes = Buffer.from(source);
  const kind = Math.floor(random() * 4);
  const at = Math.floor(random() * bytes.length);
  if (kind === 0) {
    for (let i = 0, n = 1 + Math.floor(random() * 8); i < n; i++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
    return bytes;
  }
  if (kind === 1) return bytes.subarray(0, at);
  const garbage = Buffer.from(Array.from({ length: 1 + Math.floor(random() * 64) }, () => Math.floor(random() * 256)));
  if (kind === 2) return Buffer.concat([bytes.subarray(0, at), garbage, bytes.subarray(at)]);
  const tokens = ['<<', '>>', '[', ']', ' 0 R', 'obj', 'endobj', 'stream', 'xref', 'trailer', '/Prev 0', '999999999'];
  const token = Buffer.from(tokens[Math.floor(random() * tokens.length)]!, 'latin1');
  return Buffer.concat([bytes.subarray(0, at), token, bytes.subarray(at)]);
}

describe('fuzzing', () => {
  // Issue 24, item 15: each case had a 2 s budget, which a loaded machine (files in parallel, 2 cores shared) broke
  // with no fault of the engine. The work is bounded by the reader's limits (objects, nesting, inflate budget), not
  // by a clock; what this test keeps from the clock is a hang detector, 30 s per case (a typical case takes a few
  // milliseconds). The coverage of hangs and memory is fuzz/ (scripts/fuzz.sh: a watchdog per target, RSS bound).
  const hang = 30_000;
  it(
    'mutated PDFs only ever produce SigningError, and none hangs',
    async () => {
      const random = prng(20261121);
      const outcomes = { ok: 0, rejected: 0 };
      let slowest = { ms: 0, case: -1 };
      for (let i = 0; i < 240; i++) {
        const source = i % 2 ? signed : prepared;
        const input = mutate(source, random);
        const started = performance.now();
        for (const action of [() => sign(input), () => verify(input)]) {
          try {
            await action();
            outcomes.ok++;
          } catch (error) {
            if (!(error instanceof SigningError)) throw new Error(`case ${i}: ${String(error)}`, { cause: error });
            outcomes.rejected++;
          }
        }
        const ms = performance.now() - started;
        if (ms > slowest.ms) slowest = { ms, case: i };
      }
      expect(slowest.ms, `slowest: case ${slowest.case}, ${Math.round(slowest.ms)} ms`).toBeLessThan(hang);
      expect(outcomes.ok).toBeGreaterThan(0);
      expect(outcomes.rejected).toBeGreaterThan(0);
    },
    240 * hang,
  );
});
