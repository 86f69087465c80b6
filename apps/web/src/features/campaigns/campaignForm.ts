import { emailSchema, phoneSchema, type DocumentInput, type MergeDocumentInput, type SignatoryInput, type SignatureOptionsInput } from '@paraphe/contracts';

/** A signatory typed or picked in the form (mobile empty when none; connectorIdc: the HubSpot contact picked, kept as `connector.idc`). */
export type TypedSignatory = { key: string; firstname: string; lastname: string; emailAddress: string; phoneNum: string; connectorIdc?: string };

export type TypedSignatoryProblem = 'firstname' | 'lastname' | 'emailAddress' | 'phoneNum' | 'duplicate';

/** What keeps a signatory out of the list, field by field (the contract's rules; one e-mail per campaign). */
export function typedSignatoryProblems(candidate: Omit<TypedSignatory, 'key'>, list: readonly TypedSignatory[]): TypedSignatoryProblem[] {
  const problems: TypedSignatoryProblem[] = [];
  if (!candidate.firstname.trim()) problems.push('firstname');
  if (!candidate.lastname.trim()) problems.push('lastname');
  if (!emailSchema.safeParse(candidate.emailAddress.trim()).success) problems.push('emailAddress');
  else if (list.some((s) => s.emailAddress.trim().toLowerCase() === candidate.emailAddress.trim().toLowerCase())) problems.push('duplicate');
  if (candidate.phoneNum.trim() && !phoneSchema.safeParse(candidate.phoneNum.trim()).success) problems.push('phoneNum');
  return problems;
}

export function signatoryInputsOf(list: readonly TypedSignatory[]): SignatoryInput[] {
  return list.map((s) => ({
    firstname: s.firstname.trim(),
    lastname: s.lastname.trim(),
    emailAddress: s.emailAddress.trim(),
    phoneNum: s.phoneNum.trim() || null,
    ...(s.connectorIdc ? { connector: { idc: s.connectorIdc } } : {}),
  }));
}

export type CampaignParts = {
  label: string;
  description: string;
  options: SignatureOptionsInput;
  send: boolean;
  /** Omitted on an update: the signatories stay as they are (a given list replaces them all, imported ones included). */
  signatories?: readonly TypedSignatory[];
  /** Omitted on an update without new files: the documents and their positions stay. */
  documents?: { inputs: DocumentInput[]; files: File[] };
  /** Mail-merge only; omitted on an update that keeps it. */
  mergeDocument?: MergeDocumentInput;
};

/** The multipart body of the create and update calls (contract campaignFormParts: JSON strings, label and description plain). */
export function campaignFormData(parts: CampaignParts): FormData {
  const form = new FormData();
  form.append('label', parts.label.trim());
  form.append('description', parts.description.trim());
  form.append('transactionRequest', JSON.stringify({ send: parts.send }));
  form.append('optionsRequest', JSON.stringify(parts.options));
  if (parts.signatories) form.append('transactionSigners', JSON.stringify(signatoryInputsOf(parts.signatories)));
  if (parts.documents) {
    form.append('transactionDocuments', JSON.stringify(parts.documents.inputs));
    for (const file of parts.documents.files) form.append('files', file, file.name);
  }
  if (parts.mergeDocument) form.append('mergeDocument', JSON.stringify(parts.mergeDocument));
  return form;
}
