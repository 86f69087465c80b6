import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AppliedSeal, StampAccountSource, StampFormat } from '@paraphe/contracts';
import type { SealedIdentity } from '@paraphe/signing';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' });

/**
 * A stamp account (spec §3 Stamp): a company-seal identity of the tenant with its label and the reason shown on the
 * seal. The private key is sealed (AES-256-GCM under a key derived from the instance secret, scrypt per identity:
 * the engine's keystore), never stored in clear; the certificate chain is in `sealed` too (base64 DER).
 */
export const stampAccounts = pgTable(
  'stamp_accounts',
  {
    id: id(),
    appId: appId(),
    label: text('label').notNull(),
    reason: text('reason').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    source: text('source').$type<StampAccountSource>().notNull(),
    sealed: jsonb('sealed').$type<SealedIdentity>().notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    /** SHA-256 (hex) of the certificate's DER: the public verification page recognises a tenant's imported seal by it. */
    certificateSha256: text('certificate_sha256').notNull(),
    notBefore: tstz('not_before').notNull(),
    notAfter: tstz('not_after').notNull(),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stamp_accounts_app_idx').on(t.appId, t.createdAt),
    index('stamp_accounts_certificate_idx').on(t.certificateSha256),
    // One default per tenant, enforced by the database (two concurrent "set default" cannot both win).
    uniqueIndex('stamp_accounts_one_default_idx')
      .on(t.appId)
      .where(sql`${t.isDefault}`),
    tenantPolicy('stamp_accounts'),
  ],
).enableRLS();

/**
 * The history of sealed files: one row per upload (its seals in `seals`, with the account's label and subject
 * copied, so the history survives the account's deletion), the sealed file in storage and its SHA-256.
 */
export const stamps = pgTable(
  'stamps',
  {
    id: id(),
    appId: appId(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    format: text('format').$type<StampFormat>().notNull(),
    /** The first seal's account (null once deleted); every seal is in `seals`. */
    accountId: uuid('account_id').references(() => stampAccounts.id, { onDelete: 'set null' }),
    seals: jsonb('seals').$type<AppliedSeal[]>().notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stamps_app_created_idx').on(t.appId, t.createdAt.desc(), t.id.desc()), tenantPolicy('stamps')],
).enableRLS();

/**
 * Which tenant holds which signing certificate (docs/stamps.md, "Who a seal is attributed to"): one row per tenant and
 * certificate (SHA-256 of its DER), written with the stamp account that brought it and kept when that account is
 * deleted, so that the seals it made stay attributed to the tenant on the public verification page. Append-only for
 * the application role; deleted only with the tenant (foreign key cascade).
 */
export const stampCertificates = pgTable(
  'stamp_certificates',
  {
    certificateSha256: text('certificate_sha256').notNull(),
    appId: appId(),
    source: text('source').$type<StampAccountSource>().notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.certificateSha256, t.appId] }), index('stamp_certificates_app_idx').on(t.appId), tenantPolicy('stamp_certificates')],
).enableRLS();
