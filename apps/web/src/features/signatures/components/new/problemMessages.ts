import type { TFunction } from 'i18next';
import type { FieldError } from '@paraphe/contracts';
import { formPathOf, type Draft, type DraftProblems } from '../../draft.ts';
import { fileProblemMessage } from '../../fileCheck.ts';

/** `documents.<i>.file`: the file's check (refused, still running) or its name taken twice (draft.ts). */
function fileMessage(problem: FieldError, draft: Draft, t: TFunction): string | undefined {
  const match = /^documents\.(\d+)\.file$/.exec(problem.field);
  const document = match ? draft.documents[Number(match[1])] : undefined;
  if (!document) return undefined;
  if (problem.rule === 'file_refused' && document.check.status === 'refused') return fileProblemMessage(document.check.problem, t);
  if (problem.rule === 'file_checking') return t('fileCheck.stillChecking', { ns: 'signatures', name: document.file.name });
  if (problem.rule === 'file_duplicate') return t('fileCheck.duplicate', { ns: 'signatures', name: document.file.name });
  return undefined;
}

/** Fields whose rule says less than the save rule behind it (spec §5 wording). */
function specificKey(problem: FieldError): string | undefined {
  const { field, rule } = problem;
  if (field === 'signers' && rule === 'required') return 'rules.noSigner';
  if (field === 'documents' && rule === 'required') return 'rules.noDocument';
  if (/^signers\.\d+$/.test(field)) return 'rules.notPlaced';
  if (/^signers\.\d+\.phoneNum$/.test(field) && rule === 'required') return 'rules.smsNeedsMobile';
  if (field === 'options.signedDocuments.sendCopy') return 'options.sendCopyRequires';
  if (field === 'options.finalDocCCeMails' && rule === 'required') return 'options.copyNeedsAddress';
  if (field === 'label' && rule === 'required') return 'rules.label';
  return undefined;
}

export function problemMessage(problem: FieldError, draft: Draft, t: TFunction): string {
  const file = fileMessage(problem, draft, t);
  if (file) return file;
  const key = specificKey(problem);
  if (key) {
    const signer = draft.signers[Number(problem.field.split('.')[1])];
    const name = signer ? `${signer.lastname.toUpperCase()} ${signer.firstname}`.trim() : '';
    return t(key, { ns: 'signatures', name });
  }
  return t(`validation.${problem.rule}`, { ns: 'common', ...problem.params, defaultValue: problem.message });
}

/** The server's field errors, on the form's paths. */
export function serverProblems(fields: readonly FieldError[]): DraftProblems {
  const problems: DraftProblems = {};
  for (const f of fields) {
    const path = formPathOf(f.field).replace('options.preprocessing.sepa', 'options.sepa');
    if (!(path in problems)) problems[path] = { ...f, field: path };
  }
  return problems;
}

/** Which tab holds a field, to mark it. */
export function tabOf(path: string): 'signers' | 'documents' | 'options' | 'header' {
  if (path.startsWith('signers')) return 'signers';
  if (path.startsWith('documents')) return 'documents';
  if (path.startsWith('options')) return 'options';
  return 'header';
}

/** The label keys (namespace signatures) of the fields a problem can name, by the last part of their path. */
const fieldLabels: Record<string, string> = {
  label: 'form.label',
  description: 'form.description',
  firstname: 'signers.firstname',
  lastname: 'signers.lastname',
  emailAddress: 'signers.email',
  phoneNum: 'signers.phone',
  language: 'signers.language',
  role: 'signers.role',
  connectorIdc: 'signers.connector',
  invitationMessage: 'signers.invitationMessage',
  title: 'documents.title',
  documentType: 'documents.type',
};

/**
 * Where a problem is, in the user's words (issue 25 item 16): the tab, the signer or document, the field — e.g.
 * "Signers tab › ROSSI Marco › E-mail". The header's fields (label, description) name no tab.
 */
export function problemPlace(path: string, draft: Draft, t: TFunction): string {
  const parts = path.split('.');
  const tab = tabOf(path);
  const place: string[] = tab === 'header' ? [] : [t('form.problemTab', { ns: 'signatures', tab: t(`form.tabs.${tab}`, { ns: 'signatures' }) })];
  const index = Number(parts[1]);
  if (tab === 'signers' && Number.isInteger(index)) {
    const signer = draft.signers[index];
    const name = signer ? `${signer.lastname.toUpperCase()} ${signer.firstname}`.trim() : '';
    place.push(name || t('form.problemSigner', { ns: 'signatures', number: index + 1 }));
  }
  if (tab === 'documents' && Number.isInteger(index))
    place.push(draft.documents[index]?.file.name ?? t('form.problemDocument', { ns: 'signatures', number: index + 1 }));
  const field = parts.at(-1) ?? '';
  const labelKey = fieldLabels[field] ?? (tab === 'options' ? `options.${field}` : undefined);
  const label = labelKey ? t(labelKey, { ns: 'signatures', defaultValue: '' }) : '';
  if (label) place.push(label);
  return place.join(' › ');
}

/** A line of the form's problem summary: where, then what. */
export function problemLine(path: string, message: string, draft: Draft, t: TFunction): string {
  const place = problemPlace(path, draft, t);
  return place ? t('form.problemAt', { ns: 'signatures', place, message }) : message;
}
