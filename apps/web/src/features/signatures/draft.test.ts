import { describe, expect, it } from 'vitest';
import enSignatures from './locales/en.json';
import frSignatures from './locales/fr.json';
import { effectiveSignatureDefaults, productSignatureDefaults, type FileInspection } from '@paraphe/contracts';
import {
  draftProblems,
  formPathOf,
  initialDraft,
  newDocument,
  newSigner,
  placeUnplacedSigners,
  requestPartsOf,
  type Draft,
  type DraftDocument,
} from './draft.ts';
import { moveMapping, removeMapping } from './components/new/useDraftEditing.ts';
import { detailCodeOf } from './errorMessages.ts';

const pdf = (name = 'contract.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

function readyDraft(): Draft {
  const draft = initialDraft('fr', '', { firstname: 'Anne', lastname: 'Durand', emailAddress: 'anne@example.com' });
  return { ...draft, label: 'Contract', documents: [checked(newDocument(pdf(), draft.signers))] };
}

const inspection = (fileName: string, pageCount = 2): FileInspection => ({
  fileName,
  kind: 'pdf',
  documents: [
    {
      fileName,
      pageCount,
      pages: Array.from({ length: pageCount }, () => ({ width: 595, height: 842, rotate: 0 })),
      activeContent: { found: [], neutralised: [] },
      warnings: [],
    },
  ],
});
const checked = (document: DraftDocument): DraftDocument => ({ ...document, check: { status: 'ok', inspection: inspection(document.file.name) } });

describe('the new-request draft', () => {
  it('is ready to send with a signer placed by default on a document', () => {
    const draft = readyDraft();
    expect(draft.documents[0]!.signatureFields).toEqual([{ page: -1, name: 'signer', x: 70, y: 70, width: 150, height: 60, signerIndex: 0 }]);
    expect(draftProblems(draft, true)).toEqual({});
  });
  it('applies the spec’s save rules on send, on the form’s paths', () => {
    const empty = { ...initialDraft('fr'), label: 'X' };
    expect(Object.keys(draftProblems(empty, true)).sort()).toEqual(['documents', 'signers']);
    expect(draftProblems(empty, false)).toEqual({});
    const unplaced = readyDraft();
    unplaced.documents[0]!.signatureFields = [];
    expect(draftProblems(unplaced, true)['signers.0']?.rule).toBe('required');
  });
  it("refuses 'send copy' without 'send to signatory' and non-HTTPS redirections", () => {
    const draft = readyDraft();
    draft.options.signedDocuments = { ...draft.options.signedDocuments, toSigners: false, sendCopy: true };
    draft.options.finalDocCCeMails = ['copy@example.com'];
    draft.options.successRedirection = 'http://example.com';
    const problems = draftProblems(draft, false);
    expect(problems['options.signedDocuments.sendCopy']).toBeDefined();
    expect(problems['options.successRedirection']?.rule).toBe('url_https');
  });
  it('checks the SEPA fields under options.sepa', () => {
    const draft = readyDraft();
    draft.options.sepaEnabled = true;
    draft.options.sepa = { rum: 'RUM-1', ics: 'FR00ZZZ000000', type: 'recurrent', debtor: { name: 'A', address: 'B', iban: 'FR00' } };
    const problems = draftProblems(draft, false);
    expect(problems['options.sepa.debtor.iban']).toBeDefined();
    expect(problems['options.sepa.ics']).toBeDefined();
  });
  it('builds the multipart parts: signerIndex = order, empty values as null, presentation documents without fields', () => {
    const draft = readyDraft();
    draft.signers.push({ ...newSigner('en'), firstname: 'Bob', lastname: 'Martin', emailAddress: 'bob@example.com', role: 'observer' });
    draft.documents.push({ ...newDocument(pdf('annex.pdf'), draft.signers), documentType: 'pdf-for-presentation' });
    const parts = requestPartsOf(draft, true);
    expect(parts.transactionSigners.map((s) => [s.signerIndex, s.phoneNum, s.role])).toEqual([
      [0, null, 'signer'],
      [1, null, 'observer'],
    ]);
    expect(parts.transactionSigners[0]!.connector).toBeNull();
    expect(parts.transactionDocuments[1]).toMatchObject({ fileName: 'annex.pdf', signatureFields: [] });
    expect(parts.transactionRequest).toEqual({ description: null, send: true });
    expect(parts.optionsRequest.preprocessing).toBeNull();
  });
  it('maps server fields onto the form', () => {
    expect(formPathOf('transactionSigners.0.emailAddress')).toBe('signers.0.emailAddress');
    expect(formPathOf('optionsRequest.finalDocCCeMails')).toBe('options.finalDocCCeMails');
    expect(formPathOf('transactionRequest.description')).toBe('description');
    expect(formPathOf('label')).toBe('label');
  });
  it('places a signer added later on the first document to sign only', () => {
    const draft = readyDraft();
    const signers = [...draft.signers, newSigner('fr')];
    const docs = placeUnplacedSigners([{ ...draft.documents[0]!, documentType: 'pdf-for-presentation' }, newDocument(pdf('b.pdf'), [])], signers);
    expect(docs[0]!.signatureFields.map((f) => f.signerIndex)).toEqual([0]);
    expect(docs[1]!.signatureFields.map((f) => f.signerIndex)).toEqual([0, 1]);
  });
  it('starts checking each added file, and neither saves nor sends while a file is being checked or was refused', () => {
    const draft = readyDraft();
    expect(newDocument(pdf('b.pdf'), draft.signers).check).toEqual({ status: 'checking' });
    draft.documents.push(newDocument(pdf('b.pdf'), draft.signers));
    expect(draftProblems(draft, false)['documents.1.file']?.rule).toBe('file_checking');
    draft.documents[1] = { ...draft.documents[1]!, check: { status: 'refused', problem: { code: 'PDF_INVALID', fileName: 'b.pdf', reason: 'NOT_PDF' } } };
    expect(draftProblems(draft, true)['documents.1.file']?.rule).toBe('file_refused');
    draft.documents[1] = { ...draft.documents[1]!, check: { status: 'unchecked' } };
    expect(draftProblems(draft, true)).toEqual({}); // the server checks it when saving
  });
  it('refuses two files of the same name (the create call tells files apart by name)', () => {
    const draft = readyDraft();
    draft.documents.push(checked(newDocument(pdf(), draft.signers)));
    expect(draftProblems(draft, false)['documents.1.file']?.rule).toBe('file_duplicate');
  });
  it('places a signer added later on a document whose file was not refused', () => {
    const draft = readyDraft();
    const refused: DraftDocument = { ...draft.documents[0]!, check: { status: 'refused', problem: { code: 'PDF_INVALID', fileName: 'contract.pdf' } } };
    const docs = placeUnplacedSigners([refused, newDocument(pdf('b.pdf'), [])], draft.signers);
    expect(docs[1]!.signatureFields.map((f) => f.signerIndex)).toEqual([0]);
  });
  it('keeps track of the signers when they move or go', () => {
    expect(moveMapping(3, 0, 2)).toEqual([2, 0, 1]);
    expect(moveMapping(3, 2, 0)).toEqual([1, 2, 0]);
    expect(removeMapping(3, 1)).toEqual([0, -1, 1]);
  });
});

describe('signature error details (spec §8)', () => {
  it('recognises the provider codes', () => {
    expect(detailCodeOf('72005 : no credit')).toBe('NO_CREDIT');
    expect(detailCodeOf('73011 : No valid contract sign account')).toBe('INVALID_PROFILE');
    expect(detailCodeOf('73011 : other')).toBe('NO_STAMP_ACCOUNT');
    expect(detailCodeOf('73020 : PDF error (already signed or invalid)')).toBe('PDF_INVALID');
    expect(detailCodeOf('VALIDATION_FAILED : x')).toBeUndefined();
  });
});

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
}
describe('locales', () => {
  it('have the same keys in French and English', () => {
    expect(keysOf(frSignatures).sort()).toEqual(keysOf(enSignatures).sort());
  });
});

describe('a new request from the settings defaults', () => {
  const company = effectiveSignatureDefaults({ handwritten: 'enabled', level: 2, expiryDays: 45 });
  it('starts from the defaults, the signers in the chosen language', () => {
    const draft = initialDraft('en', '', { firstname: 'Ann' }, { ...company, language: 'de' });
    expect(draft.options).toMatchObject({
      handwritten: 'enabled',
      expiryDays: 45,
      language: 'de',
      signedDocuments: { ...productSignatureDefaults.signedDocuments, sendCopy: false },
    });
    expect(draft.signers[0]!.language).toBe('de');
    expect(initialDraft('en').options).toMatchObject({ handwritten: 'disabled', language: 'en', expiryDays: '' });
  });
});
