import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf, preparePdf, signPdf, verifyPdf, type InspectRejectionReason, type PdfInspection } from '../src/index.ts';
import { objectStreamBomb } from './support/bombs.ts';
import { makePdf, qpdfTransform } from './support/documents.ts';
import { firstExtra, rawPdf } from './support/pages.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { removeScratch } from './support/scratch.ts';
import { pdfsig, qpdfCheck } from './support/validators.ts';

let pki: TestPki;
let plain: Uint8Array;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
  plain = await makePdf({ pages: 2 });
}, 30_000);

function expectRejected(result: PdfInspection, reason: InspectRejectionReason, message?: RegExp): void {
  expect(result.ok, JSON.stringify(result)).toBe(false);
  if (result.ok) return;
  expect(result.reason).toBe(reason);
  expect(result.message.length).toBeGreaterThan(20);
  if (message) expect(result.message).toMatch(message);
}

/** An HTML error page and binary noise, as a proxy or a buggy upload appends them (no PDF keyword inside). */
function garbage(bytes: number): Buffer {
  const html = Buffer.from('<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>\n', 'latin1');
  const noise = Buffer.alloc(bytes);
  let s = 12345;
  for (let i = 0; i < bytes; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = 0x80 | ((s >> 16) % 128); // high bytes only: never digits, letters or "obj"
  }
  return Buffer.concat([html, noise]);
}

describe('inspectPdf: accepted documents', () => {
  it('reports pages (visible sizes), PDF/A claim, form, active content', async () => {
    const result = await inspectPdf(plain);
    expect(result).toEqual({
      ok: true,
      pageCount: 2,
      pages: [
        { width: 595, height: 842, rotate: 0 },
        { width: 595, height: 842, rotate: 0 },
      ],
      pdfA: null,
      hasForm: false,
      needAppearances: false,
      activeContent: [],
      activeContentItems: [],
      warnings: [],
      repairs: [],
    });
    const rotated = await inspectPdf(rawPdf({ pages: [{ rotate: 90 }, { mediaBox: [0, 0, 400, 300], cropBox: [10, 10, 210, 110], rotate: 180 }] }));
    expect(rotated.ok && rotated.pages).toEqual([
      { width: 792, height: 612, rotate: 90 },
      { width: 200, height: 100, rotate: 180 },
    ]);
  });

  it('accepts an unsigned PDF that merely contains the text /ByteRange (no signature value)', async () => {
    const first = firstExtra(1);
    const pdf = rawPdf({
      pages: [{ content: 'BT /F1 12 Tf 72 700 Td (/ByteRange [0 10 20 30] /Contents <00>) Tj ET' }],
      catalogExtra: `/Note (/Type /Sig /ByteRange [0 1 2 3]) /AcroForm <</Fields [${first} 0 R]>>`,
      pageExtra: () => `/Annots [${first} 0 R]`,
      objects: ['<</Type /Annot /Subtype /Widget /FT /Sig /T (empty) /Rect [0 0 0 0] /F 132 /P 3 0 R>>'],
    });
    const result = await inspectPdf(pdf);
    expect(result).toMatchObject({ ok: true, hasForm: true });
  });

  it('tolerates garbage after %%EOF (same reader as signing): prepared and signed after it, valid for pdfsig and qpdf', async () => {
    const dirty = Buffer.concat([plain, garbage(6000)]);
    const result = await inspectPdf(dirty);
    expect(result.ok).toBe(true);
    expect(result.ok && result.warnings.join()).toMatch(/bytes follow the end of the PDF/);
    const prepared = await preparePdf(dirty, { fields: [{ signerIndex: 0, x: 70, y: 70 }] });
    expect(Buffer.from(prepared.pdf.subarray(0, dirty.length)).equals(dirty), 'the garbage stays, the update follows it').toBe(true);
    const signed = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-T', tsa: pki.tsa });
    const [sig] = pdfsig(signed, pki);
    expect(sig!.valid && sig!.trusted && sig!.total, sig!.lines.join(' | ')).toBe(true);
    const check = qpdfCheck(signed);
    expect([0, 3], check.stdout + check.stderr).toContain(check.status); // 3 = warnings only
    const report = await verifyPdf(signed, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.indication).toBe('TOTAL_PASSED');
  });
});

describe('inspectPdf: refusals, one reason each', () => {
  it('NOT_PDF: a text file named .pdf, an empty file', async () => {
    expectRejected(await inspectPdf(Buffer.from('Bonjour, ceci est un fichier texte.\n')), 'NOT_PDF', /not a PDF/);
    expectRejected(await inspectPdf(new Uint8Array()), 'NOT_PDF');
  });

  it('DAMAGED: truncated, cut inside an update, garbage beyond the search window, no catalog', async () => {
    expectRejected(await inspectPdf(plain.subarray(0, plain.length >> 1)), 'DAMAGED', /truncated/);
    const prepared = (await preparePdf(plain, { fields: [{ signerIndex: 0 }] })).pdf;
    expectRejected(await inspectPdf(prepared.subarray(0, prepared.length - 200)), 'DAMAGED', /incomplete update/);
    expectRejected(await inspectPdf(Buffer.concat([plain, garbage(1100 * 1024)])), 'DAMAGED', /truncated/);
    expectRejected(await inspectPdf(Buffer.from('%PDF-1.7\n1 0 obj\n<</Foo 1>>\nendobj\n%%EOF\n')), 'DAMAGED');
  });

  it.each([
    ['AES-256 (R6)', ['--encrypt', 'user', 'owner', '256', '--']],
    ['AES-256 (R5)', ['--encrypt', 'user', 'owner', '256', '--force-R5', '--']],
    ['AES-128 (R4)', ['--encrypt', 'user', 'owner', '128', '--use-aes=y', '--']],
    ['RC4-128 (R3)', ['--allow-weak-crypto', '--encrypt', 'user', 'owner', '128', '--']],
    ['RC4-40 (R2)', ['--allow-weak-crypto', '--encrypt', 'user', 'owner', '40', '--']],
  ])('ENCRYPTED_PASSWORD: %s with an opening password', async (_, args) => {
    expectRejected(await inspectPdf(qpdfTransform(plain, args)), 'ENCRYPTED_PASSWORD', /password/);
  });

  it.each([
    ['AES-256 (R6)', ['--encrypt', '', 'owner', '256', '--modify=none', '--']],
    ['AES-256 (R5)', ['--encrypt', '', 'owner', '256', '--force-R5', '--print=none', '--']],
    ['AES-128 (R4)', ['--encrypt', '', 'owner', '128', '--use-aes=y', '--print=none', '--']],
    ['RC4-128 (R3)', ['--allow-weak-crypto', '--encrypt', '', 'owner', '128', '--modify=none', '--']],
    ['RC4-40 (R2)', ['--allow-weak-crypto', '--encrypt', '', 'owner', '40', '--print=n', '--']],
  ])('ENCRYPTED_RESTRICTIONS: %s with permissions only (empty user password), refused with the fix', async (_, args) => {
    const restricted = qpdfTransform(plain, args);
    expectRejected(await inspectPdf(restricted), 'ENCRYPTED_RESTRICTIONS', /print it to a new PDF/);
    await expect(preparePdf(restricted, { fields: [{ signerIndex: 0 }] })).rejects.toMatchObject({
      code: 'PDF_ENCRYPTED',
      details: { openPassword: false },
    });
  });

  it('ENCRYPTED_RESTRICTIONS: an AES-256 (R6) file whose hash 2.B stops exactly at its bound (the last byte of E equals rounds − 32)', async () => {
    // Made by qpdf with an empty user password; an off-by-one in the stopping rule called about 1 file in 20 of
    // this kind "password-protected" (seen as a flaky upload test). qpdf --show-encryption opens it without a password.
    const boundary = readFileSync(new URL('./fixtures/restricted-r6-last-round.pdf', import.meta.url));
    expectRejected(await inspectPdf(boundary), 'ENCRYPTED_RESTRICTIONS', /print it to a new PDF/);
  });

  it('ENCRYPTED_RESTRICTIONS: 40 fresh AES-256 (R6) files from qpdf, each with its own random salt, all told apart from a password', async () => {
    for (let i = 0; i < 40; i++) {
      const restricted = qpdfTransform(plain, ['--encrypt', '', 'owner', '256', '--modify=none', '--']);
      const result = await inspectPdf(restricted);
      expect(result.ok ? 'accepted' : result.reason, `file ${i}`).toBe('ENCRYPTED_RESTRICTIONS');
    }
  });

  it('ALREADY_SIGNED: a signature field with a value', async () => {
    const prepared = await preparePdf(plain, { fields: [{ signerIndex: 0 }] });
    expect((await inspectPdf(prepared.pdf)).ok, 'an empty signature field is fine').toBe(true);
    const signed = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-B' });
    expectRejected(await inspectPdf(signed), 'ALREADY_SIGNED', /signer-1/);
  });

  it('CERTIFIED_NO_CHANGES: DocMDP P=1', async () => {
    const first = firstExtra(1);
    const pdf = rawPdf({
      pages: [{}],
      catalogExtra: `/AcroForm <</Fields [${first} 0 R] /SigFlags 3>> /Perms <</DocMDP ${first + 1} 0 R>>`,
      pageExtra: () => `/Annots [${first} 0 R]`,
      objects: [
        `<</Type /Annot /Subtype /Widget /FT /Sig /T (cert) /Rect [0 0 0 0] /F 132 /P 3 0 R /V ${first + 1} 0 R>>`,
        '<</Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange [0 0 0 0] /Contents <00> ' +
          '/Reference [<</Type /SigRef /TransformMethod /DocMDP /TransformParams <</Type /TransformParams /P 1 /V /1.2>>>>]>>',
      ],
    });
    expectRejected(await inspectPdf(pdf), 'CERTIFIED_NO_CHANGES', /no changes/);
  });

  it('TOO_COMPLEX: over the object or nesting bounds', async () => {
    expectRejected(await inspectPdf(plain, { limits: { maxObjects: 5 } }), 'TOO_COMPLEX');
    expectRejected(await inspectPdf(rawPdf({ pages: [{}], catalogExtra: `/Deep ${'['.repeat(1000)}${']'.repeat(1000)}` })), 'TOO_COMPLEX');
  });

  it('DECOMPRESSION_BOMB: object streams over the per-document budget (default limits), and over maxStreamSize', async () => {
    expectRejected(await inspectPdf(objectStreamBomb(3, 40 * 1024 * 1024)), 'DECOMPRESSION_BOMB', /maxDecompressedTotal/);
    expectRejected(await inspectPdf(objectStreamBomb(1, 3 * 1024 * 1024), { limits: { maxStreamSize: 1024 * 1024 } }), 'DECOMPRESSION_BOMB', /maxStreamSize/);
    const small = objectStreamBomb(3, 1024);
    expect((await inspectPdf(small)).ok, 'the same structure, small, is fine').toBe(true);
  });
});
