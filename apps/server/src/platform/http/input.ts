import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError } from '@paraphe/contracts';
import { AppError } from '../errors.ts';

/**
 * Input the database cannot store or that no field has a use for, refused before any validation or handler:
 * control characters (NUL first: PostgreSQL refuses it in text and jsonb, which used to answer 500), text that is
 * not well-formed Unicode (lone surrogates, silently turned into U+FFFD otherwise), JSON nested deeper than any of
 * our schemas. Free text (JSON bodies) keeps tab, line feed and carriage return; path and query parameters are
 * single-line. Object keys are checked like values (records are stored as jsonb).
 */
export const maxInputDepth = 32;
/** C0 controls and DEL, except tab, LF and CR. */
const controlInText = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Every C0 control and DEL. */
const controlInLine = /[\u0000-\u001F\u007F]/;

/** String.prototype.isWellFormed (ES2024, Node ≥ 20; the TypeScript target here is ES2023). */
const isWellFormed = (value: string) => (value as unknown as { isWellFormed(): boolean }).isWellFormed();

export type TextKind = 'text' | 'line';

function textProblem(value: string, kind: TextKind): string | undefined {
  if ((kind === 'line' ? controlInLine : controlInText).test(value)) return 'Control characters (such as NUL) are not allowed.';
  if (!isWellFormed(value)) return 'The text is not valid Unicode (lone surrogate).';
  return undefined;
}

const fieldName = (path: readonly (string | number)[]) => (path.length ? path.join('.') : '(root)');

/** The problems of one part of the request (body, query, params, multipart text parts), at most `limit`. */
export function inputProblems(input: unknown, kind: TextKind, limit = 10): FieldError[] {
  const problems: FieldError[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length && problems.length < limit) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const message = textProblem(value, kind);
      if (message) problems.push({ field: fieldName(path), rule: 'invalid_value', message });
      continue;
    }
    if (value === null || typeof value !== 'object' || value instanceof Uint8Array) continue;
    if (path.length >= maxInputDepth) {
      problems.push({ field: fieldName(path), rule: 'invalid_value', message: `Nested deeper than ${maxInputDepth} levels.` });
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
      continue;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const message = textProblem(key, 'line');
      if (message)
        problems.push({ field: fieldName([...path, key.replace(/[\u0000-\u001F\u007F]/g, '?')]), rule: 'invalid_value', message: `Field name: ${message}` });
      else stack.push({ value: child, path: [...path, key] });
    }
  }
  return problems;
}

/** Throws the API's VALIDATION_FAILED naming the fields when a part of the input holds refused text. */
export function refuseUnsafeText(input: unknown, kind: TextKind = 'text'): void {
  const fields = inputProblems(input, kind);
  if (fields.length) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields });
}

/** preValidation hook (after the guard): path parameters, query and JSON body of every route. */
export async function refuseUnsafeInput(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const fields = [...inputProblems(request.params, 'line'), ...inputProblems(request.query, 'line'), ...inputProblems(request.body, 'text')];
  if (fields.length) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields });
}
