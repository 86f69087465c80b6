import {
  sendReadinessProblems,
  signatureRequestInputSchema,
  type DocumentInput,
  type FieldError,
  type Locale,
  type PersonLanguage,
  type ReminderSchedule,
  type SignatureField,
  type SignatureOptions,
  type SignatureOptionsInput,
  type SignatureDefaults,
  type Signer,
  type SignerInput,
  type SignatureRequest,
  type SignerRole,
  type documentTypes,
} from '@paraphe/contracts';
import { ruleOfIssue } from '../../shared/forms/validationRules.ts';
import { stepsOf, withPreviousOf } from '../../shared/forms/steps.ts';
import { withDefaultFields } from './fieldGeometry.ts';
import type { FileCheck } from './fileCheck.ts';

/** The new-request form, as the screen edits it (empty strings for empty inputs). */
export type DraftSigner = {
  key: string;
  firstname: string;
  lastname: string;
  emailAddress: string;
  phoneNum: string;
  /** An interface language or one the interface lacks (bg, ca, pl, ro: mails and signing page then in English). */
  language: PersonLanguage;
  role: SignerRole;
  coSigner: boolean;
  /** Signs at the same time as the previous participant of their group (one parallel step, docs/signatures.md). */
  withPrevious: boolean;
  connectorIdc: string;
  invitationMessage: string;
};
export type DocumentType = (typeof documentTypes)[number];
export type DraftDocument = {
  key: string;
  /** A saved draft's stored document (kept by id when the draft is saved again); absent for a file added here. */
  documentId?: string;
  file: File;
  title: string;
  documentType: DocumentType;
  checkBoxTexts: string[];
  signatureFields: SignatureField[];
  /** The server's check of the file, run when it is added (fileCheck.ts); never sent. */
  check: FileCheck;
};
/** One channel's reminders; `maxCount` '' = until the request expires. */
export type ReminderForm = { firstAfterDays: number; intervalDays: number; maxCount: number | '' };
const reminderForm = (r: ReminderSchedule): ReminderForm => ({ firstAfterDays: r.firstAfterDays, intervalDays: r.intervalDays, maxCount: r.maxCount ?? '' });
const reminderInput = (r: ReminderForm) => ({ ...r, maxCount: r.maxCount === '' ? null : r.maxCount });
export type DraftOptions = {
  chainingMode: 'direct' | 'email' | 'faceToFace';
  language: Locale;
  handwritten: 'disabled' | 'enabled' | 'touchOnly';
  stampBeforeSigning: boolean;
  /** The stamp account that seals before signing; '' = the tenant's default. */
  stampAccount: string;
  contactFirstSignerBy: 'email' | 'sms';
  reminders: { mail: ReminderForm; sms: ReminderForm };
  expiryDays: number | '';
  signedDocuments: { toRequester: boolean; toSigners: boolean; toObservers: boolean; sendCopy: boolean };
  finalDocCCeMails: string[];
  invitationMessage: string;
  successRedirection: string;
  cancelRedirection: string;
  failRedirection: string;
  coSignersSignFirst: boolean;
  /** Participants may hand the request over to someone else (off unless the sender allows it). */
  allowDelegation: boolean;
  sepaEnabled: boolean;
  sepa: { rum: string; ics: string; type: 'recurrent' | 'oneOff'; debtor: { name: string; address: string; iban: string } };
};
export type Draft = { label: string; description: string; signers: DraftSigner[]; documents: DraftDocument[]; options: DraftOptions };

export type SignerPrefill = { firstname?: string; lastname?: string; emailAddress?: string; phoneNum?: string; connectorIdc?: string };

let keySequence = 0;
const nextKey = () => `k${++keySequence}`;

export function newSigner(language: PersonLanguage, prefill: SignerPrefill = {}): DraftSigner {
  return {
    key: nextKey(),
    firstname: prefill.firstname ?? '',
    lastname: prefill.lastname ?? '',
    emailAddress: prefill.emailAddress ?? '',
    phoneNum: prefill.phoneNum ?? '',
    language,
    role: 'signer',
    coSigner: false,
    withPrevious: false,
    connectorIdc: prefill.connectorIdc ?? '',
    invitationMessage: '',
  };
}

function savedSignersOf(saved: readonly Signer[]): DraftSigner[] {
  const ordered = [...saved].sort((a, b) => a.signerIndex - b.signerIndex);
  const withPrevious = withPreviousOf(ordered);
  return ordered.map((s, i) => ({
    ...newSigner(s.language),
    firstname: s.firstname,
    lastname: s.lastname,
    emailAddress: s.emailAddress,
    phoneNum: s.phoneNum ?? '',
    role: s.role,
    coSigner: s.coSigner,
    withPrevious: withPrevious[i]!,
    connectorIdc: s.connector?.idc ?? '',
    invitationMessage: s.invitationMessage ?? '',
  }));
}

export function newDocument(file: File, signers: readonly DraftSigner[]): DraftDocument {
  return {
    key: nextKey(),
    file,
    title: file.name.replace(/\.(pdf|zip)$/i, ''),
    documentType: 'pdf',
    checkBoxTexts: [],
    signatureFields: withDefaultFields([], signers),
    check: { status: 'checking' },
  };
}

/**
 * The defaults of a new request (settings: the user's, else the tenant's, else the product's); `language` is the
 * signers' language when the user or the tenant chose one, else the requester's own.
 */
export type NewRequestDefaults = Omit<SignatureDefaults, 'language' | 'level'> & { language?: Locale };

export function initialDraft(language: Locale, expiryDays: number | '' = '', prefill?: SignerPrefill, defaults?: NewRequestDefaults): Draft {
  const draft = initialDraftOf(language, expiryDays, prefill);
  if (!defaults) return draft;
  const { language: signersLanguage, signedDocuments, reminders, ...rest } = defaults;
  return {
    ...draft,
    signers: signersLanguage ? draft.signers.map((s) => ({ ...s, language: signersLanguage })) : draft.signers,
    options: {
      ...draft.options,
      ...rest,
      language: signersLanguage ?? draft.options.language,
      reminders: { mail: reminderForm(reminders.mail), sms: reminderForm(reminders.sms) },
      signedDocuments: { ...signedDocuments, sendCopy: false },
    },
  };
}

function initialDraftOf(language: Locale, expiryDays: number | '', prefill?: SignerPrefill): Draft {
  const noReminder: ReminderForm = { firstAfterDays: 0, intervalDays: 0, maxCount: '' };
  return {
    label: '',
    description: '',
    signers: prefill ? [newSigner(language, prefill)] : [],
    documents: [],
    options: {
      chainingMode: 'email',
      language,
      handwritten: 'disabled',
      stampBeforeSigning: false,
      stampAccount: '',
      contactFirstSignerBy: 'email',
      reminders: { mail: { ...noReminder }, sms: { ...noReminder } },
      expiryDays,
      signedDocuments: { toRequester: true, toSigners: true, toObservers: false, sendCopy: false },
      finalDocCCeMails: [],
      invitationMessage: '',
      successRedirection: '',
      cancelRedirection: '',
      failRedirection: '',
      coSignersSignFirst: false,
      allowDelegation: false,
      sepaEnabled: false,
      sepa: { rum: '', ics: '', type: 'recurrent', debtor: { name: '', address: '', iban: '' } },
    },
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function signerInputsOf(signers: readonly DraftSigner[]): SignerInput[] {
  const steps = stepsOf(signers);
  return signers.map((s, signerIndex) => ({
    firstname: s.firstname,
    lastname: s.lastname,
    emailAddress: s.emailAddress,
    phoneNum: orNull(s.phoneNum),
    language: s.language,
    role: s.role,
    coSigner: s.coSigner,
    connector: s.connectorIdc.trim() ? { idc: s.connectorIdc.trim() } : null,
    signerIndex,
    step: steps[signerIndex],
    invitationMessage: orNull(s.invitationMessage),
  }));
}

export function documentInputsOf(documents: readonly DraftDocument[]): DocumentInput[] {
  return documents.map((d) => ({
    ...(d.documentId ? { documentId: d.documentId } : {}),
    title: orNull(d.title),
    documentType: d.documentType,
    fileName: d.file.name,
    checkBoxTexts: d.checkBoxTexts,
    // A presentation document is never signed: its fields would mean nothing.
    signatureFields: d.documentType === 'pdf-for-presentation' ? [] : d.signatureFields,
  }));
}

export function optionsInputOf(o: DraftOptions): SignatureOptionsInput {
  return {
    chainingMode: o.chainingMode,
    language: o.language,
    handwritten: o.handwritten,
    stampBeforeSigning: o.stampBeforeSigning,
    stampAccount: o.stampBeforeSigning ? orNull(o.stampAccount) : null,
    contactFirstSignerBy: o.contactFirstSignerBy,
    reminders: { mail: reminderInput(o.reminders.mail), sms: reminderInput(o.reminders.sms) },
    expiryDays: o.expiryDays === '' ? null : o.expiryDays,
    signedDocuments: o.signedDocuments,
    finalDocCCeMails: o.finalDocCCeMails.map((m) => m.trim()).filter(Boolean),
    invitationMessage: orNull(o.invitationMessage),
    successRedirection: orNull(o.successRedirection),
    cancelRedirection: orNull(o.cancelRedirection),
    failRedirection: orNull(o.failRedirection),
    coSignersSignFirst: o.coSignersSignFirst,
    allowDelegation: o.allowDelegation,
    preprocessing: o.sepaEnabled ? { sepa: o.sepa } : null,
  };
}

/** The multipart text parts of POST /api/transactions/:level (each a JSON string, `label` plain text). */
export function requestPartsOf(draft: Draft, send: boolean) {
  return {
    label: draft.label.trim(),
    transactionRequest: { description: orNull(draft.description), send },
    transactionSigners: signerInputsOf(draft.signers),
    transactionDocuments: documentInputsOf(draft.documents),
    optionsRequest: optionsInputOf(draft.options),
  };
}

export function formDataOf(draft: Draft, send: boolean): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(requestPartsOf(draft, send))) {
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  // A saved draft's stored documents stay on the server (named by documentId): only new files are uploaded.
  for (const document of draft.documents) if (!document.documentId) form.append('files', document.file, document.file.name);
  return form;
}

/** A saved draft back in the form: its signers, its documents (stored files fetched as `files`, same order), its options. */
export function draftOfRequest(request: SignatureRequest, files: readonly File[]): Draft {
  const base = initialDraft(request.options.language);
  const o = request.options;
  const sepa = o.preprocessing?.sepa;
  return {
    label: request.label,
    description: request.description ?? '',
    signers: savedSignersOf(request.signers ?? []),
    documents: (request.documents ?? []).map((d, i) => ({
      key: nextKey(),
      documentId: d.id,
      file: files[i]!,
      title: d.title,
      documentType: d.documentType,
      checkBoxTexts: d.checkBoxTexts,
      signatureFields: d.signatureFields as SignatureField[],
      check: { status: 'unchecked' },
    })),
    options: {
      ...base.options,
      chainingMode: o.chainingMode,
      handwritten: o.handwritten,
      stampBeforeSigning: o.stampBeforeSigning,
      stampAccount: o.stampAccount ?? '',
      contactFirstSignerBy: o.contactFirstSignerBy,
      reminders: { mail: reminderForm(o.reminders.mail), sms: reminderForm(o.reminders.sms) },
      expiryDays: o.expiryDays ?? '',
      signedDocuments: o.signedDocuments,
      finalDocCCeMails: o.finalDocCCeMails,
      invitationMessage: o.invitationMessage ?? '',
      successRedirection: o.successRedirection ?? '',
      cancelRedirection: o.cancelRedirection ?? '',
      failRedirection: o.failRedirection ?? '',
      coSignersSignFirst: o.coSignersSignFirst,
      allowDelegation: o.allowDelegation === true,
      ...(sepa ? { sepaEnabled: true, sepa: { ...base.options.sepa, ...sepa, debtor: { ...base.options.sepa.debtor, ...sepa.debtor } } } : {}),
    },
  };
}

const serverToForm: Record<string, string> = {
  transactionSigners: 'signers',
  transactionDocuments: 'documents',
  optionsRequest: 'options',
  'transactionRequest.description': 'description',
};

/** The form path of a server field (`transactionSigners.0.emailAddress` → `signers.0.emailAddress`). */
export function formPathOf(serverField: string): string {
  for (const [server, form] of Object.entries(serverToForm)) {
    if (serverField === server || serverField.startsWith(`${server}.`)) return form + serverField.slice(server.length);
  }
  return serverField;
}

/** Problems keyed by form path. SEPA is edited under options.sepa, sent under options.preprocessing.sepa. */
export type DraftProblems = Record<string, FieldError>;

function addProblem(problems: DraftProblems, error: FieldError): void {
  const path = formPathOf(error.field).replace('options.preprocessing.sepa', 'options.sepa');
  if (!(path in problems)) problems[path] = { ...error, field: path };
}

/**
 * The client-side check, with the contracts' own schema and save rules (spec §5): the same verdict as the
 * server's, before uploading anything. Send adds the send rules (signers placed, SMS needs a mobile).
 */
export function draftProblems(draft: Draft, send: boolean): DraftProblems {
  const problems: DraftProblems = {};
  const parsed = signatureRequestInputSchema.safeParse(requestPartsOf(draft, send));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { rule, params } = ruleOfIssue(issue);
      addProblem(problems, { field: issue.path.map(String).join('.'), rule, message: issue.message, params });
    }
  }
  addFileProblems(problems, draft.documents);
  if (send) {
    const readiness = sendReadinessProblems({
      signers: signerInputsOf(draft.signers).map((s) => ({ ...s, role: s.role ?? 'signer' })),
      documents: documentInputsOf(draft.documents).map((d) => ({ documentType: d.documentType ?? 'pdf', signatureFields: d.signatureFields ?? [] })),
      contactFirstSignerBy: draft.options.contactFirstSignerBy,
    });
    for (const problem of readiness) addProblem(problems, problem);
  }
  return problems;
}

/**
 * The files the server would refuse (their check said so), the ones still being checked, and two files of the
 * same name (the create call tells its files apart by name): `documents.<i>.file`, worded by problemMessages from
 * the document itself.
 */
function addFileProblems(problems: DraftProblems, documents: readonly DraftDocument[]): void {
  const seen = new Set<string>();
  documents.forEach((d, i) => {
    const field = `documents.${i}.file`;
    if (d.check.status === 'refused') addProblem(problems, { field, rule: 'file_refused', message: d.file.name });
    else if (d.check.status === 'checking') addProblem(problems, { field, rule: 'file_checking', message: d.file.name });
    else if (seen.has(d.file.name)) addProblem(problems, { field, rule: 'file_duplicate', message: d.file.name });
    seen.add(d.file.name);
  });
}

/** Signers (role signer) placed on no to-sign document get the default position on the first one. */
export function placeUnplacedSigners(documents: readonly DraftDocument[], signers: readonly DraftSigner[]): DraftDocument[] {
  // A refused file will not be sent: its positions do not count.
  const signable = (d: DraftDocument) => d.documentType !== 'pdf-for-presentation' && d.check.status !== 'refused';
  const target = documents.findIndex(signable);
  if (target < 0) return [...documents];
  const placed = new Set(documents.filter(signable).flatMap((d) => d.signatureFields.map((f) => f.signerIndex)));
  const missing = signers.map((s, i) => (s.role === 'signer' && !placed.has(i) ? s : { role: 'none' }));
  return documents.map((d, i) => (i === target ? { ...d, signatureFields: withDefaultFields(d.signatureFields, missing) } : d));
}

/** Saved options (a campaign's, an operation's) as the options form edits them (empty strings for nothing, SEPA kept). */
export function draftOptionsOf(options: SignatureOptions, base: DraftOptions): DraftOptions {
  return {
    ...base,
    chainingMode: options.chainingMode,
    language: options.language,
    handwritten: options.handwritten,
    stampBeforeSigning: options.stampBeforeSigning,
    stampAccount: options.stampAccount ?? '',
    contactFirstSignerBy: options.contactFirstSignerBy,
    reminders: { mail: reminderForm(options.reminders.mail), sms: reminderForm(options.reminders.sms) },
    expiryDays: options.expiryDays ?? '',
    signedDocuments: { ...options.signedDocuments },
    finalDocCCeMails: [...options.finalDocCCeMails],
    invitationMessage: options.invitationMessage ?? '',
    successRedirection: options.successRedirection ?? '',
    cancelRedirection: options.cancelRedirection ?? '',
    failRedirection: options.failRedirection ?? '',
    coSignersSignFirst: false,
    allowDelegation: options.allowDelegation === true,
    sepaEnabled: options.preprocessing !== null,
    sepa: options.preprocessing
      ? { ...base.sepa, ...options.preprocessing.sepa, debtor: { ...base.sepa.debtor, ...options.preprocessing.sepa.debtor } }
      : base.sepa,
  };
}
