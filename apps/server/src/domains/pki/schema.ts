import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { SealedIdentity } from '@paraphe/signing';
import { applications } from '../tenants/schema.ts';
import { createdAt, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

/** 'platform': issued by the instance CA and renewed automatically; 'imported': the tenant's own PKCS#12. */
export type TenantSealOrigin = 'platform' | 'imported';

/**
 * One company-seal identity per tenant (docs/trust-services.md). The private key is sealed with the PKI key
 * encryption key (AES-256-GCM, scrypt), never stored in clear.
 */
export const tenantSeals = pgTable(
  'tenant_seals',
  {
    appId: uuid('app_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    origin: text('origin').$type<TenantSealOrigin>().notNull().default('platform'),
    /** The organisation name in the certificate: a platform seal is reissued when the tenant's company changes. */
    company: text('company').notNull(),
    sealed: jsonb('sealed').$type<SealedIdentity>().notNull(),
    notAfter: tstz('not_after').notNull(),
    createdAt: createdAt(),
  },
  () => [tenantPolicy('tenant_seals')],
).enableRLS();
