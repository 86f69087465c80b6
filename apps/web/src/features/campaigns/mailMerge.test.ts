import { describe, expect, it } from 'vitest';
import type { MergeDocument } from '@paraphe/contracts';
import { mergeDocumentInputOf, placeholder, readinessSummary, sourceChoiceOf, unknownColumnsOf, unmappedOf, withSource, titleOfTemplate } from './mailMerge.ts';
import { basePathOf, editPath, listPath, viewPath } from './campaignKinds.ts';
import { campaignFormData } from './campaignForm.ts';
import { saveRuleOf } from './campaignScreen.ts';

describe('readinessSummary', () => {
  const details = {
    unmapped: ['amount'],
    unknownColumns: [{ variable: 'zip', column: 'Postcode' }],
    rowsMissingValues: [
      { row: 3, emailAddress: 'jane@x.fr', variables: ['city', 'amount'] },
      { row: 7, emailAddress: 'bob@x.fr', variables: ['city'] },
    ],
    rowsMissingCount: 14,
  };

  it('words each row lacking values with its variables as the template writes them, and counts the rest', () => {
    const summary = readinessSummary(details)!;
    expect(summary.rows).toEqual([
      { row: 3, emailAddress: 'jane@x.fr', variables: '${city}, ${amount}' },
      { row: 7, emailAddress: 'bob@x.fr', variables: '${city}' },
    ]);
    expect(summary.more).toBe(12);
    expect(summary.unmapped).toEqual(['${amount}']);
    expect(summary.unknownColumns).toEqual([{ variable: 'zip', column: 'Postcode' }]);
  });

  it('keeps the first rows only, the others in the count', () => {
    const summary = readinessSummary(details, 1)!;
    expect(summary.rows.map((r) => r.row)).toEqual([3]);
    expect(summary.more).toBe(13);
  });

  it('never counts fewer than the rows listed', () => {
    expect(readinessSummary({ ...details, rowsMissingCount: 0 })!.more).toBe(0);
  });

  it('is null for details of another refusal', () => {
    expect(readinessSummary({})).toBeNull();
    expect(readinessSummary(undefined)).toBeNull();
  });
});

describe('mapping edits', () => {
  const variables = ['firstname', 'city', 'amount', 'zip'];
  const mapping = { firstname: { column: 'firstname' }, city: { column: 'City' }, amount: { value: '100' } };

  it('reads each variable’s source', () => {
    expect(sourceChoiceOf(mapping, 'city')).toEqual({ kind: 'column', column: 'City' });
    expect(sourceChoiceOf(mapping, 'amount')).toEqual({ kind: 'value', value: '100' });
    expect(sourceChoiceOf(mapping, 'zip')).toEqual({ kind: 'none' });
    expect(sourceChoiceOf(mapping, 'toString')).toEqual({ kind: 'none' });
  });

  it('changes one source without touching the others, and removes it', () => {
    const fixed = withSource(mapping, 'city', { kind: 'value', value: 'Lyon' });
    expect(fixed.city).toEqual({ value: 'Lyon' });
    expect(mapping.city).toEqual({ column: 'City' });
    expect(withSource(mapping, 'city', { kind: 'none' })).not.toHaveProperty('city');
    expect(withSource(mapping, 'zip', { kind: 'column', column: 'zip' }).zip).toEqual({ column: 'zip' });
  });

  it('lists the unmapped variables and those whose column the signatories lack (any case)', () => {
    expect(unmappedOf(variables, mapping)).toEqual(['zip']);
    expect(unknownColumnsOf(variables, mapping, ['firstname', 'city'])).toEqual([]);
    expect(unknownColumnsOf(variables, mapping, ['firstname'])).toEqual(['city']);
  });
});

describe('mergeDocumentInputOf', () => {
  const saved: MergeDocument = {
    templateId: '6f1c1b7e-4b8a-4c41-9a59-1d1b2f0f4a11',
    templateFileName: 'letter.docx',
    variables: ['city'],
    title: 'Letter',
    documentType: 'pdf',
    checkBoxTexts: ['I agree'],
    mapping: { city: { column: 'city' } },
    signatureFields: [{ page: -1, name: 'signer', x: 70, y: 70, width: 150, height: 60, signerIndex: 0 }],
    generated: 0,
  };
  it('gives back what the screen does not edit, with the edited mapping and fields (the signatory’s)', () => {
    const input = mergeDocumentInputOf(saved, {
      mapping: { city: { value: 'Paris' } },
      signatureFields: [{ page: 1, name: 'signer', x: 10, y: 20, signerIndex: 3 }],
    });
    expect(input).toEqual({
      templateId: saved.templateId,
      title: 'Letter',
      documentType: 'pdf',
      checkBoxTexts: ['I agree'],
      mapping: { city: { value: 'Paris' } },
      signatureFields: [{ page: 1, name: 'signer', x: 10, y: 20, signerIndex: 0 }],
    });
    expect(mergeDocumentInputOf(saved, {}).mapping).toBe(saved.mapping);
  });
});

describe('campaign kinds', () => {
  it('puts each kind’s screens under its own address', () => {
    expect(basePathOf.campain).toBe('/campaigns');
    expect(viewPath('publipostage', 'a1')).toBe('/publipostage/view/a1');
    expect(editPath('campain', 'a1')).toBe('/campaigns/edit/a1');
    expect(listPath('publipostage')).toBe('/publipostage/list');
  });
});

describe('mail-merge form parts', () => {
  it('adds the merge document as a JSON part only when given', () => {
    const base = { label: 'L', description: '', options: {}, send: false };
    expect(campaignFormData(base).has('mergeDocument')).toBe(false);
    const form = campaignFormData({ ...base, mergeDocument: { templateId: '6f1c1b7e-4b8a-4c41-9a59-1d1b2f0f4a11', mapping: { city: { column: 'city' } } } });
    expect(JSON.parse(form.get('mergeDocument') as string)).toEqual({
      templateId: '6f1c1b7e-4b8a-4c41-9a59-1d1b2f0f4a11',
      mapping: { city: { column: 'city' } },
    });
  });
  it('sends the merge document’s refusals to the Template tab', () => {
    expect(saveRuleOf({ field: 'mergeDocument.mapping.city', rule: 'required', message: '' })).toBe('template');
  });
  it('names a document after its template, without the extension', () => {
    expect(titleOfTemplate('Contrat 2025.DOCX')).toBe('Contrat 2025');
    expect(placeholder('prénom')).toBe('${prénom}');
  });
});
