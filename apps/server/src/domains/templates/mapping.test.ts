import { describe, expect, it } from 'vitest';
import { hasProblems, mappingError, noteMissing, resolveMapping, rowValues } from './mapping.ts';

const variables = ['firstname', 'city', 'amount'];

describe('mapping validation', () => {
  it('resolves columns by index or header (trimmed, any case) and fixed values', () => {
    const { sources, problems } = resolveMapping(
      variables,
      { firstname: { column: ' prénom ' }, city: { column: 2 }, amount: { value: '100' } },
      { header: ['Prénom', 'Nom', 'Ville'], width: 3 },
    );
    expect(hasProblems(problems)).toBe(false);
    expect(sources).toEqual([
      { variable: 'firstname', column: 0 },
      { variable: 'city', column: 2 },
      { variable: 'amount', value: '100' },
    ]);
    expect(rowValues(sources, ['Zoë', 'X', 'Köln'])).toEqual({ values: { firstname: 'Zoë', city: 'Köln', amount: '100' }, missing: [] });
    expect(rowValues(sources, ['  ', 'X'])).toEqual({ values: { firstname: '', city: '', amount: '100' }, missing: ['firstname', 'city'] });
  });

  it('never passes a word for nothing as a value, and maps an unmapped variable to the column of its name', () => {
    const { sources, problems } = resolveMapping(
      ['firstname', 'city', 'amount', 'company'],
      { firstname: { column: 0 }, city: { value: ' NULL ' } },
      { header: ['Prénom', 'Amount', 'Company name'], width: 3 },
    );
    expect(problems.unmapped).toEqual(['city', 'company']);
    expect(sources).toEqual([
      { variable: 'firstname', column: 0 },
      { variable: 'amount', column: 1 },
    ]);
    for (const nothing of ['undefined', 'null', 'NaN', ' Undefined '])
      expect(rowValues(sources, [nothing, '12'])).toEqual({ values: { firstname: '', amount: '12' }, missing: ['firstname'] });
  });

  it('says which variables are unmapped, unknown, or point nowhere', () => {
    const { problems } = resolveMapping(
      variables,
      { firstname: { column: 'Email' }, city: { column: 7 }, extra: { value: 'x' } },
      { header: ['Prénom'], width: 1 },
    );
    expect(problems.unmapped).toEqual(['amount']);
    expect(problems.unknownVariables).toEqual(['extra']);
    expect(problems.unknownColumns).toEqual([
      { variable: 'firstname', column: 'Email' },
      { variable: 'city', column: 7 },
    ]);
    const error = mappingError(problems);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(
      'Map the variable ${amount} to a column or a fixed value. The template has no ${extra}. ${firstname}: the sheet has no column "Email". ${city}: the sheet has no column H.',
    );
  });

  it('lists the rows lacking values (the first 100) and counts them all', () => {
    const { problems } = resolveMapping(variables, { firstname: { column: 0 }, city: { column: 1 }, amount: { column: 2 } }, { header: null, width: 3 });
    for (let line = 2; line < 210; line++) noteMissing(problems, line, line % 2 ? ['city'] : []);
    expect(problems.rowsMissingCount).toBe(104);
    expect(problems.rowsMissingValues).toHaveLength(100);
    expect(problems.rowsMissingValues[0]).toEqual({ line: 3, variables: ['city'] });
    expect(mappingError(problems).message).toBe(
      '104 rows lack a value: line 3 (${city}), line 5 (${city}), line 7 (${city}), line 9 (${city}), line 11 (${city}) and 99 more.',
    );
  });
});
