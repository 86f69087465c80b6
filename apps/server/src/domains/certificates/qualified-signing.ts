import type { ExternalSignerIdentity } from '@paraphe/signing';
import { qualifiedCertificateRules as rules } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { endCertificate, noticeRenewal } from './activation.ts';
import { isRenewalDue, isUsable } from './presenter.ts';
import { credentialOf, providerFor } from './provider.ts';
import { remoteSigner } from './remote-signing.ts';
import * as repo from './repository.ts';

/** What the signatures and signing domains ask of qualified certificates (level 3). */

export interface QualifiedCredential {
  certificateId: string;
  serialNumber: string;
  issuer: string;
}

const exhausted = (email: string) =>
  new AppError(
    'QUALIFIED_SIGNATURES_EXHAUSTED',
    `The qualified certificate of ${email} cannot sign any more (its ${rules.maxSignatures} signatures are used, or it has expired): it must be renewed.`,
  );

/** The signers (by e-mail) who hold no usable certificate in the tenant: a level-3 request needs none. */
export async function signersWithoutQualifiedCertificate(tx: Tx, appId: string, emails: string[], now: Date): Promise<string[]> {
  const rows = await repo.activatedByEmail(tx, appId, emails);
  return emails.filter((email) => !rows.some((r) => r.email.toLowerCase() === email.toLowerCase() && isUsable(r, now)));
}

/** Before the signing transaction: the signer's usable certificate, or why not (403). */
export async function qualifiedCredentialOf(tx: Tx, appId: string, email: string, now: Date): Promise<QualifiedCredential> {
  const rows = await repo.latestByEmail(tx, appId, email);
  const usable = rows.find((r) => isUsable(r, now));
  if (!usable) {
    // An activated certificate past its limits, or one ended by them: renewing is the way, say so.
    if (rows.some((r) => r.status === 'activated' || r.status === 'expired')) throw exhausted(email);
    throw new AppError('QUALIFIED_CERTIFICATE_REQUIRED', `${email} holds no activated qualified certificate.`);
  }
  return { certificateId: usable.id, serialNumber: usable.serialNumber!, issuer: usable.issuer! };
}

/**
 * In the signing transaction, AFTER the signer's code is checked: counts one qualified signature on the
 * certificate (the 50th is the last: the certificate ends, lifecycle "completed"), then authorizes the provider
 * with the code (CSC credentials/authorize → SAD) and returns the engine's external signer (signHash per field).
 */
export async function authorizeQualifiedSignature(
  tx: Tx,
  platform: Platform,
  opts: { appId: string; certificateId: string; email: string; otp: string; numSignatures: number },
): Promise<ExternalSignerIdentity> {
  const row = await repo.findCertificate(tx, opts.appId, opts.certificateId, { lock: true });
  const now = platform.clock();
  if (!row || !isUsable(row, now)) throw exhausted(opts.email);
  const counted = await repo.updateCertificate(tx, row.id, { signaturesUsed: row.signaturesUsed + 1, updatedAt: now });
  if (counted.signaturesUsed >= rules.maxSignatures) await endCertificate(tx, platform, counted, 'signatures');
  else if (!counted.renewalNotifiedAt && isRenewalDue(counted, now)) await noticeRenewal(tx, platform, counted);
  return remoteSigner(providerFor(platform, row), credentialOf(row), { numSignatures: opts.numSignatures, otp: opts.otp });
}
