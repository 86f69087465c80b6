import { z } from 'zod';
import { itemEnvelope, uuidSchema } from '../shared/common.ts';
import { packSchema } from '../shared/access.ts';
import { emailSchema } from '../users/schemas.ts';
import { bicProblem, ibanProblem } from './bank-identifiers.ts';
import { billingCountries, compactIdentifier, describeProblem, registrationNumberProblem, vatNumberProblem, type IdentifierProblem } from './identifiers.ts';
import { consumptionKinds, type ConsumptionKind, type UnitPrices } from './pricing.ts';

/**
 * Billing (spec §3 Billing profile and Application prices, §7 Money: conso, users conso, prices). docs/billing.md
 * gives the rules: when live sending is allowed, what is metered, how discounts apply.
 */

// ----- Billing profile -----

export const paymentMethods = ['card', 'sepa'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const billingCountrySchema = z.enum(billingCountries);

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1).max(max);
/** An optional text: blank is "not given" (null). */
const optional = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => v || null);
/**
 * A field error whose message is the check's own, in English (the API keeps it, see platform/http/validation.ts);
 * `params.problem` and `params.values` let the web word it in the user's language.
 */
const problem = (ctx: z.RefinementCtx, field: string, p: IdentifierProblem) =>
  ctx.addIssue({ code: 'custom', path: [field], message: describeProblem(p), params: { rule: 'invalid_value', problem: p.code, values: p.params ?? {} } });

export const billingProfileInputSchema = z
  .object({
    /** Where invoices and payment notices go. */
    billingEmail: emailSchema,
    companyName: required(200),
    /** SIREN or SIRET in France (Luhn-checked), the national company number elsewhere. */
    registrationNumber: required(40),
    department: optional(100),
    /** Intra-community VAT number: its prefix must be the profile's country's (EL for Greece). */
    vatNumber: optional(30),
    /** Head office address. */
    address: required(300),
    postalCode: required(20),
    city: required(100),
    country: billingCountrySchema,
    paymentMethod: paymentMethodSchema,
    /** SEPA direct debit: the account debited (required), and its bank's BIC (optional). */
    iban: optional(50),
    bic: optional(20),
  })
  .superRefine((p, ctx) => {
    const registration = registrationNumberProblem(p.registrationNumber, p.country);
    if (registration) problem(ctx, 'registrationNumber', registration);
    const vat = p.vatNumber && vatNumberProblem(p.vatNumber, p.country, registration ? null : p.registrationNumber);
    if (vat) problem(ctx, 'vatNumber', vat);
    if (p.paymentMethod === 'sepa' && !p.iban) problem(ctx, 'iban', { code: 'iban_required' });
    const iban = p.iban && ibanProblem(p.iban);
    if (iban) problem(ctx, 'iban', iban);
    const bic = p.bic && bicProblem(p.bic, iban ? null : p.iban);
    if (bic) problem(ctx, 'bic', bic);
  })
  .transform((p) => ({
    ...p,
    registrationNumber: p.country === 'FR' ? compactIdentifier(p.registrationNumber) : p.registrationNumber,
    vatNumber: p.vatNumber && compactIdentifier(p.vatNumber),
    // A card is managed by the payment provider: no account number is kept for it.
    iban: p.paymentMethod === 'sepa' && p.iban ? compactIdentifier(p.iban) : null,
    bic: p.paymentMethod === 'sepa' && p.bic ? compactIdentifier(p.bic) : null,
  }));
export type BillingProfileInput = z.input<typeof billingProfileInputSchema>;
export type BillingProfileValues = z.output<typeof billingProfileInputSchema>;

export const billingProfileSchema = z.object({
  billingEmail: z.string(),
  companyName: z.string(),
  registrationNumber: z.string(),
  department: z.string().nullable(),
  vatNumber: z.string().nullable(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: billingCountrySchema,
  paymentMethod: paymentMethodSchema,
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  updatedAt: z.string(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;

/**
 * The tenant's profile (null until first saved), whether it is complete (what live sending needs), and whether the
 * tenant is exempt: the platform's own tenant sends in live mode without any profile.
 */
export const billingProfileStateSchema = z.object({ profile: billingProfileSchema.nullable(), complete: z.boolean(), exempt: z.boolean() });
export type BillingProfileState = z.infer<typeof billingProfileStateSchema>;
export const billingProfileResponse = itemEnvelope(billingProfileStateSchema);

/**
 * Going live from the tenant's own settings (docs/billing.md "Going live"): no approval, the switch is the GERANT's
 * once the billing profile is complete; it asks for an explicit confirmation. Back to test mode is the administrator's.
 */
export const liveModeStateSchema = z.object({ testMode: z.boolean(), billingComplete: z.boolean() });
export type LiveModeState = z.infer<typeof liveModeStateSchema>;
export const liveModeStateResponse = itemEnvelope(liveModeStateSchema);
export const goLiveInputSchema = z.object({ confirm: z.literal(true, 'Confirm the switch to live mode: send { "confirm": true }.') });

/** What makes a saved profile complete for live sending (spec §5): the identity, the address, a payment method. */
export function isProfileComplete(
  p: Pick<BillingProfile, 'billingEmail' | 'companyName' | 'registrationNumber' | 'address' | 'postalCode' | 'city' | 'country' | 'paymentMethod' | 'iban'>,
): boolean {
  const identity = [p.billingEmail, p.companyName, p.registrationNumber, p.address, p.postalCode, p.city, p.country].every((v) => Boolean(v?.trim()));
  return identity && (p.paymentMethod === 'card' || Boolean(p.iban));
}

// ----- Prices -----

export const consumptionKindSchema = z.enum(consumptionKinds);
/** A unit price in cents excluding VAT: 0 to 100,000 € (a qualified certificate is the dearest). */
const centsSchema = z.number().int().min(0).max(10_000_000);
export const unitPricesSchema = z.object(
  Object.fromEntries(consumptionKinds.map((k) => [k, centsSchema])) as Record<ConsumptionKind, typeof centsSchema>,
) as unknown as z.ZodType<UnitPrices>;

export const volumeDiscountSchema = z.object({
  threshold: z.number().int().min(1).max(100_000_000),
  percent: z
    .number()
    .gt(0)
    .max(100)
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-9, { message: 'At most two decimals.', params: { rule: 'invalid_value' } }),
});

export const priceListInputSchema = z.object({
  unitPrices: unitPricesSchema,
  discounts: z
    .array(volumeDiscountSchema)
    .max(10)
    .refine((list) => new Set(list.map((d) => d.threshold)).size === list.length, {
      message: 'Two discounts have the same threshold.',
      params: { rule: 'invalid_value' },
    })
    .transform((list) => [...list].sort((a, b) => a.threshold - b.threshold)),
});
export type PriceListInput = z.input<typeof priceListInputSchema>;

/** A tenant's prices: its own when the administrator set them (`custom`), otherwise its pack's defaults. */
export const tenantPricesSchema = z.object({
  pack: packSchema,
  custom: z.boolean(),
  unitPrices: unitPricesSchema,
  discounts: z.array(volumeDiscountSchema),
  updatedAt: z.string().nullable(),
});
export type TenantPrices = z.infer<typeof tenantPricesSchema>;
export const tenantPricesResponse = itemEnvelope(tenantPricesSchema);

// ----- Consumption -----

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM.');
/** The longest range a report covers (a screen shows at most two years). */
export const consumptionMaxMonths = 24;
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

/** Months `from` to `to` included (UTC calendar months). */
export const consumptionQuerySchema = z
  .object({ from: monthSchema, to: monthSchema })
  .refine((q) => monthIndex(q.to) >= monthIndex(q.from), {
    path: ['to'],
    message: 'The end month is before the start month.',
    params: { rule: 'invalid_value' },
  })
  .refine((q) => monthIndex(q.to) - monthIndex(q.from) < consumptionMaxMonths, {
    path: ['to'],
    message: `At most ${consumptionMaxMonths} months at once.`,
    params: { rule: 'invalid_value' },
  });
export type ConsumptionQuery = z.infer<typeof consumptionQuerySchema>;

/** One kind over a month (or summed over the range): test-mode units are counted apart and never billed. */
export const consumptionLineSchema = z.object({
  kind: consumptionKindSchema,
  quantity: z.number().int(),
  testQuantity: z.number().int(),
  grossCents: z.number().int(),
  discountPercent: z.number(),
  discountCents: z.number().int(),
  netCents: z.number().int(),
});
export type ConsumptionLine = z.infer<typeof consumptionLineSchema>;

const amounts = { grossCents: z.number().int(), discountCents: z.number().int(), netCents: z.number().int() };
export const consumptionMonthSchema = z.object({ month: z.string(), lines: z.array(consumptionLineSchema), ...amounts });
export const consumptionUserSchema = z.object({
  /** Null: activity of requests whose owner was deleted. */
  userId: uuidSchema.nullable(),
  name: z.string().nullable(),
  quantity: z.number().int(),
  testQuantity: z.number().int(),
  ...amounts,
});

export const consumptionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(consumptionMonthSchema),
  /** Per kind over the whole range (each month's discount is its own: the sum of the months). */
  totals: z.object({ lines: z.array(consumptionLineSchema), ...amounts }),
  users: z.array(consumptionUserSchema),
});
export type ConsumptionReport = z.infer<typeof consumptionReportSchema>;
export const consumptionReportResponse = itemEnvelope(consumptionReportSchema);
export const userConsumptionParamsSchema = z.object({ userId: uuidSchema });
