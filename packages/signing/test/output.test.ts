import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePdf, signPdf, signPdfParts, type PreparedPdf } from '../src/index.ts';
import { appendDssRevision } from '../src/pdf/ltv.ts';
import { PdfDict, PdfRef, PdfStream } from '../src/pdf/objects.ts';
import { PdfReader } from '../src/pdf/reader.ts';
import { IncrementalPdf } from '../src/pdf/update.ts';
import { makePdf, qpdfTransform } from './support/documents.ts';
import { expectExternallyValid, expectPadesChecklist, expectVerified } from './support/pades-checks.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { removeScratch } from './support/scratch.ts';

let pki: TestPki;
const prepared = new Map<string, PreparedPdf>();
const FIELDS = [
  { page: 1, x: 70, y: 70, signerIndex: 0 },
  { page: 1, x: 300, y: 70, signerIndex: 1 },
];

afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
  const small = await makePdf({ pages: 1 });
  prepared.set('classic xref', await preparePdf(small, { fields: FIELDS }));
  prepared.set('object streams', await preparePdf(qpdfTransform(small, ['--object-streams=generate']), { fields: FIELDS }));
}, 60_000);

describe.each(['classic xref', 'object streams'])('the output as chunks (%s)', (label) => {
  it('signPdfParts hands out the input itself, then the revisions; joined, a B-LTA file every validator accepts', async () => {
    const doc = prepared.get(label)!;
    const field = doc.fields[0]!.name;
    const options = { field, signer: pki.signer, level: 'B-LTA' as const, tsa: pki.tsa, revocation: pki.ca.revocationSource() };
    const { parts, byteLength } = await signPdfParts(doc.pdf, options);
    expect(parts[0], 'the input is referenced, not copied').toBe(doc.pdf);
    expect(parts.length, 'signature, DSS and document time-stamp revisions').toBe(4);
    expect(parts.reduce((n, p) => n + p.length, 0)).toBe(byteLength);
    const joined = Buffer.concat(parts);
    expectExternallyValid(joined, pki);
    expectPadesChecklist(joined, field, 'B-LTA', pki);
    await expectVerified(joined, field, 'B-LTA', pki);
    // signPdf is the same file in one buffer (its own random IDs and times): same revisions, same length.
    const single = await signPdf(doc.pdf, options);
    expect(single.length).toBe(byteLength);
    expect(Buffer.from(single.subarray(0, doc.pdf.length)).equals(Buffer.from(doc.pdf))).toBe(true);
  });

  it('a second signer signs the joined output, and both signatures stay valid', async () => {
    const doc = prepared.get(label)!;
    const first = await signPdfParts(doc.pdf, { field: doc.fields[0]!.name, signer: pki.signer, level: 'B-T', tsa: pki.tsa });
    const second = await signPdf(Buffer.concat(first.parts), {
      field: doc.fields[1]!.name,
      signer: pki.signer2,
      level: 'B-LTA',
      tsa: pki.tsa,
      revocation: pki.ca.revocationSource(),
    });
    const signatures = expectExternallyValid(second, pki);
    expect(signatures.length).toBeGreaterThanOrEqual(3);
    await expectVerified(second, doc.fields[1]!.name, 'B-LTA', pki);
  });

  it("each revision's reader (derived, never re-reading the file) reads what a fresh reader of the joined bytes reads", () => {
    const doc = new IncrementalPdf(prepared.get(label)!.pdf);
    const der = pki.ca.chain[0]!;
    appendDssRevision(doc, { certificates: [der], crls: [], ocsps: [] });
    const derived = doc.reader;
    const fresh = PdfReader.open(doc.bytes());
    expect(derived.size).toBe(fresh.size);
    expect(derived.lastXrefOffset).toBe(fresh.lastXrefOffset);
    expect(derived.lastXrefIsStream).toBe(fresh.lastXrefIsStream);
    expect(derived.trailingBytes).toBe(0);
    for (const reader of [derived, fresh]) {
      const dss = reader.resolveDict(reader.catalog().get('DSS'));
      const certs = reader.resolveArray(dss?.get('Certs'));
      expect(certs).toHaveLength(1);
      const stream = reader.getObject((certs[0] as PdfRef).num);
      expect(stream).toBeInstanceOf(PdfStream);
      expect(Buffer.from((stream as PdfStream).data).equals(Buffer.from(der))).toBe(true);
      expect(reader.pageRefs().map((r) => r.num)).toEqual(fresh.pageRefs().map((r) => r.num));
    }
    const root = (r: PdfReader) => [...(r.catalog() as PdfDict).entries.keys()].sort();
    expect(root(derived)).toEqual(root(fresh));
  });
});
