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

/**
 * SHA-256 of a DER object, remembered per object: cached revocation data and the signer's chain are the same
 * objects at every signature (DER values are never changed in place).
 */
const fingerprints = new WeakMap<Uint8Array, string>();
function fingerprint(der: Uint8Array): string {
  let fp = fingerprints.get(der);
  if (fp === undefined) fingerprints.set(der, (fp = createHash('sha256').update(der).digest('hex')));
  return fp;
}

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

/**
 * What is known of a certificate, by fingerprint: parsed once, and the issuers whose key verified its signature.
 * The same chain (the signer's issuing CA, the TSA's) comes back at every signature: parsing it and verifying its
 * signatures again was most of a cached B-LTA signature's cost after the RSA operations. Bounded, then dropped.
 */
const knownCertificates = new Map<string, { parsed: X509Certificate; issuers: Map<string, boolean> }>();
const KNOWN_CERTIFICATES_MAX = 512;

function known(fp: string, der: Der): { parsed: X509Certificate; issuers: Map<string, boolean> } {
  let entry = knownCertificates.get(fp);
  if (!entry) {
    let parsed: X509Certificate;
    try {
      parsed = new X509Certificate(der);
    } catch (cause) {
      throw new SigningError('CERTIFICATE_INVALID', 'A certificate of the chain cannot be read', undefined, { cause });
    }
    if (knownCertificates.size >= KNOWN_CERTIFICATES_MAX) knownCertificates.clear();
    knownCertificates.set(fp, (entry = { parsed, issuers: new Map() }));
  }
  return entry;
}

/** Orders certificates so each one's issuer can be found, and asks the revocation source about every non-root. */
export async function gatherValidationData(certificates: Der[], revocation: RevocationSource): Promise<DssMaterial> {
  const unique = new Map<string, Der>();
  for (const c of certificates) unique.set(fingerprint(c), c);
  const fps = [...unique.keys()];
  const certs = [...unique.values()];
  const entries = fps.map((fp, i) => known(fp, certs[i]!));
  const issued = (i: number, j: number): boolean => {
    const { parsed, issuers } = entries[i]!;
    let ok = issuers.get(fps[j]!);
    if (ok === undefined) {
      const issuer = entries[j]!.parsed;
      ok = parsed.checkIssued(issuer) && parsed.verify(issuer.publicKey);
      issuers.set(fps[j]!, ok);
    }
    return ok;
  };
  const crls = new Map<string, Der>();
  const ocsps = new Map<string, Der>();
  await Promise.all(
    entries.map(async ({ parsed: cert }, i) => {
      if (cert.issuer === cert.subject && cert.checkIssued(cert)) return; // trust anchor: no revocation data
      const issuerIndex = entries.findIndex((_, j) => j !== i && issued(i, j));
      if (issuerIndex < 0) return;
      const data = await revocation.revocationFor(certs[i]!, certs[issuerIndex]!);
      for (const crl of data.crls) crls.set(fingerprint(crl), crl);
      for (const ocsp of data.ocsps) ocsps.set(fingerprint(ocsp), ocsp);
    }),
  );
  return { certificates: certs, crls: [...crls.values()], ocsps: [...ocsps.values()] };
}
