import {
  requestTemplateFormPart,
  requestTemplateInputSchema,
  type CertificationLevel,
  type DocumentInput,
  type FieldError,
  type PersonLanguage,
  type RequestTemplate,
  type RequestTemplateInput,
  type SignatureField,
  type SignatureOptionsInput,
  type TemplateVisibility,
} from '@paraphe/contracts';
import { ruleOfIssue } from '../../shared/forms/validationRules.ts';
import { stepsOf, withPreviousOf } from '../../shared/forms/steps.ts';
import type { SignatureDraft } from '../signatures/index.ts';

/**
 * The template editor reuses the request form's pieces (documents with the position editor, options): it edits a
 * signatures `Draft` whose signers are the template's roles. A role's name is its signer's `firstname` (so the
 * position editor and the options name the role); its prefilled person, if any, is kept beside, by the signer's key.
 */
export type RoleDraft = SignatureDraft['signers'][number];
export type TemplateDocumentDraft = SignatureDraft['documents'][number];
export type PersonForm = { firstname: string; lastname: string; emailAddress: string; phoneNum: string };
/** The prefilled person of each role that has one, by the role's key. */
export type Prefills = Record<string, PersonForm>;
/** What the template has beyond a request's form: its name, who sees it, the requests' level. */
export type TemplateHeader = { name: string; visibility: TemplateVisibility; level: CertificationLevel };

export const emptyPerson = (): PersonForm => ({ firstname: '', lastname: '', emailAddress: '', phoneNum: '' });
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

let keySequence = 0;
const nextKey = () => `role${++keySequence}`;

/** A new role, as a signer of the reused form (its name in `firstname`). */
export function newRole(name: string, language: PersonLanguage): RoleDraft {
  return {
    key: nextKey(),
    firstname: name,
    lastname: '',
    emailAddress: '',
    phoneNum: '',
    language,
    role: 'signer',
    coSigner: false,
    withPrevious: false,
    connectorIdc: '',
    invitationMessage: '',
  };
}

/** A saved template's roles and their prefilled persons, back in the editor. */
export function rolesOfTemplate(template: Pick<RequestTemplate, 'roles'>, language: PersonLanguage): { roles: RoleDraft[]; prefills: Prefills } {
  const withPrevious = withPreviousOf(template.roles);
  const prefills: Prefills = {};
  const roles = template.roles.map((r, i) => {
    const role: RoleDraft = {
      ...newRole(r.name, r.language ?? language),
      role: r.role,
      coSigner: r.coSigner,
      withPrevious: withPrevious[i] ?? false,
      invitationMessage: r.invitationMessage ?? '',
    };
    if (r.prefill) prefills[role.key] = { ...r.prefill, phoneNum: r.prefill.phoneNum ?? '' };
    return role;
  });
  return { roles, prefills };
}

/** A saved template's documents back in the editor: stored ones kept by id (`files` fetched in the same order). */
export function documentsOfTemplate(template: Pick<RequestTemplate, 'documents'>, files: readonly File[]): TemplateDocumentDraft[] {
  return template.documents.map((d, i) => ({
    key: `stored-${d.id}`,
    documentId: d.id,
    file: files[i]!,
    title: d.title,
    documentType: d.documentType,
    checkBoxTexts: d.checkBoxTexts,
    signatureFields: d.signatureFields as SignatureField[],
    check: { status: 'unchecked' },
  }));
}

export type TemplateParts = {
  header: TemplateHeader;
  /** The form: label = the requests' label, description, roles (as signers). */
  draft: Pick<SignatureDraft, 'label' | 'description' | 'signers'>;
  prefills: Prefills;
  /** Already converted by the signatures form kit (documentInputsOf, optionsInputOf). */
  documents: DocumentInput[];
  optionsRequest: SignatureOptionsInput;
};

/** The `template` JSON part of a save (POST new, PUT edit). */
export function templateInputOf({ header, draft, prefills, documents, optionsRequest }: TemplateParts): RequestTemplateInput {
  const steps = stepsOf(draft.signers);
  return {
    name: header.name.trim(),
    description: orNull(draft.description),
    visibility: header.visibility,
    level: header.level,
    requestLabel: orNull(draft.label),
    roles: draft.signers.map((s, i) => {
      const person = prefills[s.key];
      return {
        name: s.firstname.trim(),
        role: s.role,
        coSigner: s.coSigner,
        step: steps[i] ?? null,
        language: s.language,
        invitationMessage: orNull(s.invitationMessage),
        prefill: person
          ? {
              firstname: person.firstname.trim(),
              lastname: person.lastname.trim(),
              emailAddress: person.emailAddress.trim(),
              phoneNum: orNull(person.phoneNum),
            }
          : null,
      };
    }),
    documents,
    optionsRequest,
  };
}

/** The multipart body: the `template` part, then the new files (stored documents stay on the server, named by documentId). */
export function templateFormData(input: RequestTemplateInput, documents: readonly Pick<TemplateDocumentDraft, 'documentId' | 'file'>[]): FormData {
  const form = new FormData();
  form.append(requestTemplateFormPart, JSON.stringify(input));
  for (const d of documents) if (!d.documentId) form.append('files', d.file, d.file.name);
  return form;
}

/** The contract's own check of the template, before anything is uploaded (the server answers the same). */
export function templateProblems(input: RequestTemplateInput): FieldError[] {
  const parsed = requestTemplateInputSchema.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const { rule, params } = ruleOfIssue(issue);
    return { field: issue.path.map(String).join('.'), rule, message: issue.message, params };
  });
}

/**
 * The editor's path of a server (or contract) field: `roles.2.name` → `signers.2.firstname` (the role's name input),
 * `roles.2.prefill.emailAddress` → `signers.2.prefill.emailAddress`, `requestLabel` → `label`, `optionsRequest.x` →
 * `options.x`; documents and the header keep theirs.
 */
export function editorPathOf(field: string): string {
  const role = /^roles\.(\d+)(?:\.(.+))?$/.exec(field);
  if (role) return role[2] === 'name' ? `signers.${role[1]}.firstname` : `signers.${role[1]}${role[2] ? `.${role[2]}` : ''}`;
  if (field === 'roles') return 'signers';
  if (field === 'requestLabel') return 'label';
  if (field === 'optionsRequest' || field.startsWith('optionsRequest.')) return `options${field.slice('optionsRequest'.length)}`;
  return field;
}

/** Field errors on the editor's paths (the first per path wins), worded by `message`. */
export function editorErrorsOf(fields: readonly FieldError[], message: (error: FieldError) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const path = editorPathOf(f.field).replace('options.preprocessing.sepa', 'options.sepa');
    errors[path] ??= message(f);
  }
  return errors;
}

/** Which part of the editor holds a path, to open it. */
export function sectionOf(path: string): 'general' | 'roles' | 'documents' | 'options' {
  if (path.startsWith('signers')) return 'roles';
  if (path.startsWith('documents')) return 'documents';
  if (path.startsWith('options')) return 'options';
  return 'general';
}
