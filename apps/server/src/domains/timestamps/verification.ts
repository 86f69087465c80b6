import { createHash } from 'node:crypto';
import type { VerificationReport, VerifiedSignature, VerifiedToken, Verdict } from '@paraphe/contracts';
import { SigningError, verifyCertificateChain, verifyPdf, verifyTimestampToken, type Der, type RevocationSource, type SignatureReport } from '@paraphe/signing';
import { AppError } from '../../platform/errors.ts';

/**
 * Verification of a file (docs/timestamps.md): a PDF's signatures and document time-stamps through the engine's
 * verifyPdf, or any file against its detached RFC 3161 token. Pure: nothing is read from or written to the database or
 * the storage; the caller gives the trust anchors (the platform CA's roots) and its revocation source.
 */
export interface Trust {
  roots: Der[];
  revocation?: RevocationSource;
}

export interface FileToVerify {
  fileName: string;
  data: Uint8Array;
}

export const isPdf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 1024)).includes('%PDF-');
export const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

const verdictOf = (indication: 'TOTAL_PASSED' | 'TOTAL_FAILED' | 'INDETERMINATE'): Verdict =>
  indication === 'TOTAL_PASSED' ? 'valid' : indication === 'TOTAL_FAILED' ? 'invalid' : 'indeterminate';

function presentSignature(s: SignatureReport): VerifiedSignature {
  const proven = s.timestampTime ?? null;
  const signedAt = proven ?? s.claimedTime ?? null;
  return {
    type: s.type,
    fieldName: s.fieldName,
    signerName: s.signerName ?? null,
    signedAt: signedAt ? signedAt.toISOString() : null,
    timeProven: proven !== null && s.timestampValid !== false,
    level: s.level,
    integrity: s.integrity,
    coversWholeDocument: s.coversWholeDocument,
    modifiedAfterSigning: s.modifiedAfterSigning,
    trustedBy: s.certificateTrusted ? 'platform' : 'unknown',
    revocation: s.revocation,
    verdict: verdictOf(s.indication),
    errors: s.errors,
  };
}

/** A detached token against the file: imprint, token signature, then the TSA's chain at the certified time. */
export function verifyDetachedToken(data: Uint8Array, token: Uint8Array, trust: Trust): VerifiedToken {
  let checked;
  try {
    checked = verifyTimestampToken(token, { data });
  } catch (error) {
    if (error instanceof SigningError) throw new AppError('VALIDATION_FAILED', `The token is not an RFC 3161 time-stamp token (.tsr): ${error.message}`, { fields: [{ field: 'token', rule: 'invalid_value', message: error.message }] });
    throw error;
  }
  const coversFile = !checked.errors.some((e) => e.includes('message imprint'));
  // The token's own checks (signature, message-digest, ESS certificate, TSA usage), the imprint aside.
  const integrity = checked.errors.every((e) => e.includes('message imprint'));
  const errors = [...checked.errors];
  let trusted = false;
  if (checked.tsaCertificate && checked.genTime) {
    const chain = verifyCertificateChain({ certificate: checked.tsaCertificate, candidates: checked.certificates, trustedRoots: trust.roots, at: checked.genTime });
    trusted = chain.trusted;
    if (!trusted) errors.push(...chain.errors);
  }
  return {
    coversFile,
    integrity,
    timestampedAt: checked.genTime?.toISOString() ?? null,
    tsa: checked.tsaSubject ?? null,
    serial: checked.serialNumber ?? null,
    trustedBy: trusted ? 'platform' : 'unknown',
    verdict: !coversFile || !integrity ? 'invalid' : trusted ? 'valid' : 'indeterminate',
    errors,
  };
}

/** The report of a file: with a token, the token against the file; else a PDF's own signatures and time-stamps. */
export async function verifyFile(file: FileToVerify, token: Uint8Array | undefined, trust: Trust): Promise<VerificationReport> {
  const base = { fileName: file.fileName, sizeBytes: file.data.byteLength, sha256: sha256Hex(file.data) };
  if (token) {
    const verified = verifyDetachedToken(file.data, token, trust);
    return { ...base, kind: 'token', verdict: verified.verdict, signatures: [], token: verified, revisions: null, errors: [] };
  }
  if (!isPdf(file.data)) {
    const message = 'This file is not a PDF: send its time-stamp token (.tsr) with it, in a part named "token".';
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'token', rule: 'required', message }] });
  }
  let report;
  try {
    report = await verifyPdf(file.data, { trustedRoots: trust.roots, ...(trust.revocation ? { revocation: trust.revocation } : {}) });
  } catch (error) {
    if (error instanceof SigningError) throw new AppError('VALIDATION_FAILED', `The PDF cannot be read: ${error.message}`, { fields: [{ field: 'file', rule: 'invalid_value', message: error.message }] });
    throw error;
  }
  const signatures = report.signatures.map(presentSignature);
  const verdict: Verdict = signatures.length === 0 ? 'indeterminate' : verdictOf(report.indication);
  return { ...base, kind: 'pdf', verdict, signatures, token: null, revisions: report.revisions, errors: report.errors };
}
