import { createHash } from 'node:crypto';
import type { VerificationReport, VerifiedSignature, VerifiedToken, Verdict } from '@paraphe/contracts';
import { SigningError, verifyCertificateChain, verifyPdf, verifyTimestampToken, type Der, type RevocationSource, type SignatureReport } from '@paraphe/signing';
import { AppError } from '../../platform/errors.ts';

/**
 * Verification of a file (docs/timestamps.md): a PDF's signatures and document time-stamps through the engine's
 * verifyPdf, or any file against its detached RFC 3161 token. Nothing is written; the caller gives the trust anchors (the
 * platform CA's roots), its revocation source and how to recognise a tenant's imported stamp certificate.
 */
export interface Trust {
  roots: Der[];
  revocation?: RevocationSource;
  /** A signing certificate a tenant imported as its stamp, recognised exactly (by fingerprint); null otherwise. */
  stampCertificate?: (certificate: Der) => Promise<{ company: string; importedAt: Date; issuer: string } | null>;
}

export interface FileToVerify {
  fileName: string;
  data: Uint8Array;
}

export const isPdf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 1024)).includes('%PDF-');
export const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

const verdictOf = (indication: 'TOTAL_PASSED' | 'TOTAL_FAILED' | 'INDETERMINATE'): Verdict =>
  indication === 'TOTAL_PASSED' ? 'valid' : indication === 'TOTAL_FAILED' ? 'invalid' : 'indeterminate';

/** Errors the engine gives for a chain that does not end at our roots: what a recognised tenant stamp answers. */
const isChainTrustError = (error: string) => error.startsWith('signer certificate:');

/**
 * A signature whose chain is not the platform's, made with exactly a certificate a tenant imported as its stamp:
 * trusted as that tenant's seal. Its verdict is then the engine's without the chain-trust errors — integrity, changes
 * after signing, revocation and time-stamp problems still count. Any other certificate stays `unknown`: a self-made
 * chain is never trusted because of its names.
 */
async function recognise(s: SignatureReport, presented: VerifiedSignature, trust: Trust): Promise<VerifiedSignature> {
  if (s.type !== 'signature' || s.certificateTrusted || !s.signerCertificate || !trust.stampCertificate) return presented;
  const origin = await trust.stampCertificate(s.signerCertificate);
  if (!origin) return presented;
  const errors = s.errors.filter((e) => !isChainTrustError(e));
  const sound = s.integrity && !s.modifiedAfterSigning && s.revocation !== 'revoked' && s.timestampValid !== false && errors.length === 0;
  return {
    ...presented,
    trustedBy: 'tenant-stamp',
    stampCertificate: { company: origin.company, importedAt: origin.importedAt.toISOString(), issuer: origin.issuer },
    verdict: sound ? 'valid' : presented.verdict,
    errors,
  };
}

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
    stampCertificate: null,
    revocation: s.revocation,
    verdict: verdictOf(s.indication),
    errors: s.errors,
  };
}

const worstOf = (verdicts: Verdict[]): Verdict => (verdicts.includes('invalid') ? 'invalid' : verdicts.includes('indeterminate') ? 'indeterminate' : 'valid');

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
  const signatures = await Promise.all(report.signatures.map((s) => recognise(s, presentSignature(s), trust)));
  const recognised = signatures.some((s) => s.trustedBy === 'tenant-stamp');
  // With a recognised tenant stamp, the file's verdict is its signatures' (the engine's counted the chain as unknown).
  const verdict: Verdict =
    signatures.length === 0 ? 'indeterminate' : recognised ? worstOf(signatures.map((s) => s.verdict)) : verdictOf(report.indication);
  return { ...base, kind: 'pdf', verdict, signatures, token: null, revisions: report.revisions, errors: report.errors };
}
