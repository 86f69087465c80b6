import { useTemplateInputSchema, type FieldError, type RequestTemplate, type TemplateRole, type UseTemplateInput } from '@paraphe/contracts';
import { ruleOfIssue } from '../../shared/forms/validationRules.ts';
import { emptyPerson, type PersonForm } from './templateForm.ts';

/** One person per role, in the roles' order: a prefilled role starts with its person (editable). */
export function peopleOf(roles: readonly TemplateRole[]): PersonForm[] {
  return roles.map((r) => (r.prefill ? { ...r.prefill, phoneNum: r.prefill.phoneNum ?? '' } : emptyPerson()));
}

const isBlank = (p: PersonForm) => !p.firstname.trim() && !p.lastname.trim() && !p.emailAddress.trim() && !p.phoneNum.trim();

/**
 * The body of POST …/requests: every role, in order, named by its position — so the server's `roles.<i>` errors
 * (its assignments and its roles alike) are the page's people. A prefilled role left blank gets its person back.
 */
export function requestBodyOf(
  template: Pick<RequestTemplate, 'roles' | 'version'>,
  people: readonly PersonForm[],
  label: string,
  send: boolean,
): UseTemplateInput {
  return {
    version: template.version,
    label: label.trim() || undefined,
    send,
    roles: template.roles.map((role, i) => {
      const given = people[i] ?? emptyPerson();
      const person = isBlank(given) && role.prefill ? { ...role.prefill, phoneNum: role.prefill.phoneNum ?? '' } : given;
      return {
        role: i,
        firstname: person.firstname.trim(),
        lastname: person.lastname.trim(),
        emailAddress: person.emailAddress.trim(),
        phoneNum: person.phoneNum.trim() || null,
      };
    }),
  };
}

/**
 * The page's paths of the server's (or the contract's) field errors: `roles.0` (nobody for that role) → `people.0`,
 * `roles.2.emailAddress` → `people.2.emailAddress`; `roles.<i>.role` concerns the person as a whole → `people.<i>`.
 */
export function personPathOf(field: string): string {
  const role = /^roles\.(\d+)(?:\.(.+))?$/.exec(field);
  if (!role) return field;
  return !role[2] || role[2] === 'role' ? `people.${role[1]}` : `people.${role[1]}.${role[2]}`;
}

/** The client check (the contract's schema), with the same paths as the server's errors. */
export function requestProblems(body: UseTemplateInput): FieldError[] {
  const parsed = useTemplateInputSchema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const { rule, params } = ruleOfIssue(issue);
    return { field: issue.path.map(String).join('.'), rule, message: issue.message, params };
  });
}

/** Errors by the page's paths (the first per path wins). */
export function personErrorsOf(fields: readonly FieldError[], message: (error: FieldError) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) errors[personPathOf(f.field)] ??= message(f);
  return errors;
}
