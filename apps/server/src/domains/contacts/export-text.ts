import { isFormulaLike, neutraliseFormula } from '../../platform/spreadsheets/index.ts';

/** A phone number in international format, or the `-` of a missing name: formula-like by their first character only. */
const harmless = /^(\+\d{8,15}|-)$/;

/**
 * A text as the contact files (export, rejected rows) write it: formula-like text (`=`, `+`, `-`, `@`, tab, CR
 * first) gets OWASP's leading `'`, so that a copy of the file saved as CSV and opened again cannot run it. The
 * cells are inline strings (never evaluated in the .xlsx itself); the platform reader removes the `'` again, so an
 * exported file imports back unchanged. Phone numbers (+33…) and the `-` of a missing name are left as they are.
 */
export function exportText(text: string | null): string | null {
  if (text === null || !isFormulaLike(text) || harmless.test(text)) return text;
  return neutraliseFormula(text);
}
