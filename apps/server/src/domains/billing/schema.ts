import { bigint, boolean, date, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { BillingCountry, ConsumptionKind, PaymentMethod, UnitPrices, VolumeDiscount } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

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

export * from './invoicing/schema.ts';
