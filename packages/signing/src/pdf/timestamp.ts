import { createHash } from 'node:crypto';
import type { Der, RevocationSource, TimestampAuthority } from '../crypto/types.ts';
import { SigningError } from '../errors.ts';
import type { PdfLimits } from './limits.ts';
import { appendDocumentTimestamp, appendDssRevision, gatherValidationData, signatureCertificates, type DssMaterial } from './ltv.ts';
import { guarded } from './guard.ts';
import { IncrementalPdf } from './update.ts';

export interface TimestampPdfOptions {
  tsa: TimestampAuthority;
  /** Bytes reserved for the token (default 12 KB). */
  placeholderBytes?: number;
  limits?: Partial<PdfLimits>;
}

/** Adds a document time-stamp revision (/Type /DocTimeStamp, /SubFilter /ETSI.RFC3161) as an incremental update. */
export async function timestampPdf(pdf: Uint8Array, options: TimestampPdfOptions): Promise<Uint8Array> {
  return guarded('Time-stamping', async () => {
    if (!options?.tsa) throw new SigningError('TSA_UNAVAILABLE', 'A time-stamping authority is required');
    const doc = new IncrementalPdf(pdf, options.limits);
    await appendDocumentTimestamp(doc, options.tsa, options);
    return doc.bytes();
  });
}

/**
 * Time-stamps any file: returns the RFC 3161 TimeStampToken (the CMS ContentInfo, not a TimeStampResp)
 * over SHA-256 of the bytes. Check it with `openssl ts -verify -data FILE -in TOKEN -token_in -CAfile root.pem`.
 */
export async function timestampFile(bytes: Uint8Array, options: { tsa: TimestampAuthority }): Promise<Der> {
  return guarded('Time-stamping', async () => {
    if (!options?.tsa) throw new SigningError('TSA_UNAVAILABLE', 'A time-stamping authority is required');
    const digest = createHash('sha256').update(bytes).digest();
    return options.tsa.timestamp({ hashAlgorithm: 'SHA-256', digest });
  });
}

export interface AddDssOptions extends Partial<DssMaterial> {
  limits?: Partial<PdfLimits>;
}

/** Adds (or extends) the Document Security Store with certificates, CRLs and OCSP responses, as its own revision. */
export async function addDss(pdf: Uint8Array, options: AddDssOptions): Promise<Uint8Array> {
  return guarded('Adding the DSS', async () => {
    const material = { certificates: options.certificates ?? [], crls: options.crls ?? [], ocsps: options.ocsps ?? [] };
    const doc = new IncrementalPdf(pdf, options.limits);
    appendDssRevision(doc, material);
    return doc.bytes();
  });
}

export interface ArchivePdfOptions {
  tsa: TimestampAuthority;
  /** CRL/OCSP for every certificate of the signatures already in the file. */
  revocation: RevocationSource;
  limits?: Partial<PdfLimits>;
}

/**
 * Brings a signed document to B-LTA once its last signature is in: one revision with the DSS covering every
 * signature and time-stamp already in the file (certificates, CRLs, OCSP responses), then a document time-stamp.
 */
export async function archivePdf(pdf: Uint8Array, options: ArchivePdfOptions): Promise<Uint8Array> {
  return guarded('Archiving', async () => {
    if (!options?.tsa) throw new SigningError('TSA_UNAVAILABLE', 'A time-stamping authority is required');
    const doc = new IncrementalPdf(pdf, options.limits);
    const material = await gatherValidationData(signatureCertificates(doc.reader), options.revocation);
    appendDssRevision(doc, material);
    await appendDocumentTimestamp(doc, options.tsa);
    return doc.bytes();
  });
}
