/**
 * Spreadsheet formula ("CSV injection") guard, after OWASP's CSV Injection guidance: a text cell whose first
 * character is `=`, `+`, `-`, `@`, a tab or a carriage return may be run as a formula (or DDE command) by Excel,
 * LibreOffice or Google Sheets when the file is opened.
 *
 * `neutraliseFormula` is THE neutraliser of every export (docs/security.md, "Formula neutralisation in every
 * export"): such a text gets OWASP's leading single quote `'`, in CSV (where the field is also quoted, csv-writer.ts)
 * and in .xlsx alike (xlsx-writer.ts). In .xlsx the cell is moreover an explicit inline string (`t="inlineStr"`),
 * never a formula (`<f>`), so nothing is evaluated when the file is opened; the quote is for what happens next: a
 * cell edited and confirmed, or the sheet saved as CSV and opened again, would otherwise become a live formula.
 * Two shapes are left as they are, being data no spreadsheet can run: an international phone number
 * (`+33612345678`) and a lone `-` (a missing value). Our own readers remove the quote (`stripFormulaGuard`), so an
 * exported file imports back unchanged. The FEC accounting file (billing/invoicing/fec.ts) uses it for its free-text
 * fields only, never its amounts.
 */
const triggers = new Set(['=', '+', '-', '@', '\t', '\r']);

/** True when a spreadsheet could read this text as a formula. */
export const isFormulaLike = (text: string): boolean => text.length > 0 && triggers.has(text[0]!);

/** Formula-like by its first character only: an E.164 phone number, or the `-` of a missing value. */
const harmless = /^(\+\d{8,15}|-)$/;

/** OWASP's neutralisation: a leading `'` on formula-like text (but the harmless shapes above), anything else unchanged. */
export const neutraliseFormula = (text: string): string => (isFormulaLike(text) && !harmless.test(text) ? `'${text}` : text);

/**
 * The reverse, for imports: drops the `'` that neutraliseFormula put before a formula-like text, so a file this
 * module exported reads back with its original values. A `'` before anything else is kept (it is data).
 */
export const stripFormulaGuard = (text: string): string => (text.length > 1 && text[0] === "'" && triggers.has(text[1]!) ? text.slice(1) : text);
