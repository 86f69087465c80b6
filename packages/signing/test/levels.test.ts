import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePdf, signPdf, type PadesLevel, type PreparedPdf } from '../src/index.ts';
import { makePdf, qpdfTransform } from './support/documents.ts';
import { expectExternallyValid, expectPadesChecklist, expectVerified } from './support/pades-checks.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { removeScratch } from './support/scratch.ts';

const LEVELS: PadesLevel[] = ['B-B', 'B-T', 'B-LT', 'B-LTA'];
const DOCUMENTS = [
  '1 page, classic xref',
  '1 page, object streams',
  '100 pages ~5 MB, classic xref',
  '100 pages ~5 MB, object streams',
  '1 page, linearized',
  'LibreOffice',
] as const;

let pki: TestPki;
const prepared = new Map<string, PreparedPdf>();

afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
  const small = await makePdf({ pages: 1 });
  const big = await makePdf({ pages: 100, bytesPerPage: 50_000 });
  const sources: Record<(typeof DOCUMENTS)[number], Uint8Array> = {
    '1 page, classic xref': small,
    '1 page, object streams': qpdfTransform(small, ['--object-streams=generate']),
    '100 pages ~5 MB, classic xref': big,
    '100 pages ~5 MB, object streams': qpdfTransform(big, ['--object-streams=generate']),
    '1 page, linearized': qpdfTransform(small, ['--linearize']),
    LibreOffice: readFileSync(new URL('./fixtures/contrat-libreoffice.pdf', import.meta.url)),
  };
  for (const [label, pdf] of Object.entries(sources)) {
    prepared.set(
      label,
      await preparePdf(pdf, {
        fields: [
          { page: -1, x: 70, y: 70, signerIndex: 0 },
          { page: -1, x: 300, y: 70, signerIndex: 1 },
        ],
      }),
    );
  }
}, 60_000);

describe.each(DOCUMENTS)('%s', (label) => {
  it('is big enough when it claims to be', () => {
    if (label.startsWith('100 pages')) expect(prepared.get(label)!.pdf.length).toBeGreaterThan(4.5 * 1024 * 1024);
  });

  it.each(LEVELS)('signs at %s, accepted by pdfsig, OpenSSL, qpdf and our verifier', async (level) => {
    const doc = prepared.get(label)!;
    const field = doc.fields[0]!.name;
    const signed = await signPdf(doc.pdf, {
      field,
      signer: pki.signer,
      level,
      tsa: pki.tsa,
      revocation: pki.ca.revocationSource(),
      certify: true,
      appearance: { signerName: 'Éloïse Dupré', reason: 'Lu et approuvé', location: 'Besançon', date: new Date() },
    });
    expect(Buffer.from(signed.subarray(0, doc.pdf.length)).equals(Buffer.from(doc.pdf)), 'incremental: the input is a prefix').toBe(true);
    expectExternallyValid(signed, pki, { endsWithDss: level === 'B-LT' });
    expectPadesChecklist(signed, field, level, pki);
    await expectVerified(signed, field, level, pki);
  });
});
