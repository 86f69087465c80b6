import { applicationSettingsSchema, defaultFeatureFlags, pathOf, settingsEndpoints, type ApplicationSettings, type FeatureFlags, type MessageTemplateKind, type TenantTemplates } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { notFound } from '../../platform/errors.ts';
import type { Branding, TemplateOverride } from '../../platform/messaging/templates/render.ts';
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

/** The company name shown to the tenant's signers: its issuing company when it has one (settings → General). */
export const displayCompanyOf = (row: Pick<repo.ApplicationRow, 'company' | 'settings'>): string => row.settings.issuingCompany || row.company;

/** The public, cacheable address of the tenant's logo (a path of this server), or undefined. */
export const logoPathOf = (row: Pick<repo.ApplicationRow, 'id' | 'logo'>): string | undefined =>
  row.logo ? pathOf(settingsEndpoints.logo, { appId: row.id, version: row.logo.version }) : undefined;

/** The product templates each kind of tenant wording replaces (the signed documents go attached or as a link). */
export const templatesOfKind: Record<MessageTemplateKind, readonly string[]> = {
  invitation: ['signature-invitation'],
  reminder: ['signature-reminder'],
  start: ['request-started'],
  signedDocuments: ['signed-documents', 'signed-documents-link'],
};

/** A tenant's wording as the messaging applies it: by template name, then language (paragraphs split on blank lines). */
export function templateOverridesOf(templates: TenantTemplates | null | undefined): Branding['overrides'] {
  const overrides: NonNullable<Branding['overrides']> = {};
  for (const [kind, byLanguage] of Object.entries(templates ?? {}) as [MessageTemplateKind, TenantTemplates[MessageTemplateKind]][]) {
    for (const [language, t] of Object.entries(byLanguage ?? {})) {
      if (!t || !(t.subject || t.body || t.sms)) continue;
      const override: TemplateOverride = { subject: t.subject || undefined, sms: t.sms || undefined, paragraphs: t.body ? t.body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean) : undefined };
      for (const name of templatesOfKind[kind]) (overrides[name] ??= {})[language] = override;
    }
  }
  return overrides;
}

/** How the tenant's mails and pages look: name, colour, logo and its own wording of the mails it may word. */
export const brandingOf = (row: Pick<repo.ApplicationRow, 'id' | 'company' | 'settings' | 'logo' | 'messageTemplates'>): Branding => ({
  company: displayCompanyOf(row),
  themeColor: row.settings.themeColor,
  logoPath: logoPathOf(row),
  overrides: templateOverridesOf(row.messageTemplates),
});

/** The tenant's logo bytes (the evidence file draws them); none when it has no logo or its file is gone. */
export async function tenantLogo(storage: Storage, row: Pick<repo.ApplicationRow, 'logo'>): Promise<{ bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | undefined> {
  if (!row.logo) return undefined;
  const bytes = await storage.get(row.logo.key).catch(() => undefined);
  return bytes ? { bytes, type: row.logo.type } : undefined;
}
