import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CertificateStatus, IdentityDocumentKind } from '@paraphe/contracts';
import type { SealedIdentity } from '@paraphe/signing';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

/** An identity document of an order, stored encrypted (AES-256-GCM) in platform storage under `storageKey`. */
export interface StoredIdentityDocument {
  id: string;
  kind: IdentityDocumentKind;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
  uploadedAt: string;
}

/**
 * A qualified certificate and its order (spec §3, §4; docs/qualified.md). The holder's identity is copied at order
 * time (spec: email, full name, mobile). Once activated by the local provider, the private key is in `sealedKey`:
 * the engine's keystore (AES-256-GCM, scrypt) under a key derived from the instance secret AND `keySalt` (HKDF), so
 * no two certificates share a key encryption key. With the `csc` provider, the key stays at the QTSP and only the
 * credential id is kept.
 */
export const qualifiedCertificates = pgTable(
  'qualified_certificates',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<CertificateStatus>().notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobile: text('mobile').notNull(),
    provider: text('provider').$type<'local' | 'csc'>().notNull(),
    documents: jsonb('documents').$type<StoredIdentityDocument[]>().notNull().default([]),
    /** When the identity in `documents` was verified (a renewal may reuse them within documentReuseMonths). */
    identityVerifiedAt: tstz('identity_verified_at'),
    renewsId: uuid('renews_id'),
    submittedAt: tstz('submitted_at'),
    verifiedAt: tstz('verified_at'),
    verifiedBy: uuid('verified_by'),
    activatedAt: tstz('activated_at'),
    refusedAt: tstz('refused_at'),
    refusalReason: text('refusal_reason'),
    expiredAt: tstz('expired_at'),
    endReason: text('end_reason').$type<'date' | 'signatures'>(),
    renewalNotifiedAt: tstz('renewal_notified_at'),
    /** Base64 DER certificate and chain (issuer first). */
    certificate: text('certificate'),
    chain: jsonb('chain').$type<string[]>(),
    serialNumber: text('serial_number'),
    issuer: text('issuer'),
    notAfter: tstz('not_after'),
    credentialId: text('credential_id'),
    keySalt: text('key_salt'),
    sealedKey: jsonb('sealed_key').$type<SealedIdentity>(),
    signaturesUsed: integer('signatures_used').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('qualified_certificates_app_user_idx').on(t.appId, t.userId, t.createdAt),
    index('qualified_certificates_status_idx').on(t.status, t.createdAt),
    index('qualified_certificates_email_idx').on(t.appId, sql`lower(${t.email})`),
    // One order in progress (open or verified) per holder: a second one is a renewal of an activated one.
    uniqueIndex('qualified_certificates_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('open', 'verified')`),
    tenantPolicy('qualified_certificates'),
  ],
).enableRLS();

export type CertificateRow = typeof qualifiedCertificates.$inferSelect;
export type NewCertificateRow = typeof qualifiedCertificates.$inferInsert;
