import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { DkimState, DmarcState, MailSenderStatus, SpfState } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { createdAt, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

/**
 * A tenant's own mail sender (one per tenant, docs/mail-senders.md): the address its mails come from once the
 * DKIM record of its domain holds the public key generated here. The private key is sealed (platform/sealed.ts, a
 * key of its own): the server signs with it at each delivery, so it cannot be hashed. The check states are those of
 * the last check that got an answer from the DNS (null: not checked yet).
 */
export const senderDomains = pgTable(
  'sender_domains',
  {
    appId: uuid('app_id')
      .primaryKey()
      .references(() => applications.id),
    /** ASCII form (punycode), lower case. */
    domain: text('domain').notNull(),
    address: text('address').notNull(),
    displayName: text('display_name'),
    selector: text('selector').notNull(),
    privateKeySealed: text('private_key_sealed').notNull(),
    /** The public key as published: base64 of its DER SubjectPublicKeyInfo (the DKIM record's `p=`). */
    publicKey: text('public_key').notNull(),
    status: text('status').$type<MailSenderStatus>().notNull().default('pending'),
    dkimState: text('dkim_state').$type<DkimState>(),
    spfState: text('spf_state').$type<SpfState>(),
    dmarcState: text('dmarc_state').$type<DmarcState>(),
    lastCheckedAt: tstz('last_checked_at'),
    lastError: text('last_error'),
    verifiedAt: tstz('verified_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sender_domains_domain_idx').on(t.domain), tenantPolicy('sender_domains')],
).enableRLS();
