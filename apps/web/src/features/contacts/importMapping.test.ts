import { describe, expect, it } from 'vitest';
import { assignField, fieldOfColumn, initialMapping, mappingProblem, missingName, previewRows, variableColumns } from './importMapping.ts';

describe('import mapping', () => {
  it('starts from the guesses, each field given to the first column that guessed it', () => {
    const columns = [
      { index: 0, guess: 'mail' as const },
      { index: 1, guess: 'lastname' as const },
      { index: 2, guess: 'mail' as const },
      { index: 3, guess: null },
    ];
    expect(initialMapping(columns)).toEqual({ mail: 0, lastname: 1 });
  });

  it('uses each field once: giving it to a column takes it from the other one', () => {
    const mapping = assignField({ mail: 0, lastname: 1 }, 2, 'mail');
    expect(mapping).toEqual({ mail: 2, lastname: 1 });
    expect(fieldOfColumn(mapping, 0)).toBeNull();
    expect(fieldOfColumn(mapping, 2)).toBe('mail');
  });

  it("frees a column's previous field when it gets another one, or none", () => {
    expect(assignField({ mail: 0, lastname: 1 }, 1, 'firstname')).toEqual({ mail: 0, firstname: 1 });
    expect(assignField({ mail: 0, lastname: 1 }, 1, null)).toEqual({ mail: 0 });
  });

  it('requires a column for the e-mail', () => {
    expect(mappingProblem({ lastname: 0 })).toBe('mailRequired');
    expect(mappingProblem({ mail: 3 })).toBeNull();
  });
});

describe('import preview rules', () => {
  const mapping = { mail: 0, firstname: 1, lastname: 2, mobile: 3 };
  const sample = [
    ['E-mail', 'First name', 'Last name', 'Mobile'],
    ['Ann@Example.com ', 'Ann', 'Archer', '+33 6 12 34 56 78'],
    ['not-an-email', 'Bob', 'Baker', ''],
    ['', '', '', ''],
    ['carl@example.com', '', 'Cole', '0612345678'],
    ['ann@example.com', 'Ann', 'Again', ''],
  ];

  it('skips the header when asked, and blank rows; lines are those of the file', () => {
    expect(previewRows(sample, mapping, true).map((r) => r.line)).toEqual([2, 3, 5, 6]);
    expect(previewRows(sample, mapping, false)[0]).toMatchObject({ line: 1, outcome: 'skipped', reasons: ['invalid_email'] });
  });

  it('normalises a valid row and imports it', () => {
    expect(previewRows(sample, mapping, true)[0]).toEqual({
      line: 2,
      values: { mail: 'ann@example.com', firstname: 'Ann', lastname: 'Archer', mobile: '+33612345678' },
      outcome: 'imported',
      reasons: [],
    });
  });

  it('marks an invalid e-mail and a repeated one as skipped', () => {
    const rows = previewRows(sample, mapping, true);
    expect(rows[1]).toMatchObject({ outcome: 'skipped', reasons: ['invalid_email'] });
    expect(rows[3]).toMatchObject({ outcome: 'skipped', reasons: ['duplicate_in_file'] });
  });

  it('shows a missing name as "-" and drops a mobile not in international format, as warnings', () => {
    const carl = previewRows(sample, mapping, true)[2]!;
    expect(carl.values).toEqual({ mail: 'carl@example.com', firstname: missingName, lastname: 'Cole' });
    expect(carl).toMatchObject({ outcome: 'warning', reasons: ['name_missing', 'mobile_invalid'] });
  });

  it('shows a missing name as "-" when no column gives names at all', () => {
    const rows = previewRows(sample, { mail: 0 }, true);
    expect(rows[0]).toMatchObject({ values: { mail: 'ann@example.com', firstname: '-', lastname: '-' }, outcome: 'warning' });
  });

  it('reads a leading 00 as + and drops brackets, as the import does', () => {
    const rows = previewRows([['dan@example.com', 'Dan', 'Dale', '0033 (6) 12 34 56 78']], mapping, false);
    expect(rows[0]).toMatchObject({ outcome: 'imported', values: { mobile: '+33612345678' } });
  });

  it('stops at the limit', () => {
    expect(previewRows(sample, mapping, true, 2)).toHaveLength(2);
  });
});

describe('variableColumns', () => {
  const columns = [
    { index: 0, header: 'E-mail' },
    { index: 1, header: 'First name' },
    { index: 2, header: ' City ' },
    { index: 3, header: 'Company' },
    { index: 4, header: 'city' },
    { index: 5, header: '' },
  ];
  const kept = ['mail', 'firstname', 'lastname', 'mobile', 'lang'] as const;

  it('offers every column that feeds none of the kept fields, named by its header', () => {
    const mapping = { mail: 0, firstname: 1, company: 3 };
    expect(variableColumns(columns, mapping, kept, true)).toEqual([
      { index: 2, name: 'City' },
      { index: 3, name: 'Company' }, // the signatory import keeps no company: a variable
      { index: 4, name: 'city (2)' },
      { index: 5, name: 'column6' },
    ]);
  });

  it('names columns by position when the first line is data', () => {
    expect(variableColumns(columns.slice(0, 3), { mail: 0 }, kept, false)).toEqual([
      { index: 1, name: 'column2' },
      { index: 2, name: 'column3' },
    ]);
  });
});
