import { z } from 'zod';
import { itemEnvelope, listEnvelope, uuidSchema } from '../shared/common.ts';

/** Payments (docs/payments.md): card through the provider (Stripe), SEPA direct debit with signed mandates. */

export const paymentStatuses = ['pending', 'requires_action', 'succeeded', 'failed'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const disputeStatuses = ['opened', 'won', 'lost'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];
export const paymentKinds = ['card', 'sepa'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** Append-only ledger rows: one per money movement (signed cents: money in > 0, money out < 0). */
export const ledgerKinds = [
  'charge',
  'refund',
  'dispute_opened',
  'dispute_won',
  'dispute_lost',
  'sepa_collected',
  'sepa_rejected',
  'sepa_refund_transfer',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * SEPA R-transaction reason codes an administrator may record for a rejected debit (EPC SDD rulebook, the
 * usual ones); the label is the tenant's reason in `payment.failed`.
 */
export const sepaReturnReasons = {
  AC01: 'Account identifier incorrect (invalid IBAN)',
  AC04: 'Account closed',
  AC06: 'Account blocked',
  AC13: 'Debtor account is a consumer account',
  AG01: 'Transaction forbidden on this account',
  AG02: 'Invalid bank operation code',
  AM04: 'Insufficient funds',
  AM05: 'Duplicate collection',
  BE05: 'Creditor identifier incorrect',
  FF01: 'Invalid file format',
  MD01: 'No valid mandate',
  MD02: 'Mandate data missing or incorrect',
  MD06: 'Refund requested by the debtor',
  MD07: 'Debtor deceased',
  MS02: 'Refused by the debtor',
  MS03: 'Reason not specified',
  RC01: 'Bank identifier (BIC) incorrect',
  RR01: 'Missing debtor account or identification',
  RR02: 'Missing debtor name or address',
  RR03: 'Missing creditor name or address',
  RR04: 'Regulatory reason',
  SL01: 'Specific service offered by the debtor bank',
} as const;
export type SepaReturnReason = keyof typeof sepaReturnReasons;
export const sepaReturnReasonSchema = z.enum(Object.keys(sepaReturnReasons) as [SepaReturnReason, ...SepaReturnReason[]]);

export const savedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const sepaMandateSchema = z.object({
  id: uuidSchema,
  /** Unique mandate reference (RUM). */
  rum: z.string(),
  creditorId: z.string(),
  creditorName: z.string(),
  debtorName: z.string(),
  debtorAddress: z.string(),
  /** Masked: FR76 **** **** 0189. */
  iban: z.string(),
  bic: z.string().nullable(),
  type: z.literal('recurrent'),
  status: z.enum(['active', 'revoked']),
  signedAt: z.string(),
  signedBy: z.string(),
});
export type SepaMandate = z.infer<typeof sepaMandateSchema>;

export const paymentMethodsSchema = z.object({
  /** The billing profile's choice (null: no profile yet). */
  method: z.enum(paymentKinds).nullable(),
  /** False until the billing profile is complete: adding a method needs it (spec §5). */
  profileComplete: z.boolean(),
  /** Card payments configured: a key, or the local stand-in outside production. */
  cardAvailable: z.boolean(),
  cards: z.array(savedCardSchema),
  mandate: sepaMandateSchema.nullable(),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;
export const paymentMethodsResponse = itemEnvelope(paymentMethodsSchema);

export const hostedCardSetupResponse = itemEnvelope(z.object({ url: z.string() }));
export const cardParamsSchema = z.object({ cardId: z.string().regex(/^[A-Za-z0-9_]{3,100}$/) });
export const checkoutReturnBodySchema = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_]{3,200}$/) });

/** The mandate text the signer accepts (its SHA-256 is recorded), and the mandate once signed. */
export const sepaMandateStateSchema = z.object({
  mandate: sepaMandateSchema.nullable(),
  /** The text to accept (null when the profile is not complete or the method is not SEPA). */
  text: z.string().nullable(),
  textSha256: z.string().nullable(),
});
export const sepaMandateStateResponse = itemEnvelope(sepaMandateStateSchema);
export const signMandateBodySchema = z.object({
  /** The signer's password: the electronic signature of the mandate (docs/payments.md). */
  password: z.string().min(1).max(200),
  /** The SHA-256 of the text shown: a text changed meanwhile is refused. */
  textSha256: z.string().regex(/^[0-9a-f]{64}$/),
  accept: z.literal(true),
});

export const invoiceOfPaymentSchema = z.object({
  saleId: uuidSchema,
  number: z.string(),
  totalCents: z.number().int(),
  issuedAt: z.string(),
  refundedCents: z.number().int(),
});
export const paymentSchema = z.object({
  id: uuidSchema,
  appId: uuidSchema,
  company: z.string().optional(),
  paymentRequestId: uuidSchema,
  trigger: z.enum(['tenant', 'admin', 'auto']),
  method: z.enum(paymentKinds),
  status: paymentStatusSchema,
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  invoices: z.array(invoiceOfPaymentSchema),
  failureReason: z.string().nullable(),
  /** The 3-D Secure page to follow while `requires_action`. */
  actionUrl: z.string().nullable(),
  dispute: z.enum(disputeStatuses).nullable(),
  sepaBatchId: uuidSchema.nullable(),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentResponse = itemEnvelope(paymentSchema);
export const paymentListResponse = listEnvelope(paymentSchema);
export const paymentListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  status: paymentStatusSchema.optional(),
  appId: uuidSchema.optional(),
});

export const refundParamsSchema = z.object({ saleId: uuidSchema, amountCents: z.coerce.number().int().positive().max(100_000_000) });
/** A JSON body, `{}` at least (the reason is optional). */
export const refundBodySchema = z.object({ reason: z.string().trim().max(500).nullable().optional() });
export const refundSchema = z.object({
  id: uuidSchema,
  paymentId: uuidSchema,
  saleId: uuidSchema,
  amountCents: z.number().int(),
  /** Card: `succeeded` (the provider refunded). SEPA: `transfer_pending` (a bank transfer to make), then `transferred`. */
  status: z.enum(['succeeded', 'transfer_pending']),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export const refundResponse = itemEnvelope(refundSchema);

export const sepaBatchSchema = z.object({
  id: uuidSchema,
  messageId: z.string(),
  status: z.enum(['exported', 'collected']),
  numberOfTransactions: z.number().int(),
  controlSumCents: z.number().int(),
  /** FRST and RCUR collection dates (YYYY-MM-DD). */
  collectionDates: z.record(z.string(), z.string()),
  createdAt: z.string(),
  collectedAt: z.string().nullable(),
});
export const sepaBatchResponse = itemEnvelope(sepaBatchSchema);
export const sepaOverviewResponse = itemEnvelope(z.object({ pending: z.array(paymentSchema), batches: z.array(sepaBatchSchema) }));
export const sepaRejectBodySchema = z.object({ reasonCode: sepaReturnReasonSchema });
export const paymentIdParamsSchema = z.object({ id: uuidSchema });
export const webhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
