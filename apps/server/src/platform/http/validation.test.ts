import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { applicationSettingsSchema, passwordSchema, phoneSchema, signUpInputSchema, userInputSchema } from '@paraphe/contracts';
import { toFieldErrors, type ZodIssueLike } from './validation.ts';

/** Validates like a route does (same compiler, same issue shape), then maps the issues as the error handler does. */
function fieldErrors(schema: z.ZodTypeAny, input: unknown) {
  const result = (validatorCompiler as unknown as (o: { schema: z.ZodTypeAny }) => (d: unknown) => { error?: ZodIssueLike[] })({ schema })(input);
  if (!result.error) throw new Error('expected the input to be invalid');
  return toFieldErrors(result.error, input);
}
const only = (schema: z.ZodTypeAny, input: unknown) => {
  const errors = fieldErrors(schema, input);
  expect(errors).toHaveLength(1);
  return errors[0]!;
};

describe('toFieldErrors', () => {
  const user = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', profile: 'COMMERCIAL' };

  it('tells a missing field (required) from a field of the wrong type (invalid_value / invalid_number)', () => {
    expect(only(userInputSchema, { ...user, firstName: undefined })).toMatchObject({ field: 'firstName', rule: 'required', message: 'Required.' });
    expect(only(userInputSchema, { ...user, firstName: null })).toMatchObject({ field: 'firstName', rule: 'required' });
    expect(only(userInputSchema, { ...user, firstName: 12 })).toMatchObject({ field: 'firstName', rule: 'invalid_value' });
    expect(only(z.object({ n: z.number() }), { n: 'x' })).toMatchObject({ field: 'n', rule: 'invalid_number' });
    expect(only(userInputSchema, { ...user, profile: undefined })).toMatchObject({ field: 'profile', rule: 'required' });
    expect(only(userInputSchema, { ...user, profile: 'BOSS' })).toMatchObject({ field: 'profile', rule: 'invalid_value' });
  });

  it('maps formats and lengths to the spec rules with their parameters', () => {
    expect(only(userInputSchema, { ...user, email: 'nope' })).toMatchObject({ field: 'email', rule: 'invalid_email', message: 'Invalid email.' });
    expect(only(userInputSchema, { ...user, firstName: '' })).toMatchObject({ rule: 'required' });
    expect(only(userInputSchema, { ...user, lastName: 'x'.repeat(101) })).toEqual({
      field: 'lastName',
      rule: 'too_long',
      message: 'Text longer than 100 characters.',
      params: { max: 100 },
    });
    expect(only(z.object({ s: z.string().min(3) }), { s: 'ab' })).toEqual({
      field: 's',
      rule: 'too_short',
      message: 'Text shorter than the minimum.',
      params: { min: 3 },
    });
    expect(only(z.object({ n: z.number().min(1).max(9) }), { n: 10 })).toMatchObject({ rule: 'out_of_range', params: { max: 9 } });
    expect(only(z.object({ n: z.number().min(1).max(9) }), { n: 0 })).toMatchObject({ rule: 'out_of_range', params: { min: 1 } });
    expect(only(z.object({ u: z.url() }), { u: 'not a url' })).toMatchObject({ rule: 'invalid_url' });
    expect(only(z.object({ id: z.uuid() }), { id: 'x' })).toMatchObject({ rule: 'invalid_value' });
  });

  it('keeps the rule and message of the contracts’ custom checks', () => {
    expect(only(z.object({ password: passwordSchema }), { password: 'short' })).toMatchObject({ field: 'password', rule: 'password_policy' });
    expect(only(z.object({ mobile: phoneSchema }), { mobile: '0612' })).toEqual({ field: 'mobile', rule: 'invalid_phone', message: 'Invalid phone number.' });
    expect(only(applicationSettingsSchema.partial(), { failRedirection: 'http://example.com' })).toMatchObject({
      field: 'failRedirection',
      rule: 'url_https',
      message: 'URL must be HTTPS.',
    });
  });

  it('names nested fields with dots and the root as (root)', () => {
    const base = { company: 'C', firstName: 'F', lastName: 'L', email: 'f@example.com', password: 'Secret-pass1' };
    expect(only(signUpInputSchema, { ...base, consents: { terms: true, personalData: false } })).toMatchObject({
      field: 'consents.personalData',
      rule: 'invalid_value',
    });
    expect(only(signUpInputSchema, { ...base, consents: { terms: true } })).toMatchObject({ field: 'consents.personalData', rule: 'required' });
    expect(only(z.array(z.string()), 'x')).toMatchObject({ field: '(root)' });
    expect(only(z.object({ list: z.array(z.string()) }), { list: ['a', 3] })).toMatchObject({ field: 'list.1', rule: 'invalid_value' });
  });

  it('lists one error per broken field', () => {
    const errors = fieldErrors(userInputSchema, { email: 'bad' });
    expect(errors.map((e) => `${e.field}:${e.rule}`).sort()).toEqual(['email:invalid_email', 'firstName:required', 'lastName:required', 'profile:required']);
  });
});
