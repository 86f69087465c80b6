import { z } from 'zod';
import { itemEnvelope, uuidSchema } from '../shared/common.ts';
import { variableNameMaxLength, variableValueMaxLength } from './limits.ts';

export * from './limits.ts';

/**
 * Mail-merge (publipostage, spec §7 Templates): a .docx or .odt template with `${variable}` placeholders, filled
 * with a row of values and converted to PDF. docs/mail-merge.md has the rules and limits.
 */

export const templateFormatSchema = z.enum(['docx', 'odt']);
export type TemplateFormat = z.infer<typeof templateFormatSchema>;

export const templateSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  format: templateFormatSchema,
  /** The variables found (`${name}` → `name`), each once, in reading order (headers, body, footers). */
  variables: z.array(z.string()),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;
export const templateResponse = itemEnvelope(templateSchema);

const valueSchema = z.string().max(variableValueMaxLength);

export const templateValuesSchema = z.record(z.string().min(1).max(variableNameMaxLength), valueSchema);

/** One filled PDF (the mapping screen's preview): every variable of the template needs a value ('' allowed). */
export const generatePdfInputSchema = z.object({
  templateId: uuidSchema,
  values: templateValuesSchema,
});
export type GeneratePdfInput = z.input<typeof generatePdfInputSchema>;

/** Where a variable's value comes from: a column of the sheet (0-based index, or its header) or a fixed text. */
export const variableSourceSchema = z.union([
  z.object({ column: z.union([z.number().int().min(0).max(16_383), z.string().trim().min(1).max(200)]) }).strict(),
  z.object({ value: valueSchema }).strict(),
]);
export type VariableSource = z.infer<typeof variableSourceSchema>;
export const templateMappingSchema = z.record(z.string().min(1).max(variableNameMaxLength), variableSourceSchema);
export type TemplateMapping = z.infer<typeof templateMappingSchema>;

/** The `request` part of `batch/generate/pdf` (JSON), beside the `file` part (the spreadsheet). */
export const batchRequestSchema = z.object({
  templateId: uuidSchema,
  mapping: templateMappingSchema,
  /** The sheet's first line names its columns (not a row to generate). Default true. */
  firstLineIsHeader: z.boolean().default(true),
});
export type BatchRequest = z.input<typeof batchRequestSchema>;

export const batchStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);
export type BatchStatus = z.infer<typeof batchStatusSchema>;

export const generationBatchSchema = z.object({
  id: uuidSchema,
  templateId: uuidSchema,
  status: batchStatusSchema,
  /** PDFs to make, PDFs made (stored): `done / total` is the progress. */
  total: z.number().int(),
  done: z.number().int(),
  /** Rows whose PDF could not be made (the others are in the zip), with why: the first 100. */
  failed: z.number().int(),
  failures: z.array(z.object({ line: z.number().int(), error: z.string() })),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type GenerationBatch = z.infer<typeof generationBatchSchema>;
export const generationBatchResponse = itemEnvelope(generationBatchSchema);

/**
 * Why a mapping is refused (`VALIDATION_FAILED`, in the error's `details`): the variables with no source, the
 * columns that do not exist, and the rows (1-based lines of the sheet) lacking a value, with which variables.
 */
export const mappingProblemsSchema = z.object({
  unmapped: z.array(z.string()),
  unknownVariables: z.array(z.string()),
  unknownColumns: z.array(z.object({ variable: z.string(), column: z.union([z.number(), z.string()]) })),
  /** The first 100 rows lacking values. */
  rowsMissingValues: z.array(z.object({ line: z.number().int(), variables: z.array(z.string()) })),
  rowsMissingCount: z.number().int(),
});
export type MappingProblems = z.infer<typeof mappingProblemsSchema>;
