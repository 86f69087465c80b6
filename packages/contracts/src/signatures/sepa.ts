import { z } from 'zod';
import { bicProblem } from '../billing/bank-identifiers.ts';
import { compactIdentifier, describeProblem } from '../billing/identifiers.ts';
import { listEnvelope, listQuerySchema } from '../shared/common.ts';

/** Letters → numbers (A=10 … Z=35), then the ISO 7064 mod-97 remainder, computed piecewise (no BigInt needed). */
function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const ch of alphanumeric) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder;
}

export const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** IBAN: country, check digits, BBAN; valid when the rearranged number mod 97 is 1. */
export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/**
 * SEPA creditor identifier (ICS): country, check digits, 3-character business code, national id.
 * The check digits cover the national id and the country only (the business code is ignored).
 */
export function isValidCreditorId(input: string): boolean {
  const ics = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(ics)) return false;
  return mod97(ics.slice(7) + ics.slice(0, 4)) === 1;
}

/** Unique mandate reference (RUM): at most 35 characters of the SEPA character set. */
export const isValidMandateReference = (rum: string) => /^[A-Za-z0-9/?:().,'+ -]{1,35}$/.test(rum);

export const sepaMandateTypes = ['recurrent', 'oneOff'] as const;

export const sepaPreprocessingSchema = z
  .object({
    rum: z
      .string()
      .trim()
      .refine(isValidMandateReference, { message: 'Invalid mandate reference (RUM).', params: { rule: 'invalid_value' } }),
    ics: z
      .string()
      .trim()
      .refine(isValidCreditorId, { message: 'Invalid creditor identifier (ICS).', params: { rule: 'invalid_value' } }),
    type: z.enum(sepaMandateTypes),
    debtor: z.object({
      name: z.string().trim().min(1).max(140),
      address: z.string().trim().min(1).max(500),
      iban: z
        .string()
        .transform(normalizeIban)
        .refine(isValidIban, { message: 'Invalid IBAN.', params: { rule: 'invalid_value' } }),
      /** Optional (SEPA Core no longer requires it); when given, 8 or 11 characters of a bank in the IBAN's country. */
      bic: z.string().transform(compactIdentifier).optional(),
    }),
  })
  .superRefine((sepa, ctx) => {
    const problem = sepa.debtor.bic ? bicProblem(sepa.debtor.bic, sepa.debtor.iban) : null;
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['debtor', 'bic'], message: `Invalid BIC: ${describeProblem(problem)}.`, params: { rule: 'invalid_value' } });
  });
export type SepaPreprocessing = z.infer<typeof sepaPreprocessingSchema>;

/** The stored shape (responses: no transforms). */
export const sepaPreprocessingOutputSchema = z.object({
  rum: z.string(),
  ics: z.string(),
  type: z.enum(sepaMandateTypes),
  debtor: z.object({ name: z.string(), address: z.string(), iban: z.string(), bic: z.string().optional() }),
});

/** An IBAN as lists show it: only the last 4 characters readable. */
export const maskIban = (iban: string) => `${'•'.repeat(Math.max(0, iban.length - 4))}${iban.slice(-4)}`;

/** A signed pre-processing mandate, as the signed-mandates list shows it (docs/signatures.md). */
export const signedMandateSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  rum: z.string(),
  ics: z.string(),
  type: z.enum(sepaMandateTypes),
  debtorName: z.string(),
  /** Masked: only the last 4 characters. */
  iban: z.string(),
  signedAt: z.string(),
});
export type SignedMandate = z.infer<typeof signedMandateSchema>;
export const signedMandateListQuerySchema = listQuerySchema.pick({ limit: true, offset: true, order: true });
export const signedMandateListResponse = listEnvelope(signedMandateSchema);
