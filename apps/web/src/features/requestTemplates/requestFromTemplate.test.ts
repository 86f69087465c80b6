import { describe, expect, it } from 'vitest';
import type { TemplateRole } from '@paraphe/contracts';
import { peopleOf, personErrorsOf, personPathOf, requestBodyOf, requestProblems } from './requestFromTemplate.ts';

const role = (name: string, prefill: TemplateRole['prefill'] = null): TemplateRole => ({
  name,
  role: 'signer',
  coSigner: false,
  step: null,
  language: null,
  invitationMessage: null,
  prefill,
});
const template = {
  version: 3,
  roles: [role('Employee'), role('HR', { firstname: 'Hélène', lastname: 'Directrice', emailAddress: 'hr@example.com', phoneNum: null }), role('Accountant')],
};

describe('a request from a template', () => {
  it('starts each role with its prefilled person, else empty', () => {
    expect(peopleOf(template.roles)).toEqual([
      { firstname: '', lastname: '', emailAddress: '', phoneNum: '' },
      { firstname: 'Hélène', lastname: 'Directrice', emailAddress: 'hr@example.com', phoneNum: '' },
      { firstname: '', lastname: '', emailAddress: '', phoneNum: '' },
    ]);
  });

  it('names every role by its position, in order; a prefilled role left blank gets its person back', () => {
    const people = [
      { firstname: ' Ali ', lastname: 'Ben Salah', emailAddress: 'ali@example.com', phoneNum: '+33612345678' },
      { firstname: '', lastname: '', emailAddress: '', phoneNum: '' },
      { firstname: 'Cécile', lastname: 'Compta', emailAddress: 'compta@example.com', phoneNum: ' ' },
    ];
    const body = requestBodyOf(template, people, '  ', true);
    expect(body).toEqual({
      version: 3,
      label: undefined,
      send: true,
      roles: [
        { role: 0, firstname: 'Ali', lastname: 'Ben Salah', emailAddress: 'ali@example.com', phoneNum: '+33612345678' },
        { role: 1, firstname: 'Hélène', lastname: 'Directrice', emailAddress: 'hr@example.com', phoneNum: null },
        { role: 2, firstname: 'Cécile', lastname: 'Compta', emailAddress: 'compta@example.com', phoneNum: null },
      ],
    });
    expect(requestProblems(body)).toEqual([]);
    expect(requestBodyOf(template, people, ' Contract ', false)).toMatchObject({ label: 'Contract', send: false });
  });

  it('puts the contract’s and the server’s errors on the right person and input', () => {
    const body = requestBodyOf(template, peopleOf(template.roles), '', false);
    const errors = personErrorsOf(requestProblems(body), (f) => f.rule);
    expect(errors).toMatchObject({ 'people.0.firstname': 'required', 'people.0.emailAddress': 'invalid_email', 'people.2.lastname': 'required' });
    expect(Object.keys(errors).some((k) => k.startsWith('people.1'))).toBe(false);
    // The server's: nobody for a role (its position), a role named twice (the assignment = the role here), two roles one e-mail.
    expect(personPathOf('roles.0')).toBe('people.0');
    expect(personPathOf('roles.1.role')).toBe('people.1');
    expect(personPathOf('roles.2.emailAddress')).toBe('people.2.emailAddress');
    expect(personPathOf('label')).toBe('label');
    expect(
      personErrorsOf(
        [
          { field: 'roles.0', rule: 'required', message: 'Who is "Employee"?' },
          { field: 'roles.2.emailAddress', rule: 'invalid_value', message: 'same e-mail' },
        ],
        (f) => f.message,
      ),
    ).toEqual({ 'people.0': 'Who is "Employee"?', 'people.2.emailAddress': 'same e-mail' });
  });
});
