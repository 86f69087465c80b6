import { boolean, jsonb, pgTable, text, uuid, index } from 'drizzle-orm/pg-core';
import type { ApplicationSettings, FeatureFlags, Pack, TenantTemplates } from '@paraphe/contracts';
import type { StoredCompanyIdentity, StoredLogo } from './views.ts';
import { createdAt, id, tstz, updatedAt } from '../../platform/db/schema/common.ts';

/** A tenant. Not itself tenant-scoped: the platform reads it to authorize every request. */
export const applications = pgTable(
  'applications',
  {
    id: id(),
    company: text('company').notNull(),
    ownerUserId: uuid('owner_user_id'),
    pack: text('pack').$type<Pack>().notNull().default('free'),
    enabled: boolean('enabled').notNull().default(true),
    testMode: boolean('test_mode').notNull().default(true),
    isPlatform: boolean('is_platform').notNull().default(false),
    features: jsonb('features').$type<FeatureFlags>().notNull(),
    settings: jsonb('settings').$type<ApplicationSettings>().notNull(),
    logo: jsonb('logo').$type<StoredLogo>(),
    /** The tenant's wording of its mails and SMS by kind and language (settings → Parameters). */
    messageTemplates: jsonb('message_templates').$type<TenantTemplates>().notNull().default({}),
    companyIdentity: jsonb('company_identity').$type<StoredCompanyIdentity>(),
    consentPersonalDataAt: tstz('consent_personal_data_at'),
    consentPartnersAt: tstz('consent_partners_at'),
    consentBrandPublicationAt: tstz('consent_brand_publication_at'),
    termsAcceptedAt: tstz('terms_accepted_at'),
    lastConnectionAt: tstz('last_connection_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('applications_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);
