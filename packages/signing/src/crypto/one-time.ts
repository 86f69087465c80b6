/**
 * One-time identities: a certificate whose private key exists only for the signature it makes. The key is
 * generated in memory, never serialised, and dropped by destroy() right after signing; the certificate (and
 * its chain) stays, embedded in the signed PDF. Because nobody holds the key afterwards, the certificate can be
 * valid for years (so that viewers that check validity at the current time keep showing it as valid) without
 * the risk a long-lived key would carry. See docs/crypto.md, "Validity and one-time keys".
 */
import type { KeyObject } from 'node:crypto';
import { SigningError } from '../errors.ts';
import type { Der, SignerIdentity } from './types.ts';

export interface OneTimeIdentity extends SignerIdentity {
  /** The key, until destroy(); reading it afterwards throws SigningError CERTIFICATE_INVALID. */
  readonly privateKey: KeyObject;
  readonly destroyed: boolean;
  /**
   * Drops the private key (idempotent). JavaScript cannot wipe memory: the identity stops referencing the
   * KeyObject, so nothing reachable holds it any more and OpenSSL frees (and clears) it when the garbage
   * collector releases it. Never call sealIdentity() on a one-time identity.
   */
  destroy(): void;
  /** Same as destroy(), for `using identity = await ca.issueOneTime…()`. */
  [Symbol.dispose](): void;
}

/** Wraps a freshly issued identity so that its key can be destroyed. */
export function oneTimeIdentity(identity: SignerIdentity): OneTimeIdentity {
  let key: KeyObject | undefined = identity.privateKey;
  const certificate: Der = identity.certificate;
  const chain: Der[] = [...identity.chain];
  const destroy = (): void => {
    key = undefined;
  };
  return {
    certificate,
    chain,
    get privateKey(): KeyObject {
      if (!key) {
        throw new SigningError('CERTIFICATE_INVALID', 'the one-time key of this certificate was destroyed after its signature: issue a new certificate', {
          reason: 'ONE_TIME_KEY_DESTROYED',
        });
      }
      return key;
    },
    get destroyed(): boolean {
      return key === undefined;
    },
    destroy,
    [Symbol.dispose]: destroy,
  };
}

/**
 * Issues (or takes) a one-time identity, lets `use` sign with it, and destroys its key whatever happens:
 *
 *   pdf = await withOneTimeIdentity(ca.issueOneTimeSealCertificate({ … }), (signer) => signPdf(pdf, { signer, … }));
 *
 * Use it for ONE signature: poppler (Evince, Okular, pdfsig) reports "Unknown issue with Certificate" for every
 * signature of a file after the first made with the same certificate.
 */
export async function withOneTimeIdentity<T>(
  identity: OneTimeIdentity | Promise<OneTimeIdentity>,
  use: (identity: OneTimeIdentity) => T | Promise<T>,
): Promise<T> {
  const opened = await identity;
  try {
    return await use(opened);
  } finally {
    opened.destroy();
  }
}
