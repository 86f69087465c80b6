import type { Executor } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './repository.ts';
import type { ApplicationView, StoredCompanyIdentity } from './views.ts';

/**
 * "Company identity verified" (docs/stamps.md "Who a seal is attributed to"). The platform CA certifies a tenant's
 * seals under the company name its account typed; the verification page confirms that name only when the product
 * administrator verified it. Any change of what was verified — the account's company name (the name the CA
 * certifies), the billing profile's legal name or registration number — withdraws the verification, with an audit
 * row saying why, in the transaction of the change.
 */
export type { StoredCompanyIdentity } from './views.ts';

export type CompanyIdentityChange = 'company_renamed' | 'legal_name_changed' | 'registration_number_changed' | 'withdrawn';

interface Who {
  actorUserId: string | null;
  ip?: string | undefined;
}

const comparable = (name: string) => name.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('fr');

/** Whether a certificate's organisation name is the verified legal name (case and spacing aside). */
export const isVerifiedName = (verifiedLegalName: string | null | undefined, name: string | null | undefined): boolean =>
  Boolean(verifiedLegalName && name && comparable(verifiedLegalName) === comparable(name));

export async function recordCompanyIdentity(
  db: Executor,
  appId: string,
  checked: Omit<StoredCompanyIdentity, 'verifiedAt' | 'verifiedByUserId'>,
  who: Who & { actorUserId: string; at: Date },
): Promise<ApplicationView | undefined> {
  const identity: StoredCompanyIdentity = { ...checked, verifiedAt: who.at.toISOString(), verifiedByUserId: who.actorUserId };
  const row = await repo.updateApplication(db, appId, { companyIdentity: identity });
  if (row)
    await audit(db, {
      appId,
      actorUserId: who.actorUserId,
      action: 'application.company_identity_verified',
      targetType: 'application',
      targetId: appId,
      data: { ...checked },
      ip: who.ip,
    });
  return row;
}

/** Withdraws a verification (the administrator, or a change of what was verified); nothing when there is none. */
export async function withdrawCompanyIdentity(db: Executor, appId: string, why: CompanyIdentityChange, who: Who): Promise<boolean> {
  const current = await repo.findApplication(db, appId);
  if (!current?.companyIdentity) return false;
  await repo.updateApplication(db, appId, { companyIdentity: null });
  const { legalName, registrationNumber, country } = current.companyIdentity;
  await audit(db, {
    appId,
    actorUserId: who.actorUserId,
    action: 'application.company_identity_cleared',
    targetType: 'application',
    targetId: appId,
    data: { reason: why, was: { legalName, registrationNumber, country } },
    ip: who.ip,
  });
  return true;
}
