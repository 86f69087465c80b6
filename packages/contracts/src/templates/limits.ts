/**
 * The mail-merge's bounds and its rule for "no value", without zod: what the server's worker threads load to read
 * and fill a template (`@paraphe/contracts/template-limits`; the contracts re-export it, templates/schemas.ts).
 */
/** Largest template accepted (bytes), and what its archive may unpack to. */
export const templateMaxBytes = 10 * 1024 * 1024;
export const templateMaxInflatedBytes = 64 * 1024 * 1024;
/** Most distinct variables a template may have, and the longest name. */
export const templateMaxVariables = 200;
export const variableNameMaxLength = 100;
/** Longest value of one variable. */
export const variableValueMaxLength = 10_000;
/** Most rows of a batch (`batch/generate/pdf`): a campaign generates its copies itself, past this. */
export const batchMaxRows = 10_000;

/**
 * Texts that are a program's word for "nothing" (`undefined`, `null`, `NaN`, any case, spaces around), not a value a
 * person wrote: a document must never say them. A merge value that is one of them counts as no value (docs/mail-merge.md).
 */
export const noValueWords = ['undefined', 'null', 'nan'] as const;
/** Whether a merge value is no value: blank, or one of `noValueWords`. */
export const isNoValue = (value: string | null | undefined): boolean => {
  const text = (value ?? '').trim().toLowerCase();
  return text === '' || (noValueWords as readonly string[]).includes(text);
};
