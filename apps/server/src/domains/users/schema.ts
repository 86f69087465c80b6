import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid, integer } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Profile } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id),
    email: text('email').notNull(),
    /** A new address set by someone else (or oneself): it replaces `email` once confirmed from the link mailed to it. */
    pendingEmail: text('pending_email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobile: text('mobile'),
    phone: text('phone'),
    language: text('language').notNull().default('fr'),
    civility: text('civility').$type<'M' | 'MME' | 'OTHER'>(),
    company: text('company'),
    address: text('address'),
    profile: text('profile').$type<Profile>().notNull(),
    parentId: uuid('parent_id'),
    active: boolean('active').notNull().default(true),
    isProductAdmin: boolean('is_product_admin').notNull().default(false),
    emailConfirmedAt: tstz('email_confirmed_at'),
    lastConnectionAt: tstz('last_connection_at'),
    failedLogins: integer('failed_logins').notNull().default(0),
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Spec §5: an e-mail is unique for a user, across tenants (login is by e-mail).
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_app_created_idx').on(t.appId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_app_parent_idx').on(t.appId, t.parentId),
    tenantPolicy('users'),
  ],
).enableRLS();

/** Single-use links: account confirmation, password (re)set, e-mail change. Only the hash is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').$type<'confirm' | 'reset' | 'email_change'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** email_change: the new address the link was sent to (it must still be the user's pending address when used). */
    email: text('email'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash), tenantPolicy('one_time_tokens')],
).enableRLS();
