/**
 * The mapping of a mail-merge: each variable of the template takes its value from a column of the sheet or from a
 * fixed text. Refused (VALIDATION_FAILED, with `details` as MappingProblems) while a variable has no source, a
 * source names a column the sheet does not have, or a row lacks a value for a variable mapped to a column — saying
 * which variables and which rows.
 */
import { guessMergeMapping, isNoValue, type MappingProblems, type TemplateMapping, type VariableSource } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';

/** A source with its column resolved to an index (headers are matched trimmed, case-insensitively). */
export type ResolvedSource = { variable: string; column: number } | { variable: string; value: string };

const listedRows = 100;

export function columnLabel(index: number): string {
  return (index < 26 ? '' : columnLabel(Math.floor(index / 26) - 1)) + String.fromCharCode(65 + (index % 26));
}

/** Resolves the sources against the sheet's header (or its width when it has none). */
export function resolveMapping(
  variables: readonly string[],
  mapping: TemplateMapping,
  sheet: { header: readonly string[] | null; width: number },
): { sources: ResolvedSource[]; problems: MappingProblems } {
  const problems: MappingProblems = { unmapped: [], unknownVariables: [], unknownColumns: [], rowsMissingValues: [], rowsMissingCount: 0 };
  const known = new Set(variables);
  problems.unknownVariables = Object.keys(mapping).filter((v) => !known.has(v));
  const headers = new Map<string, number>();
  sheet.header?.forEach((h, i) => {
    const key = h.trim().toLowerCase();
    if (key && !headers.has(key)) headers.set(key, i);
  });
  const sources: ResolvedSource[] = [];
  // A variable left unmapped takes the column of the same name (a `${company}` of a page footer finds "Company").
  const guessed = guessMergeMapping(
    variables.filter((v) => !Object.hasOwn(mapping, v)),
    sheet.header ?? [],
  );
  for (const [v, g] of Object.entries(guessed)) if ('column' in g && !sheet.header?.includes(String(g.column))) delete guessed[v]; // a signatory synonym
  for (const variable of variables) {
    const source: VariableSource | undefined = Object.hasOwn(mapping, variable) ? mapping[variable] : guessed[variable];
    if (!source || ('value' in source && isNoValue(source.value))) {
      problems.unmapped.push(variable);
      continue;
    }
    if ('value' in source) {
      sources.push({ variable, value: source.value });
      continue;
    }
    const column = typeof source.column === 'number' ? source.column : headers.get(source.column.trim().toLowerCase());
    if (column === undefined || column >= sheet.width) problems.unknownColumns.push({ variable, column: source.column });
    else sources.push({ variable, column });
  }
  return { sources, problems };
}

/** A row's values; `missing` lists the variables mapped to a column whose cell is blank or a word for nothing (`null`…). */
export function rowValues(sources: readonly ResolvedSource[], cells: readonly string[]): { values: Record<string, string>; missing: string[] } {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const source of sources) {
    if ('value' in source) values[source.variable] = source.value;
    else {
      const cell = cells[source.column] ?? '';
      if (isNoValue(cell)) missing.push(source.variable);
      values[source.variable] = isNoValue(cell) ? '' : cell;
    }
  }
  return { values, missing };
}

/** Adds a row lacking values to the problems (the first 100 are listed, all are counted). */
export function noteMissing(problems: MappingProblems, line: number, missing: readonly string[]): void {
  if (!missing.length) return;
  problems.rowsMissingCount++;
  if (problems.rowsMissingValues.length < listedRows) problems.rowsMissingValues.push({ line, variables: [...missing] });
}

export const hasProblems = (p: MappingProblems) =>
  p.unmapped.length > 0 || p.unknownVariables.length > 0 || p.unknownColumns.length > 0 || p.rowsMissingCount > 0;

/** The refusal, one sentence per kind of problem, `details` for the mapping screen. */
export function mappingError(p: MappingProblems): AppError {
  const sentences: string[] = [];
  const vars = (list: readonly string[]) => list.map((v) => `\${${v}}`).join(', ');
  if (p.unmapped.length) sentences.push(`Map ${p.unmapped.length > 1 ? 'the variables' : 'the variable'} ${vars(p.unmapped)} to a column or a fixed value.`);
  if (p.unknownVariables.length) sentences.push(`The template has no ${vars(p.unknownVariables)}.`);
  for (const u of p.unknownColumns)
    sentences.push(`\${${u.variable}}: the sheet has no column ${typeof u.column === 'number' ? columnLabel(u.column) : `"${u.column}"`}.`);
  if (p.rowsMissingCount) {
    const shown = p.rowsMissingValues.slice(0, 5).map((r) => `line ${r.line} (${vars(r.variables)})`);
    const more = p.rowsMissingCount - shown.length;
    sentences.push(
      `${p.rowsMissingCount} ${p.rowsMissingCount > 1 ? 'rows lack' : 'row lacks'} a value: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
    );
  }
  const fields = [
    ...p.unmapped.map((v) => ({ field: `mapping.${v}`, rule: 'required', message: `\${${v}} is not mapped.` })),
    ...p.unknownVariables.map((v) => ({ field: `mapping.${v}`, rule: 'invalid_value', message: `The template has no \${${v}}.` })),
    ...p.unknownColumns.map((u) => ({ field: `mapping.${u.variable}`, rule: 'invalid_value', message: `No such column.` })),
  ];
  return new AppError('VALIDATION_FAILED', sentences.join(' '), { fields, details: { ...p } });
}
