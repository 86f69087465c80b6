import { createHash } from 'node:crypto';
import type {
  CertificateImporter,
  DeclaringAccount,
  IdentityStatus,
  SubIndication,
  TimeStatus,
  TrustSource,
  VerificationReport,
  VerifiedSignature,
  VerifiedToken,
  Verdict,
} from '@paraphe/contracts';
import {
  SigningError,
  describeCertificate,
  isOrganisationSeal,
  verifyCertificateChain,
  verifyPdf,
  verifyTimestampToken,
  type Der,
  type RevocationSource,
  type SignatureReport,
} from '@paraphe/signing';
import { AppError } from '../../platform/errors.ts';
import type { StampCertificateOrigin } from '../stamps/index.ts';
import { isVerifiedName } from '../tenants/index.ts';

/**
 * Verification of a file (docs/timestamps.md): a PDF's signatures and document time-stamps through the engine's
 * verifyPdf, or any file against its detached RFC 3161 token. Nothing is written; the caller gives the trust anchors (the
 * platform CA's roots), its revocation source and how to find the tenant that imported a stamp certificate.
 *
 * A certificate's names are shown as the signer only when its chain ends at a trusted root (`identity: confirmed`).
 * Otherwise the signature may be intact, but its verdict stays `indeterminate` (NO_CERTIFICATE_CHAIN_FOUND): a
 * self-signed "CN=Banque de France" proves nothing about the Banque de France. When a tenant imported that exact
 * certificate as its stamp, the signature is attributed to that tenant as the platform knows it (`importedBy`), and
 * the certificate's own name is only `declaredName`. A company seal of the platform CA is the account's word for its
 * name until the product administrator verified it (`identity: declared`, see attributionOf).
 */
export interface Trust {
  /** Every anchor: the platform CA's root and the operator's (TRUSTED_ROOTS_FILE). */
  roots: Der[];
  /** The platform CA's root among them: a chain to it is `platform`, to another root `configured`. */
  platformRoot: Der;
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

const sameDer = (a: Der | undefined, b: Der) => a !== undefined && Buffer.from(a).equals(Buffer.from(b));

/** Who vouches for the chain: nobody, the platform CA, or an authority of the operator's (TRUSTED_ROOTS_FILE). */
const trustSourceOf = (s: SignatureReport, trust: Trust): TrustSource =>
  !s.certificateTrusted ? 'unknown' : sameDer(s.trustAnchor, trust.platformRoot) ? 'platform' : 'configured';

/** Whose the signature is, as far as the platform can tell (docs/timestamps.md "Identity"). */
interface Attribution {
  identity: IdentityStatus;
  importedBy: CertificateImporter | null;
  declaredBy: DeclaringAccount | null;
}

/**
 * - A chain to no trusted root: `unconfirmed`, attributed to the tenant that imported that exact certificate, if one did.
 * - A company seal of the platform CA (a built-in stamp account's, a one-time seal): the CA proves which account sealed,
 *   not that the name it typed is its own — `confirmed` only when the tenant holding that certificate had its company
 *   identity verified and the certificate names that verified legal name; otherwise `declared`, headlined by the account.
 * - Any other trusted chain (a person's certificate of the platform CA, an operator's authority): `confirmed`.
 */
async function attributionOf(s: SignatureReport, trust: Trust): Promise<Attribution> {
  const none = { importedBy: null, declaredBy: null };
  const certificate = s.signerCertificate;
  if (s.type !== 'signature' || !certificate) return { identity: s.chain === 'trusted' ? 'confirmed' : 'unconfirmed', ...none };
  if (s.chain !== 'trusted') {
    const origin = await trust.stampCertificate?.(certificate);
    if (!origin) return { identity: 'unconfirmed', ...none };
    const { company, registrationNumber, country, companySource: source } = origin;
    return {
      identity: 'unconfirmed',
      importedBy: { company, registrationNumber, country, source, importedAt: origin.importedAt.toISOString(), issuer: origin.issuer },
      declaredBy: null,
    };
  }
  if (!sameDer(s.trustAnchor, trust.platformRoot) || !isOrganisationSeal(certificate)) return { identity: 'confirmed', ...none };
  const origin = await trust.stampCertificate?.(certificate);
  const name = describeCertificate(certificate).organization;
  if (origin?.source === 'builtin' && isVerifiedName(origin.verifiedLegalName, name)) return { identity: 'confirmed', ...none };
  const declaredBy =
    origin?.source === 'builtin'
      ? { company: origin.company, registrationNumber: origin.registrationNumber, country: origin.country, source: origin.companySource }
      : null;
  return { identity: 'declared', importedBy: null, declaredBy };
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

function presentSignature(s: SignatureReport, attribution: Attribution, trust: Trust): VerifiedSignature {
  const { signedAt, time } = timeOf(s);
  const { identity, importedBy, declaredBy } = attribution;
  return {
    type: s.type,
    fieldName: s.fieldName,
    signerName: identity === 'confirmed' ? (s.signerName ?? null) : null,
    identity,
    declaredName: s.signerName ?? null,
    importedBy,
    declaredBy,
    signedAt: signedAt ? signedAt.toISOString() : null,
    timeProven: time === 'confirmed',
    time,
    level: s.level,
    integrity: s.integrity,
    coversWholeDocument: s.coversWholeDocument,
    modifiedAfterSigning: s.modifiedAfterSigning,
    trustedBy: trustSourceOf(s, trust),
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
    if (error instanceof SigningError)
      throw new AppError('VALIDATION_FAILED', `The token is not an RFC 3161 time-stamp token (.tsr): ${error.message}`, {
        fields: [{ field: 'token', rule: 'invalid_value', message: error.message }],
      });
    throw error;
  }
  const coversFile = !checked.errors.some((e) => e.includes('message imprint'));
  // The token's own checks (signature, message-digest, ESS certificate, TSA usage), the imprint aside.
  const integrity = checked.errors.every((e) => e.includes('message imprint'));
  const errors = [...checked.errors];
  let trusted = false;
  let anchored = false;
  let byPlatform = false;
  if (checked.tsaCertificate && checked.genTime) {
    const chain = verifyCertificateChain({
      certificate: checked.tsaCertificate,
      candidates: checked.certificates,
      trustedRoots: trust.roots,
      at: checked.genTime,
    });
    trusted = chain.trusted;
    anchored = chain.anchored;
    byPlatform = sameDer(chain.path[chain.path.length - 1], trust.platformRoot);
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
    trustedBy: !trusted ? 'unknown' : byPlatform ? 'platform' : 'configured',
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
    if (error instanceof SigningError)
      throw new AppError('VALIDATION_FAILED', `The PDF cannot be read: ${error.message}`, {
        fields: [{ field: 'file', rule: 'invalid_value', message: error.message }],
      });
    throw error;
  }
  // One look-up per distinct certificate, one at a time: a file may repeat a certificate in many signatures.
  const lookUp = onePerCertificate(trust);
  const signatures: VerifiedSignature[] = [];
  for (const s of report.signatures) signatures.push(presentSignature(s, await attributionOf(s, lookUp), trust));
  // The file's verdict is the engine's: an imported certificate does not make a signature valid, it only names who imported it.
  return { ...base, kind: 'pdf', verdict: verdictOf(report.indication), signatures, token: null, revisions: report.revisions, errors: report.errors };
}
