import type { Application } from '@paraphe/contracts';
import { iso } from '../../platform/http/envelope.ts';
import { featuresOf, settingsOf, type ApplicationView } from '../tenants/index.ts';
import type { UserRow } from '../users/index.ts';

export function presentApplication(row: ApplicationView, owner: UserRow | undefined, userCount: number, verifiedBy: string | null = null): Application {
  return {
    id: row.id,
    company: row.company,
    ownerUserId: row.ownerUserId,
    ownerName: owner ? `${owner.lastName.toUpperCase()} ${owner.firstName}` : null,
    ownerEmail: owner?.email ?? null,
    pack: row.pack,
    enabled: row.enabled,
    testMode: row.testMode,
    isPlatform: row.isPlatform,
    features: featuresOf(row),
    settings: settingsOf(row),
    consents: {
      personalDataAt: iso(row.consentPersonalDataAt),
      partnersAt: iso(row.consentPartnersAt),
      brandPublicationAt: iso(row.consentBrandPublicationAt),
    },
    termsAcceptedAt: iso(row.termsAcceptedAt),
    lastConnectionAt: iso(row.lastConnectionAt),
    createdAt: row.createdAt.toISOString(),
    userCount,
    companyIdentity: row.companyIdentity
      ? {
          legalName: row.companyIdentity.legalName,
          registrationNumber: row.companyIdentity.registrationNumber,
          country: row.companyIdentity.country,
          verifiedAt: row.companyIdentity.verifiedAt,
          verifiedBy,
        }
      : null,
  };
}
