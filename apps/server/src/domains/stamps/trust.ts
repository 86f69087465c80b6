import { createHash } from 'node:crypto';
import type { Platform } from '../../platform/context.ts';
import { findApplication } from '../tenants/index.ts';
import { accountsWithCertificate } from './repository.ts';

/**
 * What the public verification page may say of a signing certificate a tenant imported as a stamp account
 * (docs/timestamps.md, "Trust"): the tenant's company, when it was imported, the certificate's own issuer. Nothing
 * else of the tenant (no account id, no label). Matching is by the exact certificate (SHA-256 of its DER): a chain
 * that merely names the same subject or issuer is not recognised.
 */
export interface StampCertificateOrigin {
  company: string;
  importedAt: Date;
  issuer: string;
  source: 'imported' | 'builtin';
}

export async function findStampCertificate(platform: Platform, certificate: Uint8Array): Promise<StampCertificateOrigin | null> {
  const fingerprint = createHash('sha256').update(certificate).digest('hex');
  return platform.database.inSystem(async (tx) => {
    const [account] = await accountsWithCertificate(tx, fingerprint);
    if (!account) return null;
    const application = await findApplication(tx, account.appId);
    if (!application) return null;
    return { company: application.company, importedAt: account.createdAt, issuer: account.issuer, source: account.source };
  });
}
