import { describe, expect, it } from 'vitest';
import { applicationSettingsSchema, signUpInputSchema, userInputSchema } from '@paraphe/contracts';
import { fieldRulesOf } from './validationRules.ts';

const rulesOf = (result: { success: boolean; error?: { issues: Parameters<typeof fieldRulesOf>[0] } }) =>
  Object.fromEntries(Object.entries(fieldRulesOf(result.error?.issues ?? [])).map(([path, r]) => [path, r.rule]));

describe('zod issues → spec §5 rules', () => {
  it('maps empty, malformed and policy errors of the user form', () => {
    const result = userInputSchema.safeParse({ firstName: '', lastName: 'x', email: 'nope', mobile: '12', profile: 'COMMERCIAL' });
    expect(rulesOf(result)).toEqual({ firstName: 'required', email: 'invalid_email', mobile: 'invalid_phone' });
  });
  it('reports the password policy and the required consent of the sign-up', () => {
    const result = signUpInputSchema.safeParse({
      company: 'Co',
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      password: 'short',
      consents: { terms: true, personalData: false },
    });
    expect(rulesOf(result)).toEqual({ password: 'password_policy', 'consents.personalData': 'required' });
  });
  it('asks for HTTPS redirections and bounded numbers in the settings', () => {
    const result = applicationSettingsSchema.safeParse({ successRedirection: 'http://x.example', signatureExpiryDays: 0 });
    expect(rulesOf(result)).toEqual({ successRedirection: 'url_https', signatureExpiryDays: 'out_of_range' });
  });
});
