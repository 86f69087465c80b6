import { createHash } from 'node:crypto';
import type { Platform } from '../../platform/context.ts';
import { billingProfileOf } from '../billing/index.ts';
import { applicationById } from '../tenants/index.ts';
import { holdersOfCertificate } from './repository.ts';

/**
 * Who imported a signing certificate as a stamp account, for the public verification page (docs/timestamps.md,
 * "Trust"; docs/stamps.md, "Who a seal is attributed to"). The certificate's own names are whatever its maker typed:
 * a self-signed "CN=Banque de France" is accepted at import (the tenant chooses its provider). What the platform does
 * know is which of its customers imported it — with the private key, so only that customer can seal with it — and
 * that customer's identity as the platform holds it: the legal name and registration number of its billing profile
 * (form and check digit checked when saved, not confirmed with the registry), else the account's company name.
 * Nothing else of the tenant (no account id, label or tenant id). Matching is by the exact certificate (SHA-256 of
 * its DER): a certificate that merely names the same subject or issuer is not recognised. The record outlives the
 * stamp account (`stamp_certificates`), so seals made before an account was deleted stay attributed. A certificate
 * two tenants imported (both hold its key) is attributed to neither: the page cannot tell which one sealed.
 * A built-in account's certificate (the platform CA's) is found the same way: its name is confirmed only when it is
 * the legal name the product administrator verified for that tenant (`verifiedLegalName`).
 */
export interface StampCertificateOrigin {
  company: string;
  registrationNumber: string | null;
  country: string | null;
  /** `billing-profile`: the tenant's billing profile names it; `account`: only the account's company name. */
  companySource: 'billing-profile' | 'account';
  importedAt: Date;
  issuer: string;
  source: 'imported' | 'builtin';
  /** The legal name the product administrator verified for this tenant (null: not verified, or withdrawn since). */
  verifiedLegalName: string | null;
}

export async function findStampCertificate(platform: Platform, certificate: Uint8Array): Promise<StampCertificateOrigin | null> {
  const fingerprint = createHash('sha256').update(certificate).digest('hex');
  return platform.database.inSystem(async (tx) => {
    const holders = await holdersOfCertificate(tx, fingerprint);
    const [account] = holders;
    if (!account || holders.length > 1) return null;
    const application = await applicationById(tx, account.appId);
    if (!application) return null;
    const billing = await billingProfileOf(tx, account.appId);
    const profile = billing?.profile;
    const company = profile?.companyName.trim() ? profile.companyName : application.company;
    return {
      company,
      registrationNumber: profile?.registrationNumber || null,
      country: profile?.country ?? null,
      companySource: profile?.companyName.trim() ? 'billing-profile' : 'account',
      importedAt: account.createdAt,
      issuer: account.issuer,
      source: account.source,
      verifiedLegalName: application.companyIdentity?.legalName ?? null,
    };
  });
}
