import { describe, expect, it } from 'vitest';
import { assignColumn, fieldGroups, fieldOfColumn, mappingProblem, signersOffered } from './orderMapping.ts';

describe('order import mapping', () => {
  it('gives a field to one column and a column one field: assigning moves them', () => {
    const mapping = { document: 0, signer1_email: 2 };
    expect(assignColumn(mapping, 1, 'signer1_email')).toEqual({ document: 0, signer1_email: 1 });
    expect(assignColumn(mapping, 0, 'signer1_lastname')).toEqual({ signer1_email: 2, signer1_lastname: 0 });
    expect(assignColumn(mapping, 2, null)).toEqual({ document: 0 });
    expect(fieldOfColumn(mapping, 2)).toBe('signer1_email');
    expect(fieldOfColumn(mapping, 5)).toBeNull();
  });

  it('names what the import would refuse: the document, then the e-mail of the first signer that lacks one', () => {
    expect(mappingProblem({ signer1_email: 1 })).toEqual({ problem: 'documentRequired' });
    expect(mappingProblem({ document: 0 })).toEqual({ problem: 'emailRequired', signer: 1 });
    expect(mappingProblem({ document: 0, signer1_email: 1, signer3_firstname: 2 })).toEqual({ problem: 'emailRequired', signer: 3 });
    expect(mappingProblem({ document: 0, signer2_email: 1 })).toBeNull();
    // An operation made from a template: its document stands in for a missing column.
    expect(mappingProblem({ signer1_email: 1 }, true)).toBeNull();
    expect(mappingProblem({}, true)).toEqual({ problem: 'emailRequired', signer: 1 });
  });

  it('offers the signers mapped and one more, at most 10', () => {
    expect(signersOffered({})).toBe(2);
    expect(signersOffered({ signer3_email: 1 })).toBe(4);
    expect(signersOffered({ signer10_email: 1 })).toBe(10);
    expect(fieldGroups(1).map((g) => g.fields[0])).toEqual(['document', 'signer1_firstname']);
  });
});
