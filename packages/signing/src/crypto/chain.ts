/**
 * Certificate path building and checking at a given time, with CRL/OCSP revocation when supplied.
 * Deliberately simple (no policy or name constraints processing): our own PKI and typical signing chains
 * are short, and the EU DSS validator is the reference for the fine points.
 */
import { verifyWithAlgorithm } from './algorithms.ts';
import { parseCrl, type ParsedCrl } from './crl.ts';
import { children, parseDer, readBoolean } from './der.ts';
import { guard } from './guard.ts';
import { certIdMatchesIssuer, parseOcspResponse, type ParsedOcspResponse } from './ocsp.ts';
import { OID } from './oids.ts';
import { bytesEqual, commonNameOf, extendedKeyUsage, nameToString, parseCertificate, publicKeyOf, toHex, type ParsedCertificate } from './x509.ts';
import type { ChainVerification, Der, RevocationData } from './types.ts';
import { digest } from './algorithms.ts';

export interface ChainRequest {
  certificate: Der;
  candidates: Der[];
  trustedRoots: Der[];
  at: Date;
  revocation?: RevocationData;
}

const MAX_PATH = 8;

export function verifyCertificateChain(request: ChainRequest): ChainVerification {
  const leaf = guard('CERTIFICATE_INVALID', 'malformed certificate', () => parseCertificate(request.certificate));
  const errors: string[] = [];
  const roots = parseAll(request.trustedRoots, errors, 'trusted root');
  const candidates = parseAll(request.candidates, errors, 'candidate');
  let problems = 0;
  const fail = (message: string): void => {
    errors.push(message);
    problems++;
  };
  const trustedPath = buildPath(leaf, roots, candidates, 0, { steps: 0 });
  const trusted = trustedPath !== undefined;
  const path = trustedPath ?? partialPath(leaf, [...roots, ...candidates]);
  if (!trusted) {
    const top = path[path.length - 1]!;
    fail(isIssuer(top, top) ? `"${label(top)}" is self-signed but not trusted` : `no trusted issuer found for "${label(top)}"`);
  }
  path.forEach((certificate, index) => {
    if (request.at < certificate.notBefore) fail(`"${label(certificate)}" is not valid before ${certificate.notBefore.toISOString()}`);
    if (request.at > certificate.notAfter) fail(`"${label(certificate)}" expired on ${certificate.notAfter.toISOString()}`);
    if (index > 0 && !isCa(certificate)) fail(`"${label(certificate)}" is not a CA certificate`);
  });
  let revoked = false;
  if (request.revocation) {
    const material = parseRevocation(request.revocation, errors);
    for (let index = 0; index + 1 < path.length; index++) {
      const status = revocationStatus(path[index]!, path[index + 1]!, material, request.at);
      if (status.revokedAt && status.revokedAt <= request.at) {
        revoked = true;
        fail(`"${label(path[index]!)}" was revoked on ${status.revokedAt.toISOString()}`);
      } else if (status.revokedAt) {
        errors.push(`"${label(path[index]!)}" was revoked after the validation time, on ${status.revokedAt.toISOString()}`);
      } else if (!status.checked) {
        errors.push(`no revocation data for "${label(path[index]!)}"`);
      }
    }
  }
  return { trusted: trusted && problems === 0, anchored: trusted, path: path.map((certificate) => certificate.der), revoked, errors };
}

/** Bounds the work a hostile certificate bag can cause (many look-alike issuers at every level). */
const MAX_PATH_STEPS = 64;

/** Depth-first: a look-alike issuer (same name, bad signature higher up) must not hide the genuine one. */
function buildPath(
  current: ParsedCertificate,
  roots: ParsedCertificate[],
  candidates: ParsedCertificate[],
  depth: number,
  budget: { steps: number },
): ParsedCertificate[] | undefined {
  if (roots.some((root) => bytesEqual(root.der, current.der))) return [current];
  if (depth >= MAX_PATH || ++budget.steps > MAX_PATH_STEPS) return undefined;
  for (const issuer of [...roots, ...candidates]) {
    if (bytesEqual(issuer.der, current.der) || !isIssuer(issuer, current)) continue;
    const rest = buildPath(issuer, roots, candidates, depth + 1, budget);
    if (rest) return [current, ...rest];
  }
  return undefined;
}

/** For the report when no trusted path exists: follow the first issuer found, as far as it goes. */
function partialPath(leaf: ParsedCertificate, pool: ParsedCertificate[]): ParsedCertificate[] {
  const path = [leaf];
  for (let current = leaf; path.length < MAX_PATH;) {
    const issuer = pool.find((candidate) => !path.some((seen) => bytesEqual(seen.der, candidate.der)) && isIssuer(candidate, current));
    if (!issuer) break;
    path.push(issuer);
    current = issuer;
  }
  return path;
}

const label = (certificate: ParsedCertificate): string => commonNameOf(certificate.subjectAttributes) ?? nameToString(certificate.subjectAttributes);

function parseAll(list: Der[], errors: string[], what: string): ParsedCertificate[] {
  const out: ParsedCertificate[] = [];
  for (const der of list) {
    try {
      out.push(parseCertificate(der));
    } catch {
      errors.push(`ignored a malformed ${what} certificate`);
    }
  }
  return out;
}

function signedBy(
  subject: { tbs: Uint8Array; signatureAlgorithm: ParsedCertificate['signatureAlgorithm']; signature: Uint8Array },
  issuer: ParsedCertificate,
): boolean {
  try {
    return verifyWithAlgorithm(subject.signatureAlgorithm, subject.tbs, subject.signature, publicKeyOf(issuer));
  } catch {
    return false;
  }
}

function isIssuer(candidate: ParsedCertificate, certificate: ParsedCertificate): boolean {
  return bytesEqual(candidate.subject, certificate.issuer) && signedBy(certificate, candidate);
}

function isCa(certificate: ParsedCertificate): boolean {
  const constraints = certificate.extensions.get(OID.basicConstraints);
  if (!constraints) return false;
  try {
    const [cA] = children(parseDer(constraints.value));
    return cA?.tag === 0x01 && readBoolean(cA);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- revocation

interface RevocationMaterial {
  crls: ParsedCrl[];
  ocsps: ParsedOcspResponse[];
}

function parseRevocation(data: RevocationData, errors: string[]): RevocationMaterial {
  const material: RevocationMaterial = { crls: [], ocsps: [] };
  for (const der of data.crls) {
    try {
      material.crls.push(parseCrl(der));
    } catch {
      errors.push('ignored a malformed CRL');
    }
  }
  for (const der of data.ocsps) {
    try {
      material.ocsps.push(parseOcspResponse(der));
    } catch {
      errors.push('ignored a malformed or unsuccessful OCSP response');
    }
  }
  return material;
}

interface RevocationStatus {
  checked: boolean;
  revokedAt?: Date;
}

function revocationStatus(certificate: ParsedCertificate, issuer: ParsedCertificate, material: RevocationMaterial, at: Date): RevocationStatus {
  const serial = toHex(certificate.serial);
  for (const response of material.ocsps) {
    const single = response.responses.find((entry) => toHex(entry.certId.serial) === serial && certIdMatchesIssuer(entry.certId, issuer));
    if (!single || !ocspSignedFor(response, issuer, at)) continue;
    if (single.certStatus.status === 'revoked') return { checked: true, revokedAt: single.certStatus.revokedAt };
    if (single.certStatus.status === 'good') return { checked: true };
  }
  for (const crl of material.crls) {
    if (!bytesEqual(crl.issuer, issuer.subject) || !signedBy(crl, issuer)) continue;
    const entry = crl.revoked.get(serial);
    return entry ? { checked: true, revokedAt: entry.revokedAt } : { checked: true };
  }
  return { checked: false };
}

/** Signed by the issuer itself, or by a responder certificate the issuer delegated OCSP signing to (RFC 6960 §4.2.2.2). */
function ocspSignedFor(response: ParsedOcspResponse, issuer: ParsedCertificate, at: Date): boolean {
  if (signedBy(response, issuer)) return true;
  return response.certificates.some((der) => {
    try {
      const responder = parseCertificate(der);
      const usage = extendedKeyUsage(responder);
      return (
        usage?.usages.includes(OID.ekuOcspSigning) === true &&
        isIssuer(issuer, responder) &&
        at >= responder.notBefore &&
        signedBy(response, responder) &&
        (!response.responderKeyHash || bytesEqual(response.responderKeyHash, digest('sha1', responder.publicKeyBits)))
      );
    } catch {
      return false;
    }
  });
}
