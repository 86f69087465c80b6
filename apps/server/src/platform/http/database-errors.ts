/**
 * Database errors caused by what the client sent: PostgreSQL's class 22 (data exception: invalid text
 * representation, numeric value out of range, value too long, character not in repertoire…) and 54000 (a value too
 * large for an index). Both engines raise them with the same SQLSTATE (PGlite is PostgreSQL), possibly wrapped by
 * drizzle (`cause`). They answer 400 with a message that names the kind of problem, never the SQL.
 */
const messages: Record<string, string> = {
  '22001': 'A value is too long.',
  '22003': 'A number is out of range.',
  '22007': 'A date or time has an invalid format.',
  '22008': 'A date or time is out of range.',
  '22012': 'A value leads to a division by zero.',
  '22021': 'A text contains a character that is not allowed.',
  '22P02': 'A value has an invalid format.',
  '22P05': 'A text contains a character that is not allowed.',
  '2202E': 'A list index is out of range.',
  '22023': 'A value is not valid.',
  '22025': 'A text contains an invalid escape sequence.',
  '22030': 'A value is duplicated.',
  '22032': 'A JSON value is not valid.',
  '54000': 'A value is too long.',
};

const sqlState = /^(22[0-9A-Z]{3}|54000)$/;

export interface InputDatabaseError {
  sqlState: string;
  message: string;
}

/** The SQLSTATE and a client message when `error` (or one of its causes) is a data exception; undefined otherwise. */
export function inputDatabaseError(error: unknown): InputDatabaseError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && sqlState.test(code)) return { sqlState: code, message: messages[code] ?? 'A value is not valid.' };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
