import { emailSchema, type ContactField, type ImportRowReason } from '@paraphe/contracts';

/**
 * Step 2 of the import: which column feeds each contact field. Kept as the contract's shape (field → column
 * index), so a field can only be used once by construction; the screen shows it per column.
 */
export type FieldMapping = Partial<Record<ContactField, number>>;

type PreviewColumn = { index: number; guess: ContactField | null };

/** The server's guesses, each field given to the first column that guessed it. */
export function initialMapping(columns: readonly PreviewColumn[]): FieldMapping {
  const mapping: FieldMapping = {};
  for (const column of columns) {
    if (column.guess && mapping[column.guess] === undefined) mapping[column.guess] = column.index;
  }
  return mapping;
}

/** The field a column feeds, if any. */
export function fieldOfColumn(mapping: FieldMapping, column: number): ContactField | null {
  return (Object.keys(mapping) as ContactField[]).find((field) => mapping[field] === column) ?? null;
}

/**
 * Gives `field` to `column` (null: the column is ignored). The column's previous field is freed, and a field
 * taken from another column leaves it: each field is used at most once.
 */
export function assignField(mapping: FieldMapping, column: number, field: ContactField | null): FieldMapping {
  const next: FieldMapping = {};
  for (const [name, index] of Object.entries(mapping) as [ContactField, number][]) {
    if (index !== column && name !== field) next[name] = index;
  }
  if (field) next[field] = column;
  return next;
}

export type MappingProblem = 'mailRequired';

/** What keeps the import from starting: the e-mail is the contact's key, a column must give it. */
export function mappingProblem(mapping: FieldMapping): MappingProblem | null {
  return mapping.mail === undefined ? 'mailRequired' : null;
}

/** One row as the import would take it, for the live preview (display only: the server's job decides). */
export type PreviewRow = {
  /** The row's line in the file, 1-based as a spreadsheet shows it. */
  line: number;
  values: Partial<Record<ContactField, string>>;
  outcome: 'imported' | 'skipped' | 'warning';
  reasons: ImportRowReason[];
};

/** The placeholder of a missing first or last name (spec §5; the legal warning explains it). */
export const missingName = '-';

/** As the import reads a number: spaces, dots, dashes, brackets and slashes dropped, a leading 00 read as +. */
function internationalPhone(text: string): string | null {
  let compact = text.replace(/[\s.\-()/]/g, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The first rows under a mapping, with the import's simple rules: no or invalid e-mail → skipped, the same
 * e-mail again → skipped, a missing name → "-" (warning), a mobile or phone not in international format →
 * dropped (warning). Blank rows are left out, as the import does.
 */
export function previewRows(sampleRows: readonly (readonly string[])[], mapping: FieldMapping, ignoreFirstLine: boolean, limit = 5): PreviewRow[] {
  const seen = new Set<string>();
  const rows: PreviewRow[] = [];
  for (const [i, cells] of sampleRows.entries()) {
    if ((i === 0 && ignoreFirstLine) || isBlank(cells)) continue;
    if (rows.length >= limit) break;
    rows.push(previewRow(cells, i + 1, mapping, seen));
  }
  return rows;
}

function previewRow(cells: readonly string[], line: number, mapping: FieldMapping, seen: Set<string>): PreviewRow {
  const values: Partial<Record<ContactField, string>> = {};
  for (const [field, column] of Object.entries(mapping) as [ContactField, number][]) {
    const value = (cells[column] ?? '').trim();
    if (value) values[field] = value;
  }
  const skipped: ImportRowReason[] = [];
  const warnings: ImportRowReason[] = [];

  const mail = emailSchema.safeParse(values.mail ?? '');
  if (!mail.success) skipped.push('invalid_email');
  else if (seen.has(mail.data)) skipped.push('duplicate_in_file');
  else {
    seen.add(mail.data);
    values.mail = mail.data;
  }

  if (!values.firstname || !values.lastname) {
    warnings.push('name_missing');
    values.firstname ??= missingName;
    values.lastname ??= missingName;
  }
  for (const [field, reason] of [
    ['mobile', 'mobile_invalid'],
    ['phoneNumber', 'phone_invalid'],
  ] as const) {
    const value = values[field];
    if (value === undefined) continue;
    const phone = internationalPhone(value);
    if (phone) values[field] = phone;
    else {
      warnings.push(reason);
      delete values[field];
    }
  }

  const outcome = skipped.length > 0 ? 'skipped' : warnings.length > 0 ? 'warning' : 'imported';
  // A skipped row is not imported at all: its warnings would not apply.
  return { line, values, outcome, reasons: skipped.length > 0 ? skipped : warnings };
}

/** A column kept beside the fields (a campaign's signatory `data`, for mail-merge): its index and the variable's name. */
export type VariableColumn = { index: number; name: string };

const variableNameMax = 100;

/**
 * The columns that feed none of the `kept` fields, offered as variables: named by their header (trimmed; a second
 * column of the same name gets " (2)"), or `columnN` when the first line is data or the header cell is empty.
 */
export function variableColumns(
  columns: readonly { index: number; header: string }[],
  mapping: FieldMapping,
  kept: readonly ContactField[],
  ignoreFirstLine: boolean,
): VariableColumn[] {
  const used = new Set(kept.flatMap((field) => (mapping[field] === undefined ? [] : [mapping[field]])));
  const taken = new Map<string, number>();
  return columns
    .filter((c) => !used.has(c.index))
    .map((c) => {
      const base = (ignoreFirstLine && c.header.trim() ? c.header.trim() : `column${c.index + 1}`).slice(0, variableNameMax - 4);
      const seen = (taken.get(base.toLowerCase()) ?? 0) + 1;
      taken.set(base.toLowerCase(), seen);
      return { index: c.index, name: seen === 1 ? base : `${base} (${seen})` };
    });
}
