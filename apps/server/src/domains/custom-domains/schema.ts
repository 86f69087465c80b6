import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CustomDomainFailure, CustomDomainPurpose, CustomDomainStatus } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { createdAt, id, tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

/**
 * A tenant's own domain (docs/white-label.md): at most one per purpose and tenant. `token` is the value its
 * ownership TXT record must carry. A name may be declared by several tenants while pending; only one can be
 * verified (the partial unique index): the first whose TXT record is found wins, the others' checks fail `taken`.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id),
    /** ASCII (punycode), lower case, no trailing dot. */
    host: text('host').notNull(),
    purpose: text('purpose').$type<CustomDomainPurpose>().notNull(),
    token: text('token').notNull(),
    status: text('status').$type<CustomDomainStatus>().notNull().default('pending'),
    failure: text('failure').$type<CustomDomainFailure>(),
    cnameOk: boolean('cname_ok'),
    lastCheckedAt: tstz('last_checked_at'),
    verifiedAt: tstz('verified_at'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('custom_domains_app_purpose_idx').on(t.appId, t.purpose),
    uniqueIndex('custom_domains_verified_host_idx')
      .on(t.host)
      .where(sql`status = 'verified'`),
    index('custom_domains_host_idx').on(t.host),
    tenantPolicy('custom_domains'),
  ],
).enableRLS();
