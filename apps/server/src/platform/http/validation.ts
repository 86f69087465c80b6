import type { FieldError, ValidationRule } from '@paraphe/contracts';

/** One zod issue as fastify-type-provider-zod hands it over (keyword = zod issue code). */
export interface ZodIssueLike {
  keyword: string;
  instancePath: string;
  message: string;
  params?: Record<string, unknown>;
}

const ruleMessages: Record<ValidationRule, string> = {
  required: 'Required.',
  invalid_value: 'Invalid value.',
  invalid_number: 'Invalid number.',
  alphanumeric: 'Numeric and alphabetic characters only.',
  invalid_phone: 'Invalid phone number.',
  invalid_mobile: 'Invalid mobile number.',
  url_https: 'URL must be HTTPS.',
  invalid_url: 'Invalid URL.',
  invalid_address: 'Invalid address.',
  file_too_big: 'File must not exceed {maxsize}.',
  too_long: 'Text longer than {max} characters.',
  too_short: 'Text shorter than the minimum.',
  out_of_range: 'Value between {min} and {max}.',
  not_identical: 'Fields are not identical.',
  invalid_email: 'Invalid email.',
  invalid_email_domain: 'Invalid email domain.',
  password_policy: 'At least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character.',
};

/** The value the client sent at an issue's path (zod 4 does not copy the input into its issues). */
function valueAt(input: unknown, instancePath: string): unknown {
  let value = input;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function ruleOf(issue: ZodIssueLike, input: unknown): { rule: ValidationRule; params?: FieldError['params'] } {
  const p = issue.params ?? {};
  const customRule = (p.params as { rule?: ValidationRule } | undefined)?.rule;
  if (customRule) return { rule: customRule };
  const sent = 'input' in p ? p.input : valueAt(input, issue.instancePath);
  const missing = sent === undefined || sent === null;
  switch (issue.keyword) {
    case 'invalid_type':
      if (missing) return { rule: 'required' };
      return { rule: p.expected === 'number' ? 'invalid_number' : 'invalid_value' };
    case 'invalid_value': // a literal or an enum: nothing sent means the field is required
      return { rule: missing ? 'required' : 'invalid_value' };
    case 'too_small':
      if (p.origin === 'string' && p.minimum === 1) return { rule: 'required' };
      if (p.origin === 'number') return { rule: 'out_of_range', params: { min: Number(p.minimum), max: '…' } };
      return { rule: 'too_short', params: { min: Number(p.minimum) } };
    case 'too_big':
      if (p.origin === 'number') return { rule: 'out_of_range', params: { min: '…', max: Number(p.maximum) } };
      return { rule: 'too_long', params: { max: Number(p.maximum) } };
    case 'invalid_format':
      if (p.format === 'email') return { rule: 'invalid_email' };
      if (p.format === 'url') return { rule: 'invalid_url' };
      return { rule: 'invalid_value' };
    default:
      return { rule: 'invalid_value' };
  }
}

function interpolate(template: string, params: FieldError['params']): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params?.[k] ?? ''));
}

/**
 * Zod issues → the API's field errors: the field path, the spec §5 rule it broke, and a readable message.
 * `input` is the validated part of the request (body, query…), to tell a missing field from a wrong one.
 */
export function toFieldErrors(issues: ZodIssueLike[], input?: unknown): FieldError[] {
  return issues.map((issue) => {
    const { rule, params } = ruleOf(issue, input);
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)';
    const custom = (issue.params?.params as { rule?: string } | undefined)?.rule ? issue.message : undefined;
    return { field, rule, message: custom ?? interpolate(ruleMessages[rule], params), ...(params ? { params } : {}) };
  });
}

/** The same from a zod error of a schema checked by hand (a multipart form's JSON part): field errors by path. */
export function fieldErrorsOfZod(issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[], input?: unknown): FieldError[] {
  return toFieldErrors(
    issues.map(({ path, code, message, ...rest }) => ({
      keyword: code,
      instancePath: `/${path.map(String).join('/')}`,
      message,
      params: rest as Record<string, unknown>,
    })),
    input,
  );
}
