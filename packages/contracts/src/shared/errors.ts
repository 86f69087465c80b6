import { z } from 'zod';

export * from './error-codes.ts';

/** Validation rules of spec §5; each has a message key in the web app's locales (`validation.<rule>`). */
export const validationRules = [
  'required',
  'invalid_value',
  'invalid_number',
  'alphanumeric',
  'invalid_phone',
  'invalid_mobile',
  'url_https',
  'invalid_url',
  'invalid_address',
  'file_too_big',
  'too_long',
  'too_short',
  'out_of_range',
  'not_identical',
  'invalid_email',
  'invalid_email_domain',
  'password_policy',
] as const;
export type ValidationRule = (typeof validationRules)[number];

export const fieldErrorSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** "<code> : <message>", the form the spec's screens recognise errors by. */
    detail: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
    /** Code-specific data, e.g. LINK_UNAVAILABLE { reason }, CODE_RESEND_TOO_SOON { resendAvailableAt }. */
    details: z.record(z.string(), z.unknown()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
