import { bigint, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { DisputeStatus, LedgerKind, PaymentKind, PaymentStatus } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/** An invoice a payment covers, as `billing.payment_requested` gave it (payments never read billing's tables). */
export interface PaidInvoice {
  saleId: string;
  number: string;
  totalCents: number;
  issuedAt: string;
}

/** The tenant's customer at the card provider (Stripe `cus_…`); its saved cards stay at the provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    appId: appId().primaryKey(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: createdAt(),
  },
  () => [tenantPolicy('payment_customers')],
).enableRLS();

/** A signed SEPA Core mandate (docs/payments.md): the evidence of its signature and the PDF. */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: id(),
    appId: appId(),
    rum: text('rum').notNull(),
    status: text('status').$type<'active' | 'revoked'>().notNull(),
    creditorId: text('creditor_id').notNull(),
    creditorName: text('creditor_name').notNull(),
    debtorName: text('debtor_name').notNull(),
    debtorAddress: text('debtor_address').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    signedAt: tstz('signed_at').notNull(),
    signedBy: uuid('signed_by').notNull(),
    signedByName: text('signed_by_name').notNull(),
    signedIp: text('signed_ip'),
    textSha256: text('text_sha256').notNull(),
    pdfStorageKey: text('pdf_storage_key').notNull(),
    /** Set when a debit of it is exported: the next ones are RCUR; cleared when that first debit is rejected. */
    firstDebitAt: tstz('first_debit_at'),
  },
  (t) => [unique('sepa_mandates_rum_unique').on(t.rum), index('sepa_mandates_app_idx').on(t.appId), tenantPolicy('sepa_mandates')],
).enableRLS();

/** One per `paymentRequestId` (unique): a request delivered twice is charged once. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    appId: appId(),
    paymentRequestId: uuid('payment_request_id').notNull(),
    trigger: text('trigger').$type<'tenant' | 'admin' | 'auto'>().notNull(),
    requestedBy: uuid('requested_by'),
    method: text('method').$type<PaymentKind>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    invoices: jsonb('invoices').$type<PaidInvoice[]>().notNull(),
    /** Card: the PaymentIntent and its charge. */
    providerPaymentId: text('provider_payment_id'),
    providerChargeId: text('provider_charge_id'),
    actionUrl: text('action_url'),
    failureReason: text('failure_reason'),
    dispute: text('dispute').$type<DisputeStatus>(),
    /** SEPA: the mandate, the batch, the sequence type and the reject code. */
    mandateId: uuid('mandate_id').references(() => sepaMandates.id),
    sepaBatchId: uuid('sepa_batch_id').references(() => sepaBatches.id),
    sepaSequence: text('sepa_sequence').$type<'FRST' | 'RCUR'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    succeededAt: tstz('succeeded_at'),
  },
  (t) => [
    unique('payments_request_unique').on(t.paymentRequestId),
    index('payments_app_created_idx').on(t.appId, t.createdAt),
    index('payments_provider_idx').on(t.providerPaymentId),
    index('payments_status_idx').on(t.method, t.status),
    tenantPolicy('payments'),
  ],
).enableRLS();

/** A refund of (part of) one invoice of a payment. */
export const refunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    appId: appId(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    saleId: uuid('sale_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<'succeeded' | 'transfer_pending'>().notNull(),
    reason: text('reason'),
    providerRefundId: text('provider_refund_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_refunds_payment_idx').on(t.paymentId), tenantPolicy('payment_refunds')],
).enableRLS();

/** Every money movement, append-only for the application role (hand-written REVOKE in the migration). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    appId: appId(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    refundId: uuid('refund_id'),
    kind: text('kind').$type<LedgerKind>().notNull(),
    /** Signed: money received > 0, money given back or withdrawn < 0. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').$type<PaymentKind>().notNull(),
    providerReference: text('provider_reference'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_payment_idx').on(t.paymentId), tenantPolicy('ledger_entries')],
).enableRLS();

/** A pain.008 batch exported by the product administrator (platform-wide: not a tenant's row). */
export const sepaBatches = pgTable('sepa_batches', {
  id: id(),
  messageId: text('message_id').notNull().unique(),
  status: text('status').$type<'exported' | 'collected'>().notNull(),
  numberOfTransactions: integer('number_of_transactions').notNull(),
  controlSumCents: bigint('control_sum_cents', { mode: 'number' }).notNull(),
  collectionDates: jsonb('collection_dates').$type<Record<string, string>>().notNull(),
  xml: text('xml').notNull(),
  createdBy: uuid('created_by').notNull(),
  createdAt: createdAt(),
  collectedAt: tstz('collected_at'),
});

/** Provider webhook events already applied: the primary key makes a second delivery change nothing. */
export const providerEvents = pgTable('payment_provider_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});
