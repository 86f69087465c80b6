import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConsentKind, LegalTextContent } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

/**
 * The versions the product administrator published of the terms of service and the sign-up consents (docs/gdpr.md
 * "Consents and terms"). Version 1 of each is the template shipped with the product (default-texts.ts); a new
 * version is a new row, never an update: what a person accepted stays readable. Platform-wide (no tenant).
 */
export const legalTexts = pgTable(
  'legal_texts',
  {
    id: id(),
    kind: text('kind').$type<ConsentKind>().notNull(),
    version: integer('version').notNull(),
    /** By language: { fr: { title, body }, en: … }. */
    texts: jsonb('texts').$type<Record<string, LegalTextContent>>().notNull(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: createdAt(),
  },
  (t) => [uniqueIndex('legal_texts_kind_version_unique').on(t.kind, t.version)],
);

/** What a person accepted or declined, which version, when, from where (sign-up, then each new terms version). */
export const consentAcceptances = pgTable(
  'consent_acceptances',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id),
    /** Null once the user was deleted: the tenant's record stays. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ConsentKind>().notNull(),
    version: integer('version').notNull(),
    accepted: boolean('accepted').notNull(),
    at: tstz('at').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('consent_acceptances_app_idx').on(t.appId, t.at),
    index('consent_acceptances_user_kind_idx').on(t.userId, t.kind, t.version),
    tenantPolicy('consent_acceptances'),
  ],
).enableRLS();
