import { z } from 'zod';
import { billingCountries, compactIdentifier, describeProblem, registrationNumberProblem } from '../billing/identifiers.ts';

// A module of its own: the company checks (billing/identifiers.ts) stay out of what the login's session schemas
// bring into the web app's first load (applications/schemas.ts is in it).
const billingCountrySchema = z.enum(billingCountries);

/**
 * "Company identity verified" (product administrator, docs/stamps.md "Who a seal is attributed to"): the legal name
 * and registration number the administrator checked (in France: a SIREN or SIRET, its check digit verified here; the
 * registry itself is the administrator's to read). The platform CA's seals of the account are then shown under that
 * name as confirmed; cleared, with an audit row, when the tenant changes its company name, legal name or number.
 */
export const companyIdentityInputSchema = z
  .object({
    legalName: z.string().trim().min(1).max(200),
    registrationNumber: z.string().trim().min(1).max(40),
    country: billingCountrySchema.default('FR'),
  })
  .superRefine((p, ctx) => {
    const wrong = registrationNumberProblem(p.registrationNumber, p.country);
    if (wrong)
      ctx.addIssue({
        code: 'custom',
        path: ['registrationNumber'],
        message: describeProblem(wrong),
        params: { rule: 'invalid_value', problem: wrong.code, values: wrong.params ?? {} },
      });
  })
  .transform((p) => ({ ...p, registrationNumber: p.country === 'FR' ? compactIdentifier(p.registrationNumber) : p.registrationNumber }));
export type CompanyIdentityInput = z.input<typeof companyIdentityInputSchema>;
