import type { z } from 'zod';
import type { TFunction } from 'i18next';
import type { FormErrors } from '@mantine/form';
import { ApiError } from '../api/apiError.ts';
import { notifyApiError } from '../api/notify.ts';
import { fieldRulesOf } from './validationRules.ts';

/** Mantine `validate` function: the contract schema decides, the locales word the message. */
export function schemaValidator<V>(schema: z.ZodType, t: TFunction, prepare: (values: V) => unknown = (v) => v) {
  return (values: V): FormErrors => {
    const parsed = schema.safeParse(prepare(values));
    if (parsed.success) return {};
    const errors: FormErrors = {};
    for (const [path, { rule, params }] of Object.entries(fieldRulesOf(parsed.error.issues))) {
      errors[path] = t(`validation.${rule}`, params);
    }
    return errors;
  };
}

/** Empty inputs mean "no value" for the optional fields of the contracts (`nullish`). */
export function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

type ErrorSink = { setErrors: (errors: FormErrors) => void };

/**
 * Shows a failed save on the form: field errors under their fields, known codes (e.g. an e-mail that
 * already exists) under the field they concern, anything else as the usual toast. Returns true when
 * the form displayed it.
 */
export function showFormError(form: ErrorSink, error: unknown, t: TFunction, codeFields: Record<string, string> = {}): boolean {
  if (error instanceof ApiError) {
    // A business code (duplicate e-mail, invalid line manager…) says more than the rule of its field.
    const codeMessage = error.code === 'VALIDATION_FAILED' ? '' : t(`errors.${error.code}`, { defaultValue: '' });
    const errors: FormErrors = {};
    for (const field of error.fields) {
      errors[field.field] = codeMessage || t(`validation.${field.rule}`, { ...field.params, defaultValue: field.message });
    }
    const codeField = codeFields[error.code];
    if (codeField) errors[codeField] = codeMessage;
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return true;
    }
  }
  notifyApiError(error);
  return false;
}
