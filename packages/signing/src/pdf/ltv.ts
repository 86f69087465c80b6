import { X509Certificate, createHash } from 'node:crypto';
import { SigningError } from '../errors.ts';
import type { Der, RevocationSource, TimestampAuthority } from '../crypto/types.ts';
import { addSignatureField, listFields, uniqueFieldName } from './fields.ts';
import { extractCmsCertificates } from './cms-certificates.ts';
import { PdfDict, PdfRef, PdfStream, PdfString, name } from './objects.ts';
import type { PdfReader } from './reader.ts';
import { appendSignedRevision, openRevision, placeholderEntries, type SignedRevision } from './placeholder.ts';
import type { IncrementalPdf, PdfUpdate } from './update.ts';

export interface DssMaterial {
  certificates: Der[];
  crls: Der[];
  ocsps: Der[];
}

const fingerprint = (der: Uint8Array) => createHash('sha256').update(der).digest('hex');

function existingFingerprints(update: PdfUpdate, list: PdfRef[]): Set<string> {
  const out = new Set<string>();
  for (const ref of list) {
    const s = update.get(ref);
    if (s instanceof PdfStream && !s.dict.has('Filter')) out.add(fingerprint(s.data));
  }
  return out;
}

/** Appends a revision whose catalog /DSS holds the given certificates and revocation data (merged with any existing DSS). */
export function appendDssRevision(doc: IncrementalPdf, material: DssMaterial): void {
  const update = openRevision(doc);
  const rootRef = update.reader.rootRef;
  const catalog = update.edit(rootRef);
  const dssValue = catalog.get('DSS');
  const oldDss = update.resolveDict(dssValue);
  const dss = oldDss ? oldDss.clone() : new PdfDict([['Type', name('DSS')]]);
  for (const [key, items] of [
    ['Certs', material.certificates],
    ['CRLs', material.crls],
    ['OCSPs', material.ocsps],
  ] as const) {
    const current = update.reader.resolveArray(dss.get(key)).filter((r): r is PdfRef => r instanceof PdfRef);
    const seen = existingFingerprints(update, current);
    const refs = [...current];
    for (const der of items) {
      const fp = fingerprint(der);
      if (seen.has(fp)) continue;
      seen.add(fp);
      refs.push(update.add(new PdfStream(new PdfDict(), der)));
    }
    if (refs.length > 0) dss.set(key, refs);
  }
  if (dssValue instanceof PdfRef) update.set(dssValue, dss);
  else catalog.set('DSS', dss);
  const built = update.build(doc.length, doc.lastByte);
  doc.append(built.bytes, update.readerAfter(built));
}

/** Certificates carried by every signature and time-stamp already in the document (for a DSS that covers them all). */
export function signatureCertificates(reader: PdfReader): Der[] {
  const out: Der[] = [];
  for (const field of listFields(reader)) {
    const contents = reader.resolveDict(field.value ?? undefined)?.get('Contents');
    if (!field.isSignature || !(contents instanceof PdfString)) continue;
    try {
      const found = extractCmsCertificates(contents.bytes);
      out.push(...found.certificates, ...found.timestampCertificates);
    } catch {
      continue; // a foreign or broken CMS: nothing to add for it
    }
  }
  return out;
}

function firstPageRef(update: PdfUpdate): PdfRef {
  return update.reader.pageRefs()[0]!;
}

export const DOCUMENT_TIMESTAMP_PLACEHOLDER = 12 * 1024;

/** Appends a document time-stamp revision (/Type /DocTimeStamp, /SubFilter /ETSI.RFC3161) in a new invisible field. */
export async function appendDocumentTimestamp(
  doc: IncrementalPdf,
  tsa: TimestampAuthority,
  options: { placeholderBytes?: number } = {},
): Promise<SignedRevision> {
  const update = openRevision(doc);
  const taken = new Set(listFields(update.reader).map((f) => f.name));
  const sigRef = update.allocate();
  const fieldRef = addSignatureField(update, { name: uniqueFieldName('timestamp', taken, true), pageRef: firstPageRef(update), rect: [0, 0, 0, 0] });
  update.edit(fieldRef).set('V', sigRef);
  update.set(
    sigRef,
    new PdfDict([
      ['Type', name('DocTimeStamp')],
      ['Filter', name('Adobe.PPKLite')],
      ['SubFilter', name('ETSI.RFC3161')],
      ...placeholderEntries(options.placeholderBytes ?? DOCUMENT_TIMESTAMP_PLACEHOLDER),
    ]),
  );
  return appendSignedRevision(doc, update, sigRef, (digest) => tsa.timestamp({ hashAlgorithm: 'SHA-256', digest }));
}

/** Orders certificates so each one's issuer can be found, and asks the revocation source about every non-root. */
export async function gatherValidationData(certificates: Der[], revocation: RevocationSource): Promise<DssMaterial> {
  const unique = new Map<string, Der>();
  for (const c of certificates) unique.set(fingerprint(c), c);
  const certs = [...unique.values()];
  const parsed = certs.map((der) => {
    try {
      return new X509Certificate(der);
    } catch (cause) {
      throw new SigningError('CERTIFICATE_INVALID', 'A certificate of the chain cannot be read', undefined, { cause });
    }
  });
  const crls = new Map<string, Der>();
  const ocsps = new Map<string, Der>();
  await Promise.all(
    parsed.map(async (cert, i) => {
      if (cert.issuer === cert.subject && cert.checkIssued(cert)) return; // trust anchor: no revocation data
      const issuerIndex = parsed.findIndex((other, j) => j !== i && cert.checkIssued(other) && cert.verify(other.publicKey));
      if (issuerIndex < 0) return;
      const data = await revocation.revocationFor(certs[i]!, certs[issuerIndex]!);
      for (const crl of data.crls) crls.set(fingerprint(crl), crl);
      for (const ocsp of data.ocsps) ocsps.set(fingerprint(ocsp), ocsp);
    }),
  );
  return { certificates: certs, crls: [...crls.values()], ocsps: [...ocsps.values()] };
}
