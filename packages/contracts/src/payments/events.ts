import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';

const cents = z.number().int().positive();
const paymentMethodKind = z.enum(['card', 'sepa']);

/**
 * Domain events of payments: the answers to `billing.payment_requested` (contracts/billing/events.ts). Billing
 * records them on its invoices with an in-transaction recorder: paid, disputed flag, credit note for a refund.
 * Every money movement behind them is also an append-only ledger row of the payments domain.
 */
export const paymentEventSchemas = {
  'payment.succeeded': z.object({
    paymentId: uuidSchema,
    paymentRequestId: uuidSchema,
    saleIds: z.array(uuidSchema).min(1),
    amountCents: cents,
    method: paymentMethodKind,
    succeededAt: z.string(),
  }),
  'payment.failed': z.object({
    paymentId: uuidSchema,
    paymentRequestId: uuidSchema,
    saleIds: z.array(uuidSchema).min(1),
    trigger: z.enum(['tenant', 'admin', 'auto']),
    method: paymentMethodKind,
    /** A short reason fit for the tenant (the provider's decline message, "no payment method", a SEPA return code). */
    reason: z.string(),
  }),
  'payment.dispute_changed': z.object({ paymentId: uuidSchema, saleIds: z.array(uuidSchema).min(1), status: z.enum(['opened', 'won', 'lost']) }),
  'payment.refunded': z.object({ paymentId: uuidSchema, refundId: uuidSchema, saleId: uuidSchema, amountCents: cents, reason: z.string().nullable() }),
  /**
   * An automatic payment failed: one event per person to tell (the tenant's owner, in the tenant; the product
   * administrator, in the platform's tenant), turned into an in-app notice by the notifications domain.
   */
  'payment.auto_payment_failed': z.object({
    paymentId: uuidSchema,
    userId: uuidSchema,
    tenantAppId: uuidSchema,
    company: z.string(),
    amountCents: cents,
    reason: z.string(),
  }),
} as const;
