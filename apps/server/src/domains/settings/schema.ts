import { pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { signingProviders } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, id, tenantPolicy, updatedAt } from '../../platform/db/schema/common.ts';

/**
 * Signing-provider credentials (spec §3): the tenant's (user_id null) and, for inheritance (spec §6), a user's own.
 * The password is sealed (AES-256-GCM under a key derived from the instance secret, provider.ts), never returned.
 */
export const providerCredentials = pgTable(
  'provider_credentials',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<(typeof signingProviders)[number]>().notNull(),
    login: text('login'),
    passwordSealed: text('password_sealed'),
    offerCode: text('offer_code'),
    distributorCode: text('distributor_code'),
    folderId: text('folder_id'),
    entityId: text('entity_id'),
    profile: text('profile'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('provider_credentials_owner_key').on(t.appId, t.userId).nullsNotDistinct(), tenantPolicy('provider_credentials')],
).enableRLS();
