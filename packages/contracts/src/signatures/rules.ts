import type { FieldError } from '../shared/errors.ts';
import type { ContactChannel, DocumentType, SignerRole } from './constants.ts';
import { signerDisplayName } from './signers.ts';

/**
 * Save rules checked on send (spec §5): at least one signer and one document; each signer (role signer) placed
 * on at least one document; SMS contact needs the first signer's mobile. Empty list = ready to send.
 */
export function sendReadinessProblems(request: {
  signers: readonly { role: SignerRole; signerIndex: number; firstname: string; lastname: string; phoneNum?: string | null }[];
  documents: readonly { documentType: DocumentType; signatureFields: readonly { signerIndex: number }[] }[];
  contactFirstSignerBy: ContactChannel;
}): FieldError[] {
  const problems: FieldError[] = [];
  const add = (field: string, rule: string, message: string) => problems.push({ field, rule, message });
  if (request.signers.length === 0) add('transactionSigners', 'required', 'Add at least one signer.');
  if (request.documents.length === 0) add('transactionDocuments', 'required', 'Add at least one document.');
  const placed = new Set(
    request.documents.filter((d) => d.documentType !== 'pdf-for-presentation').flatMap((d) => d.signatureFields.map((f) => f.signerIndex)),
  );
  request.signers.forEach((s, i) => {
    // Without any document, "add a document" says it all.
    if (request.documents.length > 0 && s.role === 'signer' && !placed.has(s.signerIndex)) {
      add(`transactionSigners.${i}`, 'required', `Place ${signerDisplayName(s)} on at least one document.`);
    }
  });
  const first = [...request.signers].filter((s) => s.role !== 'observer').sort((a, b) => a.signerIndex - b.signerIndex)[0];
  if (request.contactFirstSignerBy === 'sms' && first && !first.phoneNum) {
    add(`transactionSigners.${request.signers.indexOf(first)}.phoneNum`, 'required', 'A mobile number is needed to contact the first signer by SMS.');
  }
  return problems;
}
