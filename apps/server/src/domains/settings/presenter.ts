import type { ProviderCredentials, TenantSettings } from '@paraphe/contracts';
import { effectiveSignatureDefaults } from '@paraphe/contracts';
import { logoPathOf, settingsOf, type ApplicationView } from '../tenants/index.ts';
import type { ProviderCredentialsRow } from './repository.ts';

/** Credentials as anyone sees them: never the password, only whether one is saved. */
export function presentCredentials(row: ProviderCredentialsRow): ProviderCredentials {
  return {
    provider: row.provider,
    login: row.login,
    offerCode: row.offerCode,
    distributorCode: row.distributorCode,
    folderId: row.folderId,
    entityId: row.entityId,
    profile: row.profile,
    hasPassword: !!row.passwordSealed,
    userId: row.userId,
  };
}

export function presentSettings(row: ApplicationView, provider: ProviderCredentialsRow | undefined): TenantSettings {
  const settings = settingsOf(row);
  const logoPath = logoPathOf(row);
  return {
    appId: row.id,
    general: {
      company: row.company,
      issuingCompany: settings.issuingCompany ?? null,
      address: settings.address ?? null,
      supportEmail: settings.supportEmail ?? null,
      defaultLanguage: settings.defaultLanguage,
      themeColor: settings.themeColor,
      logo: row.logo && logoPath ? { url: logoPath, type: row.logo.type, width: row.logo.width, height: row.logo.height, sizeBytes: row.logo.sizeBytes } : null,
    },
    parameters: {
      signatureDefaults: effectiveSignatureDefaults({ ...settings.signatureDefaults, expiryDays: settings.signatureExpiryDays }),
      expiryDays: settings.signatureExpiryDays,
      successRedirection: settings.successRedirection ?? null,
      cancelRedirection: settings.cancelRedirection ?? null,
      failRedirection: settings.failRedirection ?? null,
      smsSender: settings.smsSender ?? null,
      providerInheritance: settings.providerInheritance,
      notifyRequesterOnStart: settings.notifyRequesterOnStart,
      embedOrigins: settings.embedOrigins,
    },
    templates: row.messageTemplates ?? {},
    provider: provider ? presentCredentials(provider) : null,
  };
}
