/**
 * Spreadsheet formula ("CSV injection") guard, after OWASP's CSV Injection guidance: a text cell whose first
 * character is `=`, `+`, `-`, `@`, a tab or a carriage return may be run as a formula (or DDE command) by Excel,
 * LibreOffice or Google Sheets when the file is opened.
 *
 * - CSV carries no types, so the only defence is in the text: prefix such a value with a single quote `'` (what
 *   OWASP recommends; spreadsheets then show it as text) and quote the field. See csv-writer.ts.
 * - In .xlsx every string is written as an explicit inline string cell (`t="inlineStr"`), never as a formula
 *   (`<f>`): a spreadsheet opens it as text, nothing is evaluated, and the value keeps its exact characters
 *   (a phone number `+33 6 12 34 56 78` stays that, not `'+33 6 …`). See xlsx-writer.ts.
 */
const triggers = new Set(['=', '+', '-', '@', '\t', '\r']);

/** True when a spreadsheet could read this text as a formula. */
export const isFormulaLike = (text: string): boolean => text.length > 0 && triggers.has(text[0]!);

/** OWASP's neutralisation: a leading `'` on formula-like text, anything else unchanged. */
export const neutraliseFormula = (text: string): string => (isFormulaLike(text) ? `'${text}` : text);

/**
 * The reverse, for imports: drops the `'` that neutraliseFormula put before a formula-like text, so a file this
 * module exported reads back with its original values. A `'` before anything else is kept (it is data).
 */
export const stripFormulaGuard = (text: string): string =>
  text.length > 1 && text[0] === "'" && triggers.has(text[1]!) ? text.slice(1) : text;
