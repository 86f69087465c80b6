import { z } from 'zod';
import { packSchema } from '../shared/access.ts';
import { uuidSchema } from '../shared/common.ts';

const cents = z.number().int();

/** An invoice handed to the payment side: enough to charge it and to check a refund's 3-month limit. */
export const invoiceToPaySchema = z.object({
  saleId: uuidSchema,
  number: z.string(),
  /** Amount including VAT still due, in euro cents. */
  totalCents: cents.positive(),
  /** ISO timestamp of the invoice's issue (a refund is allowed within 3 months of it). */
  issuedAt: z.string(),
});
export type InvoiceToPay = z.infer<typeof invoiceToPaySchema>;

/**
 * Domain events of billing (emitted in the transaction of the change).
 *
 * The contract between invoicing (`billing`, below) and payment (`payments`, above it): billing asks for a payment
 * with `billing.payment_requested` — the tenant paying selected invoices, the product administrator putting a
 * delivery note or an invoice to payment, or an invoice issued for a tenant with auto-payment — and the payments
 * domain answers with the `payment.*` events (contracts/payments/events.ts), which billing records on its invoices
 * (paid, disputed, credit note for a refund) in the same transaction.
 */
export const billingEventSchemas = {
  'billing.profile_saved': z.object({ complete: z.boolean(), paymentMethod: z.enum(['card', 'sepa']) }),
  'billing.prices_changed': z.object({ pack: packSchema, custom: z.boolean() }),
  'billing.invoice_issued': z.object({ saleId: uuidSchema, number: z.string(), totalCents: cents, autoPayment: z.boolean(), issuedAt: z.string() }),
  'billing.payment_requested': z.object({
    /** Idempotency key of this request: the payment side creates at most one payment per value. */
    paymentRequestId: uuidSchema,
    trigger: z.enum(['tenant', 'admin', 'auto']),
    requestedBy: uuidSchema.nullable(),
    invoices: z.array(invoiceToPaySchema).min(1),
    amountCents: cents.positive(),
    currency: z.literal('EUR'),
  }),
} as const;
