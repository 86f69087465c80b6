import type { z } from 'zod';
import { validationRules, type ValidationRule } from '@paraphe/contracts';

export type RuleMessage = { rule: ValidationRule; params: Record<string, string | number> };

function isRule(value: unknown): value is ValidationRule {
  return typeof value === 'string' && (validationRules as readonly string[]).includes(value);
}

function bound(value: unknown): number | string {
  return typeof value === 'bigint' ? value.toString() : typeof value === 'number' ? value : String(value);
}

/** Maps one zod issue onto the spec's validation rule (§5), whose message the locales translate. */
export function ruleOfIssue(issue: z.core.$ZodIssue): RuleMessage {
  switch (issue.code) {
    case 'custom': {
      const rule = issue.params?.rule;
      return { rule: isRule(rule) ? rule : 'invalid_value', params: {} };
    }
    case 'invalid_type':
      return { rule: issue.input === undefined || issue.input === null ? 'required' : 'invalid_value', params: {} };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? { rule: 'required', params: {} } : { rule: 'too_short', params: { min: bound(issue.minimum) } };
      }
      if (issue.origin === 'array') return { rule: 'required', params: {} };
      return { rule: 'out_of_range', params: { min: bound(issue.minimum), max: '…' } };
    case 'too_big':
      if (issue.origin === 'string') return { rule: 'too_long', params: { max: bound(issue.maximum) } };
      return { rule: 'out_of_range', params: { min: '…', max: bound(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { rule: 'invalid_email', params: {} };
      if (issue.format === 'url') return { rule: 'invalid_url', params: {} };
      return { rule: 'invalid_value', params: {} };
    case 'invalid_value':
      // A consent declared z.literal(true) and left unticked is a missing required answer.
      return { rule: issue.values.length === 1 && issue.values[0] === true ? 'required' : 'invalid_value', params: {} };
    default:
      return { rule: 'invalid_value', params: {} };
  }
}

/** Form error map (Mantine paths like `owner.email`) from a schema's issues; the first issue per field wins. */
export function fieldRulesOf(issues: readonly z.core.$ZodIssue[]): Record<string, RuleMessage> {
  const result: Record<string, RuleMessage> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in result)) result[path] = ruleOfIssue(issue);
  }
  return result;
}
