import type { Application, ApplicationSummary } from '@paraphe/contracts';
import { applicationSettingsSchema, defaultFeatureFlags } from '@paraphe/contracts';
import type { ApplicationRow, UserRow } from '../auth/repository.ts';
import { iso } from '../../platform/http/envelope.ts';

/** Settings and flags saved before a field existed get its default on the way out. */
export const settingsOf = (row: ApplicationRow) => applicationSettingsSchema.parse(row.settings ?? {});
export const featuresOf = (row: ApplicationRow) => ({ ...defaultFeatureFlags, ...row.features });

export function presentApplicationSummary(row: ApplicationRow): ApplicationSummary {
  return {
    id: row.id,
    company: row.company,
    pack: row.pack,
    enabled: row.enabled,
    testMode: row.testMode,
    features: featuresOf(row),
    themeColor: settingsOf(row).themeColor,
    isPlatform: row.isPlatform,
  };
}

export function presentApplication(row: ApplicationRow, owner: UserRow | undefined, userCount: number): Application {
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
  };
}
