import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  BillingCountry,
  ConsumptionKind,
  PaymentMethod,
  SaleBuyer,
  SaleKind,
  SaleLine,
  SaleStatus,
  UnitPrices,
  VatRegime,
  VolumeDiscount,
} from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id);

/** The tenant's billing profile (spec §3): one per tenant; live sending needs it complete (docs/billing.md). */
export const billingProfiles = pgTable(
  'billing_profiles',
  {
    appId: appId().primaryKey(),
    billingEmail: text('billing_email').notNull(),
    companyName: text('company_name').notNull(),
    registrationNumber: text('registration_number').notNull(),
    department: text('department'),
    vatNumber: text('vat_number'),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    country: text('country').$type<BillingCountry>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    iban: text('iban'),
    bic: text('bic'),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  () => [tenantPolicy('billing_profiles')],
).enableRLS();

/** A tenant's own prices, set by the product administrator; without a row the tenant pays its pack's defaults. */
export const billingPrices = pgTable(
  'billing_prices',
  {
    appId: appId().primaryKey(),
    unitPrices: jsonb('unit_prices').$type<UnitPrices>().notNull(),
    discounts: jsonb('discounts').$type<VolumeDiscount[]>().notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  () => [tenantPolicy('billing_prices')],
).enableRLS();

/**
 * One billable fact (docs/billing.md): written by the metering recorder in the transaction of the event that
 * caused it, with the unit price in force then. `(event_id, kind)` is unique: a replayed event adds nothing.
 * `user_id` is the request's owner, kept as a plain id (no foreign key): deleting a user does not rewrite billing.
 */
export const consumptions = pgTable(
  'consumptions',
  {
    id: id(),
    appId: appId(),
    userId: uuid('user_id'),
    kind: text('kind').$type<ConsumptionKind>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** False for test-mode activity: recorded, never billed. */
    billable: boolean('billable').notNull(),
    testMode: boolean('test_mode').notNull(),
    occurredAt: tstz('occurred_at').notNull(),
    eventId: uuid('event_id').notNull(),
    requestId: uuid('request_id'),
    signerId: uuid('signer_id'),
    campaignId: uuid('campaign_id'),
    /** The operation (batch) it belongs to: an order's sending option, the api_call of an operation's create. */
    operationId: uuid('operation_id'),
  },
  (t) => [
    unique('consumptions_event_kind_unique').on(t.eventId, t.kind),
    index('consumptions_app_occurred_idx').on(t.appId, t.occurredAt),
    tenantPolicy('consumptions'),
  ],
).enableRLS();

/**
 * The consumption screens' figures, kept up to date by the recorder with each row (upsert): one row per tenant,
 * UTC month, request owner and kind, so a report reads a few rows per month instead of counting raw ones.
 * A null owner (deleted user) is one group: the unique key treats nulls as equal.
 */
export const consumptionMonthly = pgTable(
  'consumption_monthly',
  {
    appId: appId(),
    /** First day of the UTC month. */
    month: date('month', { mode: 'string' }).notNull(),
    userId: uuid('user_id'),
    kind: text('kind').$type<ConsumptionKind>().notNull(),
    /** Billable units and the sum of their unit prices. */
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    /** Test-mode units (never billed). */
    testQuantity: bigint('test_quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('consumption_monthly_key').on(t.appId, t.month, t.userId, t.kind).nullsNotDistinct(), tenantPolicy('consumption_monthly')],
).enableRLS();

/**
 * Invoicing tables (docs/invoicing.md). Issuing companies and their counters are platform-level (no tenant);
 * billing accounts and sales are tenant rows under RLS.
 */

/** The seller of invoices: a legal identity of the platform operator (managed by the product administrator). */
export const issuingCompanies = pgTable(
  'issuing_companies',
  {
    id: id(),
    name: text('name').notNull(),
    legalForm: text('legal_form').notNull(),
    shareCapital: text('share_capital').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    siren: text('siren').notNull(),
    rcsCity: text('rcs_city').notNull(),
    vatNumber: text('vat_number').notNull(),
    iban: text('iban'),
    bic: text('bic'),
    invoicePrefix: text('invoice_prefix').notNull(),
    latePenaltyText: text('late_penalty_text').notNull(),
    paymentTermsDays: integer('payment_terms_days').notNull(),
    /** The one a tenant without a billing account is invoiced by (seeded at first start). */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('issuing_companies_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    uniqueIndex('issuing_companies_prefix_unique').on(t.invoicePrefix),
  ],
);

/**
 * The gapless numbering of a series (an issuing company and a UTC year): the number is taken by an upsert that
 * locks the row until the transaction ends, so concurrent issuers queue and a rolled-back issue gives its number back.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    issuingCompanyId: uuid('issuing_company_id')
      .notNull()
      .references(() => issuingCompanies.id),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuingCompanyId, t.year] })],
);

/** A tenant's billing account; without a row: the default issuing company, no automatic payment. */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    appId: uuid('app_id')
      .primaryKey()
      .references(() => applications.id),
    issuingCompanyId: uuid('issuing_company_id')
      .notNull()
      .references(() => issuingCompanies.id),
    autoPayment: boolean('auto_payment').notNull().default(false),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  () => [tenantPolicy('billing_accounts')],
).enableRLS();

/** The seller as it was at issue time (frozen on the sale). */
export type SellerSnapshot = Omit<typeof issuingCompanies.$inferSelect, 'invoicePrefix' | 'isDefault' | 'createdAt' | 'updatedAt'>;

/**
 * The spec's "invoice or sale": delivery notes, invoices and credit notes. What was billed (lines, amounts,
 * period, buyer, seller, VAT, number, PDF) is frozen at creation: a trigger (migration 0016) refuses any change of
 * those columns, whoever asks; only the status, payment, dispute and refund columns move.
 */
export const sales = pgTable(
  'sales',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id),
    kind: text('kind').$type<SaleKind>().notNull(),
    status: text('status').$type<SaleStatus>().notNull(),
    /** Invoices and credit notes: `<prefix><year>-<000001>`, gapless within the series. */
    number: text('number'),
    issuingCompanyId: uuid('issuing_company_id')
      .notNull()
      .references(() => issuingCompanies.id),
    /** An invoice: the delivery note it was made from (unique: a note is invoiced once). */
    noteId: uuid('note_id'),
    /** A credit note: the invoice it refunds. */
    invoiceId: uuid('invoice_id'),
    /** A credit note: the payment side's refund it records (unique: a replayed refund adds nothing). */
    refundId: uuid('refund_id'),
    periodStart: tstz('period_start').notNull(),
    /** Exclusive. */
    periodEnd: tstz('period_end').notNull(),
    lines: jsonb('lines').$type<SaleLine[]>().notNull(),
    discounts: jsonb('discounts').$type<VolumeDiscount[]>().notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatRegime: text('vat_regime').$type<VatRegime>(),
    vatRatePercent: numeric('vat_rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    buyer: jsonb('buyer').$type<SaleBuyer>().notNull(),
    seller: jsonb('seller').$type<SellerSnapshot>(),
    language: text('language').notNull(),
    autoPayment: boolean('auto_payment').notNull().default(false),
    issuedAt: tstz('issued_at'),
    dueAt: tstz('due_at'),
    pdfKey: text('pdf_key'),
    pdfSha256: text('pdf_sha256'),
    // The columns that move.
    paidAt: tstz('paid_at'),
    disputed: boolean('disputed').notNull().default(false),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    cancelledAt: tstz('cancelled_at'),
    cancelledBy: uuid('cancelled_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A tenant's notes follow each other: one note per start (a re-run or a concurrent run adds no second one).
    uniqueIndex('sales_note_start_unique')
      .on(t.appId, t.periodStart)
      .where(sql`${t.kind} = 'delivery_note'`),
    uniqueIndex('sales_note_invoiced_once').on(t.noteId),
    uniqueIndex('sales_refund_once').on(t.refundId),
    uniqueIndex('sales_number_unique').on(t.issuingCompanyId, t.number),
    // Keyset pages, newest first: a tenant's invoices and credit notes, the administrator's two tabs.
    index('sales_app_documents_idx')
      .on(t.appId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.kind} <> 'delivery_note'`),
    index('sales_documents_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.kind} <> 'delivery_note'`),
    // A filter walks an index that leads with it (migration 0057): by the documents' newest-first index alone, a
    // filter matching nothing (a tenant's pending credit notes, the administrator's cancelled invoices) read every
    // document — 265 ms and 42,000 buffers at 1,000,000 invoices (docs/lists.md "Signatories, orders and invoices at 1,000,000").
    index('sales_app_kind_documents_idx')
      .on(t.appId, t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.kind} <> 'delivery_note'`),
    index('sales_app_kind_status_documents_idx')
      .on(t.appId, t.kind, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.kind} <> 'delivery_note'`),
    index('sales_app_status_documents_idx')
      .on(t.appId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.kind} <> 'delivery_note'`),
    index('sales_status_documents_idx')
      .on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.kind} <> 'delivery_note'`),
    index('sales_pending_notes_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.kind} = 'delivery_note' and ${t.status} = 'pending'`),
    index('sales_number_idx').on(t.number.op('text_pattern_ops')),
    index('sales_issued_idx').on(t.issuingCompanyId, t.issuedAt),
    index('sales_invoice_idx').on(t.invoiceId),
    // The storage sweep asks which PDF keys rows reference.
    index('sales_pdf_key_idx').on(t.pdfKey),
    tenantPolicy('sales'),
  ],
).enableRLS();
