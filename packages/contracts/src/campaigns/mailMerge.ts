import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';
import { signatureFieldInputSchema, signatureFieldSchema } from '../signatures/fields.ts';
import { isNoValue, templateMappingSchema, variableNameMaxLength, variableValueMaxLength, type TemplateMapping } from '../templates/schemas.ts';

/**
 * A mail-merge campaign (type `publipostage`, docs/campaigns.md "Mail-merge"): beside its ordinary documents (shared
 * by every copy), ONE merge document made from a template (.docx/.odt, `POST Template`) whose `${variables}` take
 * each signatory's values: every signatory gets their own filled PDF, generated at dispatch, then signed as any copy.
 *
 * A variable's source is a "column" of the signatory — one of `signatoryColumns` (firstname, lastname, emailAddress,
 * phoneNum, language) or a key of the signatory's `data` (the columns kept as variables by the spreadsheet import,
 * or typed) — or a fixed text. The same names as the sheet's headers, so a guess maps most variables by itself.
 */
export const signatoryColumns = ['firstname', 'lastname', 'emailAddress', 'phoneNum', 'language'] as const;
export type SignatoryColumn = (typeof signatoryColumns)[number];

/** Fields of a merge document: the signatory (signerIndex 0); a page beyond a copy's last page is its last page. */
export const mergeDocumentInputSchema = z.object({
  templateId: uuidSchema,
  /** Default: the template's file name without its extension. */
  title: z.string().trim().max(200).nullish(),
  documentType: z.enum(['pdf', 'pdf-optional']).default('pdf'),
  checkBoxTexts: z
    .array(z.string().trim().max(1000))
    .max(20)
    .default([])
    .transform((texts) => texts.filter((t) => t.length > 0)),
  /** variable → { column } (a signatory column or data key) | { value }. Unmapped variables are allowed in a draft, not on send. */
  mapping: templateMappingSchema.default({}),
  signatureFields: z.array(signatureFieldInputSchema).max(200).default([]),
});
export type MergeDocumentInput = z.input<typeof mergeDocumentInputSchema>;
export type MergeDocumentData = z.infer<typeof mergeDocumentInputSchema>;

export const mergeDocumentSchema = z.object({
  templateId: uuidSchema,
  /** The template's file name and variables (in reading order). */
  templateFileName: z.string(),
  variables: z.array(z.string()),
  title: z.string(),
  documentType: z.enum(['pdf', 'pdf-optional']),
  checkBoxTexts: z.array(z.string()),
  mapping: templateMappingSchema,
  signatureFields: z.array(signatureFieldSchema),
  /** Signatory copies generated so far (kept until the copy is made), and those that could not be. */
  generated: z.number().int(),
});
export type MergeDocument = z.infer<typeof mergeDocumentSchema>;

/** The columns a mapping may name for these signatories: the signatory columns, then every data key (first seen first). */
export function mergeColumnsOf(signatories: readonly { data?: Record<string, string> | null }[]): string[] {
  const keys = new Set<string>(signatoryColumns);
  for (const s of signatories) for (const k of Object.keys(s.data ?? {})) keys.add(k);
  return [...keys];
}

export interface MergeSignatory {
  firstname: string;
  lastname: string;
  emailAddress: string;
  phoneNum?: string | null;
  language?: string | null;
  data?: Record<string, string> | null;
}

/** A signatory's value of a column: a signatory column by its name first, else the data key (exact, then case-insensitive). */
export function signatoryColumnValue(signatory: MergeSignatory, column: string): string | undefined {
  if ((signatoryColumns as readonly string[]).includes(column)) return signatory[column as SignatoryColumn] ?? undefined;
  const data = signatory.data ?? {};
  if (Object.hasOwn(data, column)) return data[column];
  const wanted = column.trim().toLowerCase();
  const key = Object.keys(data).find((k) => k.trim().toLowerCase() === wanted);
  return key === undefined ? undefined : data[key];
}

/**
 * What a signatory's filled document receives: one value per variable of the template. `missing` names the variables
 * mapped to a column the signatory has no value in (blank, or a word for nothing such as `undefined`: given as ''),
 * `unmapped` those with no source (or a fixed value that is no value). The server and the preview use this same
 * function, so the preview is the document the signatory gets. Pass the effective mapping (`effectiveMergeMapping`).
 */
export function mergeValuesOf(
  variables: readonly string[],
  mapping: TemplateMapping,
  signatory: MergeSignatory,
): { values: Record<string, string>; missing: string[]; unmapped: string[] } {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  const unmapped: string[] = [];
  for (const variable of variables) {
    const source = Object.hasOwn(mapping, variable) ? mapping[variable] : undefined;
    if (!source) {
      unmapped.push(variable);
      values[variable] = '';
    } else if ('value' in source) {
      if (isNoValue(source.value)) unmapped.push(variable);
      values[variable] = isNoValue(source.value) ? '' : source.value;
    } else {
      const value = signatoryColumnValue(signatory, String(source.column)) ?? '';
      if (isNoValue(value)) missing.push(variable);
      values[variable] = isNoValue(value) ? '' : value.slice(0, variableValueMaxLength);
    }
  }
  return { values, missing, unmapped };
}

/** A guess for a new mapping: each variable to the column of the same name (case, spaces, `_` and `-` ignored). */
export function guessMergeMapping(variables: readonly string[], columns: readonly string[]): TemplateMapping {
  const squash = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');
  const synonyms: Record<string, SignatoryColumn> = {
    prenom: 'firstname',
    nom: 'lastname',
    email: 'emailAddress',
    mail: 'emailAddress',
    courriel: 'emailAddress',
    mobile: 'phoneNum',
    telephone: 'phoneNum',
    phone: 'phoneNum',
    langue: 'language',
    lang: 'language',
  };
  const mapping: TemplateMapping = {};
  for (const variable of variables) {
    const key = squash(variable.normalize('NFD').replace(/\p{M}/gu, ''));
    const column = columns.find((c) => squash(c) === key) ?? synonyms[key];
    if (column) mapping[variable] = { column };
  }
  return mapping;
}

/**
 * The mapping a merge really uses: the saved one, and each variable it leaves unmapped taken from the column of the
 * same name when there is one (`guessMergeMapping`) — a `${company}` in a page header finds the "company" column
 * imported after the template was chosen, without a visit to the mapping screen. A saved source always wins.
 */
export function effectiveMergeMapping(variables: readonly string[], saved: TemplateMapping, columns: readonly string[]): TemplateMapping {
  const unmapped = variables.filter((v) => !Object.hasOwn(saved, v));
  return { ...guessMergeMapping(unmapped, columns), ...saved };
}

/** Why a mail-merge campaign cannot be sent (`VALIDATION_FAILED` details, beside the field errors). */
export const mergeReadinessSchema = z.object({
  unmapped: z.array(z.string().max(variableNameMaxLength)),
  unknownColumns: z.array(z.object({ variable: z.string(), column: z.string() })),
  /** The first 100 signatories lacking a value (row = rowIndex + 1), with which variables; and how many in all. */
  rowsMissingValues: z.array(z.object({ row: z.number().int(), emailAddress: z.string(), variables: z.array(z.string()) })),
  rowsMissingCount: z.number().int(),
});
export type MergeReadiness = z.infer<typeof mergeReadinessSchema>;
