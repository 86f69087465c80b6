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
