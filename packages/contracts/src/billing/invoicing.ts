import { z } from 'zod';
import { itemEnvelope, keysetPageFields, uuidSchema } from '../shared/common.ts';
import { consumptionKindSchema } from './schemas.ts';

/**
 * Invoicing (issue 12, second part; docs/invoicing.md): delivery notes made from consumption, invoices with gapless
 * numbers per issuing company, credit notes for refunds, and the issuing companies (the sellers).
 */

export const saleKinds = ['delivery_note', 'invoice', 'credit_note'] as const;
export const saleKindSchema = z.enum(saleKinds);
export type SaleKind = z.infer<typeof saleKindSchema>;
/** A note: pending → cancelled | invoiced. An invoice: pending (unpaid) → succeeded (paid). A credit note: succeeded. */
export const saleStatuses = ['pending', 'cancelled', 'invoiced', 'succeeded'] as const;
export const saleStatusSchema = z.enum(saleStatuses);
export type SaleStatus = z.infer<typeof saleStatusSchema>;

/** How the VAT of an invoice was decided (docs/invoicing.md, `vatFor`). */
export const vatRegimes = ['standard', 'reverse_charge', 'export'] as const;
export type VatRegime = (typeof vatRegimes)[number];

export const saleLineSchema = z.object({
  kind: consumptionKindSchema,
  /** `YYYY-MM`: the UTC month of the units (a note spanning two months has lines per month). */
  month: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  grossCents: z.number().int(),
  discountPercent: z.number(),
  netCents: z.number().int(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

/** The buyer as its billing profile said at the time of the note (frozen on the sale). */
export const saleBuyerSchema = z.object({
  companyName: z.string(),
  registrationNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  billingEmail: z.string().nullable(),
});
export type SaleBuyer = z.infer<typeof saleBuyerSchema>;

const companyFields = {
  name: z.string().trim().min(1).max(200),
  legalForm: z.string().trim().min(1).max(60),
  shareCapital: z.string().trim().min(1).max(60),
  address: z.string().trim().min(1).max(300),
  postalCode: z.string().trim().min(1).max(20),
  city: z.string().trim().min(1).max(100),
  siren: z
    .string()
    .trim()
    .regex(/^\d{9}$/, 'A SIREN has 9 digits.'),
  rcsCity: z.string().trim().min(1).max(100),
  vatNumber: z
    .string()
    .trim()
    .regex(/^FR[0-9A-Z]{2}\d{9}$/, 'A French VAT number: FR, a 2-character key, the SIREN.'),
  iban: z.string().trim().max(34).nullable(),
  bic: z.string().trim().max(11).nullable(),
  /** Letters and digits, up to 8: numbers are `<prefix><year>-<6 digits>`. */
  invoicePrefix: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,8}$/, 'Up to 8 capital letters or digits.'),
  latePenaltyText: z.string().trim().min(1).max(500),
  paymentTermsDays: z.number().int().min(0).max(60),
};
/** The seller of an invoice (spec: an application's issuing company): a platform-level legal identity. */
export const issuingCompanyInputSchema = z.object(companyFields);
export type IssuingCompanyInput = z.infer<typeof issuingCompanyInputSchema>;
export const issuingCompanySchema = z.object({
  id: uuidSchema,
  isDefault: z.boolean(),
  ...companyFields,
  updatedAt: z.string(),
  /** What keeps it off an invoice (placeholders of the first start, a wrong SIREN…): empty when it can issue. */
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type IssuingCompany = z.infer<typeof issuingCompanySchema>;
export const issuingCompanyResponse = itemEnvelope(issuingCompanySchema);
export const issuingCompaniesResponse = itemEnvelope(z.array(issuingCompanySchema));

/** A tenant's billing account: who invoices it, and whether its invoices are paid automatically. */
export const billingAccountSchema = z.object({ issuingCompanyId: uuidSchema, issuingCompanyName: z.string(), autoPayment: z.boolean() });
export type BillingAccount = z.infer<typeof billingAccountSchema>;
export const billingAccountResponse = itemEnvelope(billingAccountSchema);
export const adminBillingAccountInputSchema = z.object({ issuingCompanyId: uuidSchema.optional(), autoPayment: z.boolean().optional() });
export const tenantBillingAccountInputSchema = z.object({ autoPayment: z.boolean() });

export const saleSchema = z.object({
  id: uuidSchema,
  appId: uuidSchema,
  /** The tenant's company name (admin lists). */
  company: z.string().nullable(),
  kind: saleKindSchema,
  status: saleStatusSchema,
  /** Invoices and credit notes only. */
  number: z.string().nullable(),
  /** ISO: the note's creation, the invoice's or credit note's issue. */
  date: z.string(),
  dueAt: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  netCents: z.number().int(),
  vatRatePercent: z.number(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  vatRegime: z.enum(vatRegimes).nullable(),
  autoPayment: z.boolean(),
  paid: z.boolean(),
  paidAt: z.string().nullable(),
  disputed: z.boolean(),
  refundedCents: z.number().int(),
  /** A note: its invoice once converted; an invoice: its note; a credit note: the invoice it refunds. */
  relatedId: uuidSchema.nullable(),
  hasPdf: z.boolean(),
});
export type Sale = z.infer<typeof saleSchema>;
export const saleDetailSchema = saleSchema.extend({
  lines: z.array(saleLineSchema),
  buyer: saleBuyerSchema,
  language: z.string(),
  creditNotes: z.array(saleSchema),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;
export const saleDetailResponse = itemEnvelope(saleDetailSchema);

/** Keyset paging (docs/invoicing.md). */
const pageFields = keysetPageFields;
export const tenantSalesQuerySchema = z.object({
  ...pageFields,
  kind: z.enum(['invoice', 'credit_note']).optional(),
  status: z.enum(['pending', 'succeeded']).optional(),
});
export type TenantSalesQuery = z.infer<typeof tenantSalesQuerySchema>;
export const salesTabs = ['to_invoice', 'invoices'] as const;
export const adminSalesQuerySchema = z.object({
  ...pageFields,
  /** To be invoiced: pending delivery notes; Invoices: invoices and credit notes. */
  tab: z.enum(salesTabs).default('invoices'),
  appId: uuidSchema.optional(),
  status: saleStatusSchema.optional(),
  /** The tenant's company name (3 characters at least) or an invoice number. */
  search: z
    .string()
    .max(200)
    .optional()
    .transform((s) => (s && s.trim().length >= 3 ? s.trim() : undefined)),
});
export type AdminSalesQuery = z.infer<typeof adminSalesQuerySchema>;
export const salesPageSchema = z.object({ data: z.array(saleSchema), nextCursor: z.string().nullable(), limit: z.number().int() });
export type SalesPage = z.infer<typeof salesPageSchema>;

export const saleIdsSchema = z.object({
  saleIds: z
    .array(uuidSchema)
    .max(500)
    .refine((ids) => ids.length > 0, { message: 'Select at least one invoice: a payment with no selected sales is rejected.', params: { rule: 'required' } }),
});
export const paymentRequestedResponse = itemEnvelope(z.object({ paymentRequestId: uuidSchema, amountCents: z.number().int(), saleIds: z.array(uuidSchema) }));
export const convertedResponse = itemEnvelope(z.object({ invoices: z.array(saleSchema) }));

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM.');
/** Delivery notes on demand: up to the end of a month (closed) or up to now. */
/**
 * The product administrator sets or clears an invoice's disputed flag by hand (a dispute known outside the payment
 * provider, or one settled with the client); the reason goes to the audit row.
 */
export const disputedInputSchema = z.object({ disputed: z.boolean(), reason: z.string().trim().max(500).optional() });
export type DisputedInput = z.infer<typeof disputedInputSchema>;
export const runNotesInputSchema = z.union([z.object({ month: monthSchema }), z.object({ upTo: z.literal('now') })]);
export type RunNotesInput = z.infer<typeof runNotesInputSchema>;
export const runNotesResponse = itemEnvelope(z.object({ boundary: z.string(), tenants: z.number().int() }));

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written YYYY-MM-DD.');
/** A range of issue dates, both days included (UTC). */
export const salesRangeSchema = z
  .object({ from: daySchema, to: daySchema, issuingCompanyId: uuidSchema.optional() })
  .refine((r) => r.to >= r.from, { path: ['to'], message: 'The end date is before the start date.', params: { rule: 'invalid_value' } });
export type SalesRange = z.infer<typeof salesRangeSchema>;
export const fecInputSchema = z
  .object({ from: daySchema, to: daySchema, issuingCompanyId: uuidSchema })
  .refine((r) => r.to >= r.from, { path: ['to'], message: 'The end date is before the start date.', params: { rule: 'invalid_value' } });
export type FecInput = z.infer<typeof fecInputSchema>;
