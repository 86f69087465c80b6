import { applicationSettingsSchema, defaultFeatureFlags, type ApplicationSettings, type FeatureFlags } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Branding } from '../../platform/messaging/templates/render.ts';
import * as repo from './repository.ts';

/**
 * The tenants (client accounts, "applications"): the rows every other domain reads to know a tenant's
 * settings, features, test mode and branding. Functions run in the caller's transaction: tenancy checks are the
 * callers' (a tenant row is not itself tenant-scoped). Administration screens are the applications domain.
 */
export type { ApplicationRow, ApplicationFilter, NewApplicationRow } from './repository.ts';
export { findApplication, findPlatformApplication, insertApplication, updateApplication, listApplications, tenantIdsAfter, touchConnection } from './repository.ts';

/** The tenant, which the caller knows exists (its session, its request); NOT_FOUND otherwise. */
export async function getApplication(db: Executor, id: string): Promise<repo.ApplicationRow> {
  const application = await repo.findApplication(db, id);
  if (!application) throw notFound('Application');
  return application;
}

/** Settings and flags saved before a field existed get its default on the way out. */
export const settingsOf = (row: Pick<repo.ApplicationRow, 'settings'>): ApplicationSettings => applicationSettingsSchema.parse(row.settings ?? {});
export const featuresOf = (row: Pick<repo.ApplicationRow, 'features'>): FeatureFlags => ({ ...defaultFeatureFlags, ...row.features });

/** How the tenant's mails and pages look. */
export const brandingOf = (row: Pick<repo.ApplicationRow, 'company' | 'settings'>): Branding => ({ company: row.company, themeColor: row.settings.themeColor });
