import { createHash } from 'node:crypto';
import type { CertificateImporter, SubIndication, TimeStatus, VerificationReport, VerifiedSignature, VerifiedToken, Verdict } from '@paraphe/contracts';
import { SigningError, verifyCertificateChain, verifyPdf, verifyTimestampToken, type Der, type RevocationSource, type SignatureReport } from '@paraphe/signing';
import { AppError } from '../../platform/errors.ts';
import type { StampCertificateOrigin } from '../stamps/index.ts';

/**
 * Verification of a file (docs/timestamps.md): a PDF's signatures and document time-stamps through the engine's
 * verifyPdf, or any file against its detached RFC 3161 token. Nothing is written; the caller gives the trust anchors (the
 * platform CA's roots), its revocation source and how to find the tenant that imported a stamp certificate.
 *
 * A certificate's names are shown as the signer only when its chain ends at a trusted root (`identity: confirmed`).
 * Otherwise the signature may be intact, but its verdict stays `indeterminate` (NO_CERTIFICATE_CHAIN_FOUND): a
 * self-signed "CN=Banque de France" proves nothing about the Banque de France. When a tenant imported that exact
 * certificate as its stamp, the signature is attributed to that tenant as the platform knows it (`importedBy`), and
 * the certificate's own name is only `declaredName`.
 */
export interface Trust {
  roots: Der[];
  revocation?: RevocationSource;
  /** The tenant that imported exactly this signing certificate as its stamp (by fingerprint); null otherwise. */
  stampCertificate?: (certificate: Der) => Promise<StampCertificateOrigin | null>;
}


export interface FileToVerify {
  fileName: string;
  data: Uint8Array;
}

export const isPdf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 1024)).includes('%PDF-');
export const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

const verdictOf = (indication: 'TOTAL_PASSED' | 'TOTAL_FAILED' | 'INDETERMINATE'): Verdict =>
  indication === 'TOTAL_PASSED' ? 'valid' : indication === 'TOTAL_FAILED' ? 'invalid' : 'indeterminate';

/** The tenant that imported an unconfirmed signing certificate, when one did; the verdict is left as the engine's. */
async function importerOf(s: SignatureReport, trust: Trust): Promise<CertificateImporter | null> {
  if (s.type !== 'signature' || s.chain === 'trusted' || !s.signerCertificate || !trust.stampCertificate) return null;
  const origin = await trust.stampCertificate(s.signerCertificate);
  if (!origin) return null;
  return {
    company: origin.company,
    registrationNumber: origin.registrationNumber,
    country: origin.country,
    source: origin.companySource,
    importedAt: origin.importedAt.toISOString(),
    issuer: origin.issuer,
  };
}

function onePerCertificate(trust: Trust): Trust {
  const find = trust.stampCertificate;
  if (!find) return trust;
  const seen = new Map<string, Promise<StampCertificateOrigin | null>>();
  return {
    ...trust,
    stampCertificate: (certificate) => {
      const key = sha256Hex(certificate);
      let found = seen.get(key);
      if (!found) seen.set(key, (found = find(certificate)));
      return found;
    },
  };
}

function timeOf(s: SignatureReport): { signedAt: Date | null; time: TimeStatus } {
  if (s.timestampTime && s.timestampIntegrity) return { signedAt: s.timestampTime, time: s.timestampValid ? 'confirmed' : 'unconfirmed' };
  return { signedAt: s.claimedTime ?? null, time: 'claimed' };
}

function presentSignature(s: SignatureReport, importedBy: CertificateImporter | null): VerifiedSignature {
  const { signedAt, time } = timeOf(s);
  const confirmed = s.chain === 'trusted';
  return {
    type: s.type,
    fieldName: s.fieldName,
    signerName: confirmed ? (s.signerName ?? null) : null,
    identity: confirmed ? 'confirmed' : 'unconfirmed',
    declaredName: s.signerName ?? null,
    importedBy,
    signedAt: signedAt ? signedAt.toISOString() : null,
    timeProven: time === 'confirmed',
    time,
    level: s.level,
    integrity: s.integrity,
    coversWholeDocument: s.coversWholeDocument,
    modifiedAfterSigning: s.modifiedAfterSigning,
    trustedBy: s.certificateTrusted ? 'platform' : 'unknown',
    revocation: s.revocation,
    verdict: verdictOf(s.indication),
    subIndication: s.subIndication ?? null,
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
  let anchored = false;
  if (checked.tsaCertificate && checked.genTime) {
    const chain = verifyCertificateChain({ certificate: checked.tsaCertificate, candidates: checked.certificates, trustedRoots: trust.roots, at: checked.genTime });
    trusted = chain.trusted;
    anchored = chain.anchored;
    if (!trusted) errors.push(...chain.errors);
  }
  const valid = coversFile && integrity;
  // A sound token from an authority nobody we trust: the time is what that authority says, not confirmed.
  const subIndication: SubIndication | null = !valid
    ? 'HASH_FAILURE'
    : trusted
      ? null
      : !checked.tsaCertificate
        ? 'NO_SIGNING_CERTIFICATE_FOUND'
        : anchored
          ? 'CERTIFICATE_CHAIN_GENERAL_FAILURE'
          : 'NO_CERTIFICATE_CHAIN_FOUND';
  return {
    coversFile,
    integrity,
    timestampedAt: checked.genTime?.toISOString() ?? null,
    tsa: checked.tsaSubject ?? null,
    identity: trusted ? 'confirmed' : 'unconfirmed',
    time: valid ? (trusted ? 'confirmed' : 'unconfirmed') : 'claimed',
    serial: checked.serialNumber ?? null,
    trustedBy: trusted ? 'platform' : 'unknown',
    verdict: !valid ? 'invalid' : trusted ? 'valid' : 'indeterminate',
    subIndication,
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
  // One look-up per distinct certificate, one at a time: a file may repeat a certificate in many signatures.
  const lookUp = onePerCertificate(trust);
  const signatures: VerifiedSignature[] = [];
  for (const s of report.signatures) signatures.push(presentSignature(s, await importerOf(s, lookUp)));
  // The file's verdict is the engine's: an imported certificate does not make a signature valid, it only names who imported it.
  return { ...base, kind: 'pdf', verdict: verdictOf(report.indication), signatures, token: null, revisions: report.revisions, errors: report.errors };
}
