import { describe, expect, it } from 'vitest';
import { requestTemplateFormPart, type RequestTemplate } from '@paraphe/contracts';
import { readListParams } from '../../shared/list/listParams.ts';
import { isTemplateListNarrowed, templateListQuery } from './listQuery.ts';
import {
  documentsOfTemplate,
  editorErrorsOf,
  editorPathOf,
  newRole,
  rolesOfTemplate,
  sectionOf,
  templateFormData,
  templateInputOf,
  templateProblems,
  type TemplateParts,
} from './templateForm.ts';

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

function parts(overrides: Partial<TemplateParts> = {}): TemplateParts {
  const client = newRole('Client', 'fr');
  const witness = { ...newRole('Witness', 'en'), withPrevious: true };
  const hr = { ...newRole('HR', 'fr'), coSigner: true };
  return {
    header: { name: ' Lease ', visibility: 'team', level: 1 },
    draft: { label: '', description: '  ', signers: [client, witness, hr] },
    prefills: { [hr.key]: { firstname: 'Hélène', lastname: 'Directrice', emailAddress: 'hr@example.com', phoneNum: '' } },
    documents: [
      { fileName: 'lease.pdf', title: 'Lease', documentType: 'pdf', checkBoxTexts: [], signatureFields: [{ signerIndex: 0, page: 1, x: 10, y: 10 }] },
    ],
    optionsRequest: {},
    ...overrides,
  };
}

describe('template editor: the template input', () => {
  it('turns the roles (signers of the reused form) into the contract input: names, steps, prefilled person', () => {
    const input = templateInputOf(parts());
    expect(input).toMatchObject({ name: 'Lease', description: null, requestLabel: null, visibility: 'team', level: 1 });
    expect(input.roles).toEqual([
      { name: 'Client', role: 'signer', coSigner: false, step: null, language: 'fr', invitationMessage: null, prefill: null },
      // Signs with the previous participant: the same step as the client's (1).
      { name: 'Witness', role: 'signer', coSigner: false, step: 1, language: 'en', invitationMessage: null, prefill: null },
      {
        name: 'HR',
        role: 'signer',
        coSigner: true,
        step: null,
        language: 'fr',
        invitationMessage: null,
        prefill: { firstname: 'Hélène', lastname: 'Directrice', emailAddress: 'hr@example.com', phoneNum: null },
      },
    ]);
    expect(templateProblems(input)).toEqual([]);
  });

  it('finds what the contract refuses, on the editor paths', () => {
    const base = parts();
    const [client, witness] = base.draft.signers;
    const input = templateInputOf({
      ...base,
      header: { ...base.header, name: '' },
      draft: { ...base.draft, signers: [client!, { ...witness!, firstname: 'client' }] },
      prefills: { [client!.key]: { firstname: 'A', lastname: 'B', emailAddress: 'not-an-email', phoneNum: '' } },
    });
    const errors = editorErrorsOf(templateProblems(input), (f) => f.rule);
    expect(errors).toMatchObject({ name: 'required', 'signers.0.prefill.emailAddress': 'invalid_email', 'signers.1.firstname': 'invalid_value' });
  });

  it('maps the server fields to the editor inputs and sections', () => {
    expect(editorPathOf('roles.2.name')).toBe('signers.2.firstname');
    expect(editorPathOf('roles.1.prefill.emailAddress')).toBe('signers.1.prefill.emailAddress');
    expect(editorPathOf('roles.0')).toBe('signers.0');
    expect(editorPathOf('roles')).toBe('signers');
    expect(editorPathOf('requestLabel')).toBe('label');
    expect(editorPathOf('optionsRequest.expiryDays')).toBe('options.expiryDays');
    expect(editorPathOf('documents.0.signatureFields.1.signerIndex')).toBe('documents.0.signatureFields.1.signerIndex');
    const errors = editorErrorsOf(
      [
        { field: 'optionsRequest.preprocessing.sepa.ics', rule: 'required', message: 'x' },
        { field: 'roles.1.name', rule: 'invalid_value', message: 'first' },
        { field: 'roles.1.name', rule: 'required', message: 'second' },
      ],
      (f) => f.message,
    );
    expect(errors).toEqual({ 'options.sepa.ics': 'x', 'signers.1.firstname': 'first' });
    expect(['name', 'signers.1.firstname', 'documents.0.title', 'options.language'].map(sectionOf)).toEqual(['general', 'roles', 'documents', 'options']);
  });

  it('builds the multipart body: the template part, and only the new files', () => {
    const input = templateInputOf(parts());
    const form = templateFormData(input, [{ documentId: 'kept', file: pdf('kept.pdf') }, { file: pdf('lease.pdf') }]);
    expect(JSON.parse(form.get(requestTemplateFormPart) as string)).toEqual(JSON.parse(JSON.stringify(input)));
    const files = form.getAll('files') as File[];
    expect(files.map((f) => f.name)).toEqual(['lease.pdf']);
  });

  it('puts a saved template back in the editor: roles, prefilled persons, stored documents kept by id', () => {
    const template = {
      roles: [
        { name: 'Client', role: 'signer', coSigner: false, step: null, language: null, invitationMessage: 'Hello', prefill: null },
        {
          name: 'Witness',
          role: 'signer',
          coSigner: false,
          step: 1,
          language: 'de',
          invitationMessage: null,
          prefill: { firstname: 'W', lastname: 'Itness', emailAddress: 'w@example.com', phoneNum: null },
        },
      ],
      documents: [
        {
          id: 'doc-1',
          title: 'Lease',
          documentType: 'pdf',
          checkBoxTexts: ['I agree'],
          signatureFields: [{ signerIndex: 1, page: 1, x: 1, y: 2, width: 150, height: 60 }],
        },
      ],
    } as unknown as RequestTemplate;
    const { roles, prefills } = rolesOfTemplate(template, 'fr');
    expect(roles.map((r) => [r.firstname, r.language, r.withPrevious, r.invitationMessage])).toEqual([
      ['Client', 'fr', false, 'Hello'],
      ['Witness', 'de', true, ''],
    ]);
    expect(prefills[roles[1]!.key]).toEqual({ firstname: 'W', lastname: 'Itness', emailAddress: 'w@example.com', phoneNum: '' });
    expect(prefills[roles[0]!.key]).toBeUndefined();
    const [doc] = documentsOfTemplate(template, [pdf('lease.pdf')]);
    expect(doc).toMatchObject({ documentId: 'doc-1', title: 'Lease', checkBoxTexts: ['I agree'], check: { status: 'unchecked' } });
    // Saved again unchanged, the roles give the same steps.
    const again = templateInputOf({ ...parts(), draft: { label: '', description: '', signers: roles }, prefills });
    expect(again.roles.map((r) => r.step)).toEqual([null, 1]);
  });
});

describe('templates list query', () => {
  it('reads state, visibility and mine from the address; unknown values are ignored', () => {
    const params = readListParams(new URLSearchParams('state=archived&visibility=team&mine=1&q=le'), ['state', 'visibility', 'mine']);
    expect(templateListQuery(params)).toMatchObject({ state: 'archived', visibility: 'team', mine: '1', search: undefined, offset: 0 });
    const odd = readListParams(new URLSearchParams('state=gone&visibility=world&mine=yes'), ['state', 'visibility', 'mine']);
    expect(templateListQuery(odd)).toMatchObject({ state: 'active', visibility: undefined, mine: undefined });
    expect(isTemplateListNarrowed(odd)).toBe(false);
    expect(isTemplateListNarrowed(params)).toBe(true);
  });
});
