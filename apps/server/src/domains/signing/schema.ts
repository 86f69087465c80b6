import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { applications } from '../tenants/schema.ts';
import { signers } from '../signatures/schema.ts';
import { tenantPolicy, tstz } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/** The one-time code of a signer (one row per signer, replaced at each send). Only its SHA-256 is kept. */
export const signerCodes = pgTable(
  'signer_codes',
  {
    signerId: uuid('signer_id')
      .primaryKey()
      .references(() => signers.id, { onDelete: 'cascade' }),
    appId: appId(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    codeHash: text('code_hash'),
    sentAt: tstz('sent_at'),
    expiresAt: tstz('expires_at'),
    /** Wrong entries on the live code. */
    failedTries: integer('failed_tries').notNull().default(0),
    /** Start of the send window and codes sent in it (see signingCodeRules). */
    windowStartedAt: tstz('window_started_at'),
    sendsInWindow: integer('sends_in_window').notNull().default(0),
  },
  () => [tenantPolicy('signer_codes')],
).enableRLS();
