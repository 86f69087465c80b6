import { boolean, jsonb, pgTable, text, uuid, index } from 'drizzle-orm/pg-core';
import type { ApplicationSettings, FeatureFlags, Logo, Pack, TenantTemplates } from '@paraphe/contracts';
import { createdAt, id, tstz, updatedAt } from '../../platform/db/schema/common.ts';

/** The tenant's logo (settings → General): its storage key and what was read from its header at upload. */
export type StoredLogo = Omit<Logo, 'url'> & { key: string; version: string };

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
