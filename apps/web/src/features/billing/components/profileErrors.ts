import type { TFunction } from 'i18next';
import type { FormErrors } from '@mantine/form';
import { billingProfileInputSchema, type BillingProfileInput, type FieldError } from '@paraphe/contracts';
import { ruleOfIssue } from '../../../shared/forms/validationRules.ts';

/**
 * The billing profile's errors in the user's language: an identifier check (SIREN, VAT number, IBAN, BIC) by its
 * problem code (`problems.<code>`, with its parameters), any other rule by the common validation texts.
 */
export function profileErrors(input: BillingProfileInput, t: TFunction): FormErrors {
  const parsed = billingProfileInputSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (path in errors) continue;
    const custom = issue.code === 'custom' ? (issue.params as { problem?: string; values?: Record<string, string> } | undefined) : undefined;
    if (custom?.problem) errors[path] = t(`problems.${custom.problem}`, { ...custom.values, defaultValue: issue.message });
    else {
      const { rule, params } = ruleOfIssue(issue);
      errors[path] = t(`validation.${rule}`, params);
    }
  }
  return errors;
}

/** Field errors the server gave (the same checks: its English sentence when it is one of them). */
export function serverProfileErrors(fields: readonly FieldError[], t: TFunction): FormErrors {
  return Object.fromEntries(
    fields.map((f) => [f.field, f.rule === 'invalid_value' ? f.message : t(`validation.${f.rule}`, { ...f.params, defaultValue: f.message })]),
  );
}
