import { X509Certificate } from 'node:crypto';
import { describeCertificate, maxPkcs12Iterations, SigningError, type CertificateDescription, type SignerIdentity } from '@paraphe/signing';
import { AppError } from '../../platform/errors.ts';
import { openPkcs12, WorkerTaskTimeout, type WorkerPool } from '../../platform/workers/pool.ts';

/**
 * Checks of an imported PKCS#12 (docs/stamps.md): each refusal is a 400 VALIDATION_FAILED with a field error whose
 * `rule` is the reason (`pkcs12_wrong_password`, `pkcs12_no_private_key`, `pkcs12_key_mismatch`,
 * `certificate_expired`, `certificate_not_yet_valid`, `certificate_key_usage`, `certificate_chain_invalid`,
 * `pkcs12_unreadable`, `pkcs12_too_many_iterations`, `pkcs12_too_slow`) and a sentence saying what to do. The file is
 * opened on a worker thread (its key derivation costs up to maxPkcs12Iterations hashes, seconds of CPU): the event
 * loop keeps answering every other request meanwhile. A chain that stops before a root is accepted with a warning:
 * many providers' files hold the signer and its issuer only, and readers complete the chain from their own store.
 */
export interface CheckedIdentity {
  identity: SignerIdentity;
  description: CertificateDescription;
  warnings: string[];
}

const refuse = (field: 'file' | 'password', rule: string, message: string, cause?: unknown) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field, rule, message }], details: { reason: rule }, cause });

const pkcs12Refusals: Record<string, { field: 'file' | 'password'; rule: string; message: string }> = {
  WRONG_PASSWORD: { field: 'password', rule: 'pkcs12_wrong_password', message: 'The password does not open this PKCS#12 file.' },
  NO_PRIVATE_KEY: {
    field: 'file',
    rule: 'pkcs12_no_private_key',
    message: 'This PKCS#12 file holds no private key: export the certificate with its private key.',
  },
  KEY_MISMATCH: { field: 'file', rule: 'pkcs12_key_mismatch', message: 'The private key in this file does not match its certificate.' },
  TOO_MANY_ITERATIONS: {
    field: 'file',
    rule: 'pkcs12_too_many_iterations',
    message: `This PKCS#12 file asks for more than ${maxPkcs12Iterations.toLocaleString('en')} key-derivation iterations: export it again with the usual settings (e.g. OpenSSL's default, 2,048).`,
  },
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Reads (on a worker thread) and checks a PKCS#12 for sealing at `now`. */
export async function checkPkcs12(workers: WorkerPool, bytes: Uint8Array, password: string, now: Date): Promise<CheckedIdentity> {
  let identity: SignerIdentity;
  try {
    identity = await openPkcs12(workers, bytes, password);
  } catch (error) {
    if (error instanceof WorkerTaskTimeout) {
      throw refuse(
        'file',
        'pkcs12_too_slow',
        `Opening this PKCS#12 file took more than ${error.limitSeconds} s: it was refused. Export it again with the usual settings.`,
        error,
      );
    }
    if (error instanceof AppError) throw error; // the server is busy (503), or the file needed too much memory (400)
    const reason = error instanceof SigningError ? (error.details as { reason?: string } | undefined)?.reason : undefined;
    const known = reason ? pkcs12Refusals[reason] : undefined;
    if (known) throw refuse(known.field, known.rule, known.message, error);
    throw refuse('file', 'pkcs12_unreadable', 'This file is not a PKCS#12 (.p12 / .pfx) certificate file that can be read.', error);
  }
  return checkIdentity(identity, now);
}

/** Validity, key usage and chain of an identity about to become a stamp account. */
export function checkIdentity(identity: SignerIdentity, now: Date): CheckedIdentity {
  const description = describeCertificate(identity.certificate);
  if (description.notAfter.getTime() <= now.getTime()) {
    throw refuse('file', 'certificate_expired', `This certificate expired on ${day(description.notAfter)}: import a valid one.`);
  }
  if (description.notBefore.getTime() > now.getTime()) {
    throw refuse('file', 'certificate_not_yet_valid', `This certificate is only valid from ${day(description.notBefore)}.`);
  }
  const usage = description.keyUsage;
  if (usage && !usage.includes('digitalSignature') && !usage.includes('nonRepudiation')) {
    throw refuse(
      'file',
      'certificate_key_usage',
      `This certificate is not for signatures (key usage: ${usage.join(', ') || 'none'}): it needs digitalSignature or nonRepudiation.`,
    );
  }
  return { identity, description, warnings: chainWarnings(identity, now) };
}

/** The chain the file carries, leaf first: each link signed by the next, none expired; a missing root is a warning. */
function chainWarnings(identity: SignerIdentity, now: Date): string[] {
  const path = [identity.certificate, ...identity.chain].map((der) => new X509Certificate(der));
  for (let i = 0; i + 1 < path.length; i++) {
    if (!path[i]!.verify(path[i + 1]!.publicKey)) {
      throw refuse(
        'file',
        'certificate_chain_invalid',
        `The certificate chain in the file is broken: "${path[i + 1]!.subject.replace(/\n/g, ', ')}" did not sign "${path[i]!.subject.replace(/\n/g, ', ')}".`,
      );
    }
    if (new Date(path[i + 1]!.validTo).getTime() <= now.getTime()) {
      throw refuse('file', 'certificate_chain_invalid', `An issuer of this certificate has expired ("${path[i + 1]!.subject.replace(/\n/g, ', ')}").`);
    }
  }
  const top = path.at(-1)!;
  const selfSigned = top.issuer === top.subject && top.verify(top.publicKey);
  return selfSigned ? [] : ['The file does not include the certificate chain up to a root: PDF readers must know the issuer to show the seal as trusted.'];
}
