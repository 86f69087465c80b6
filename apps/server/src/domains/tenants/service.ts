import {
  applicationSettingsSchema,
  defaultFeatureFlags,
  originAllowedIn,
  pathOf,
  settingsEndpoints,
  type ApplicationSettings,
  type FeatureFlags,
  type MessageTemplateKind,
  type TenantTemplates,
} from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { notFound } from '../../platform/errors.ts';
import type { Branding, TemplateOverride } from '../../platform/messaging/templates/render.ts';
import * as repo from './repository.ts';
import type { ApplicationChanges, ApplicationFilter, ApplicationView, CompanyAndPack, NewApplication } from './views.ts';

/**
 * The tenants (client accounts, "applications"): what every other domain reads (views.ts) to know a tenant's
 * settings, features, test mode and branding. Functions run in the caller's transaction: tenancy checks are the
 * callers' (a tenant row is not itself tenant-scoped). Administration screens are the applications domain.
 */
export type { ApplicationChanges, ApplicationFilter, ApplicationView, CompanyAndPack, NewApplication } from './views.ts';

/** The tenant, or undefined (a job or a route naming a tenant that may be gone). Read once per transaction. */
export async function applicationById(db: Executor, id: string): Promise<ApplicationView | undefined> {
  return repo.findApplication(db, id);
}

/** The product administrator's own tenant (the platform's), once the first start created it. */
export async function platformApplication(db: Executor): Promise<ApplicationView | undefined> {
  return repo.findPlatformApplication(db);
}

/** A new tenant, in the caller's transaction (sign-up, the administrator's creation, the first start). */
export async function addApplication(db: Executor, values: NewApplication): Promise<ApplicationView> {
  return repo.insertApplication(db, values);
}

/** Saves changes of a tenant; undefined when it does not exist. */
export async function changeApplication(db: Executor, id: string, changes: ApplicationChanges): Promise<ApplicationView | undefined> {
  return repo.updateApplication(db, id, changes);
}

/** One page of tenants and how many match (the administrator's list). */
export async function applicationsPage(db: Executor, filter: ApplicationFilter): Promise<{ rows: ApplicationView[]; total: number }> {
  return repo.listApplications(db, filter);
}

/** A user of the tenant logged in now. */
export async function recordTenantConnection(db: Executor, id: string, now: Date): Promise<void> {
  await repo.touchConnection(db, id, now);
}

/** Company and pack of many tenants at once (the super dashboard, billed consumption, the operator's queue). */
export async function companiesAndPacks(db: Executor, ids: readonly string[]): Promise<Map<string, CompanyAndPack>> {
  return repo.companiesAndPacksOf(db, ids);
}

/** Which of these storage keys are a tenant's logo (the storage sweep keeps them). */
export async function referencedLogoKeys(db: Executor, keys: readonly string[]): Promise<string[]> {
  return repo.logoKeysAmong(db, keys);
}

/** The next `limit` tenant ids after `afterId`, by id (a platform job walking all tenants: the GDPR purge). */
export async function nextTenantIds(db: Executor, afterId: string | undefined, limit: number): Promise<string[]> {
  return repo.tenantIdsAfter(db, afterId, limit);
}

/** The tenant, which the caller knows exists (its session, its request); NOT_FOUND otherwise. */
export async function getApplication(db: Executor, id: string): Promise<ApplicationView> {
  const application = await repo.findApplication(db, id);
  if (!application) throw notFound('Application');
  return application;
}

/** Settings and flags saved before a field existed get its default on the way out. */
export const settingsOf = (row: Pick<ApplicationView, 'settings'>): ApplicationSettings => applicationSettingsSchema.parse(row.settings ?? {});
/**
 * The origins that may frame the tenant's signing page now (docs/embedding.md): an http origin saved while the tenant
 * was in test mode stops counting once it goes live.
 */
export const embedOriginsOf = (row: Pick<ApplicationView, 'settings' | 'testMode'>): string[] =>
  settingsOf(row).embedOrigins.filter((origin) => originAllowedIn(origin, row.testMode));
export const featuresOf = (row: Pick<ApplicationView, 'features'>): FeatureFlags => ({ ...defaultFeatureFlags, ...row.features });

/** The company name shown to the tenant's signers: its issuing company when it has one (settings → General). */
export const displayCompanyOf = (row: Pick<ApplicationView, 'company' | 'settings'>): string => row.settings.issuingCompany || row.company;

/** The public, cacheable address of the tenant's logo (a path of this server), or undefined. */
export const logoPathOf = (row: Pick<ApplicationView, 'id' | 'logo'>): string | undefined =>
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
      const override: TemplateOverride = {
        subject: t.subject || undefined,
        sms: t.sms || undefined,
        paragraphs: t.body
          ? t.body
              .split(/\n\s*\n/)
              .map((p) => p.trim())
              .filter(Boolean)
          : undefined,
      };
      for (const name of templatesOfKind[kind]) (overrides[name] ??= {})[language] = override;
    }
  }
  return overrides;
}

/** How the tenant's mails and pages look: name, colour, logo and its own wording of the mails it may word. */
export const brandingOf = (row: Pick<ApplicationView, 'id' | 'company' | 'settings' | 'logo' | 'messageTemplates'>): Branding => ({
  company: displayCompanyOf(row),
  themeColor: row.settings.themeColor,
  logoPath: logoPathOf(row),
  overrides: templateOverridesOf(row.messageTemplates),
});

/** The tenant's logo bytes (the evidence file draws them); none when it has no logo or its file is gone. */
export async function tenantLogo(
  storage: Storage,
  row: Pick<ApplicationView, 'logo'>,
): Promise<{ bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | undefined> {
  if (!row.logo) return undefined;
  const bytes = await storage.get(row.logo.key).catch(() => undefined);
  return bytes ? { bytes, type: row.logo.type } : undefined;
}
