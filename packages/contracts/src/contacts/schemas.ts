import { z } from 'zod';
import { deepListQuerySchema, itemEnvelope, listEnvelope, listQuerySchema, uuidSchema, personLanguageSchema } from '../shared/common.ts';
import { civilitySchema, emailSchema, phoneSchema } from '../users/schemas.ts';

/**
 * The address book (spec §3 Contact, "phonebook person"): people of one tenant a requester picks as signers,
 * e-mail unique within the tenant (case-insensitive). Spec §5 import rules are in `importRules.ts`.
 */

/** Searching the address book (signer pickers): at most 20 results (spec §9 phonebook search limit). */
export const contactSearchLimit = 20;

const text = (max: number) => z.string().trim().max(max);
/** A contact's name: required; `-` stands for a name the source did not give (spec §5, with the legal warning). */
const contactNameSchema = z.string().trim().min(1).max(100);

export const contactInputSchema = z.object({
  mail: emailSchema,
  firstname: contactNameSchema,
  lastname: contactNameSchema,
  civility: civilitySchema.nullish(),
  title: text(100).nullish(),
  company: text(200).nullish(),
  /** A landline or any number, international format (+33…). */
  phoneNumber: phoneSchema.nullish(),
  /** The mobile that receives SMS codes, international format (+33…). */
  mobile: phoneSchema.nullish(),
  /** The signer language used when this contact is picked; the tenant's default language when absent. */
  lang: personLanguageSchema.nullish(),
  address: text(300).nullish(),
  additionalAddress: text(300).nullish(),
});
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactSchema = z.object({
  id: uuidSchema,
  mail: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  civility: civilitySchema.nullable(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  mobile: z.string().nullable(),
  lang: personLanguageSchema,
  address: z.string().nullable(),
  additionalAddress: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactResponse = itemEnvelope(contactSchema);
export const contactListResponse = listEnvelope(contactSchema);

/** List and search: `search` (3 characters at least, else ignored) in names, e-mail and company; orderBy a column. */
export const contactOrderColumns = ['lastname', 'firstname', 'mail', 'company', 'createdAt', 'updatedAt'] as const;
export const contactListQuerySchema = deepListQuerySchema.extend({ orderBy: z.enum(contactOrderColumns).optional() });
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

// ----- Import -----

/** The contact fields a spreadsheet column can be mapped to. */
export const contactFields = [
  'mail',
  'firstname',
  'lastname',
  'civility',
  'title',
  'company',
  'phoneNumber',
  'mobile',
  'lang',
  'address',
  'additionalAddress',
] as const;
export const contactFieldSchema = z.enum(contactFields);
export type ContactField = z.infer<typeof contactFieldSchema>;

/** What an uploaded spreadsheet looks like, to map its columns (step 1 of the import). */
export const importPreviewSchema = z.object({
  fileName: z.string(),
  /** xlsx, xls, ods or csv, as detected from the content (not the name). */
  format: z.enum(['xlsx', 'xls', 'ods', 'csv']),
  /** csv only: the detected encoding and delimiter. */
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  /** A workbook: the sheet read (the one chosen, else the workbook's active sheet); null for a CSV. */
  sheetName: z.string().nullable().optional(),
  /** A workbook's visible sheets, in order: the choice offered (upload again with `sheet` to read another). */
  sheets: z.array(z.string()).optional(),
  /** The sheet's columns: the first line's text (a header, or the first data row) and the field guessed from it. */
  columns: z.array(z.object({ index: z.number().int(), header: z.string(), guess: contactFieldSchema.nullable() })),
  /** The first rows as text (at most 10, the first line included), for the preview table. */
  sampleRows: z.array(z.array(z.string())),
  /** Whether the first line looks like a header (its cells match field names): the default of `ignoreFirstLine`. */
  firstLineIsHeader: z.boolean(),
});

export const importStatusSchema = z.enum(['uploaded', 'queued', 'running', 'done', 'failed']);
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** Why a row was not imported (skipped) or imported with a change (warning). */
export const importRowReasons = [
  /** skipped: no e-mail, or not an e-mail address */
  'invalid_email',
  /** skipped: the e-mail's domain does not resolve (no MX nor address record) */
  'domain_unresolved',
  /** skipped: the same e-mail on an earlier row of this file (the first one counts) */
  'duplicate_in_file',
  /** warning: a missing first or last name was replaced by "-" (the legal warning of spec §5) */
  'name_missing',
  /** warning: the mobile is not in international format (+33…): not imported */
  'mobile_invalid',
  /** warning: the phone number is not in international format: not imported */
  'phone_invalid',
  /** warning: the language is not one of the product's: the tenant's default is used */
  'language_unknown',
  /** warning: the civility is not M, MME or OTHER: left empty */
  'civility_unknown',
  /** warning: a text was longer than the field allows: cut */
  'text_truncated',
] as const;
export const importRowReasonSchema = z.enum(importRowReasons);
export type ImportRowReason = z.infer<typeof importRowReasonSchema>;

export const contactImportSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  status: importStatusSchema,
  preview: importPreviewSchema,
  /** Set when started: which column feeds each field, and whether the first line was skipped. */
  mapping: z.partialRecord(contactFieldSchema, z.number().int()).nullable(),
  ignoreFirstLine: z.boolean().nullable(),
  /** Rows of the sheet to process (the ignored first line and blank rows not counted); null until read. */
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Rows imported with a warning (name replaced, mobile dropped, default language…). */
  warnings: z.number().int(),
  /** Once done: how many rows each reason affected (skipped and warned rows; a row may have several reasons). */
  reasonCounts: z.partialRecord(importRowReasonSchema, z.number().int()).optional(),
  /** `off` when e-mail domains could not be checked (no DNS, e.g. the embedded default offline): none was refused for it. */
  domainCheck: z.enum(['on', 'off']),
  /** Why the whole import failed (status failed), e.g. an unreadable file. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ContactImport = z.infer<typeof contactImportSchema>;
export const contactImportResponse = itemEnvelope(contactImportSchema);

export const startImportInputSchema = z
  .object({
    /** Field → column index (0-based) of the preview's columns; `mail` is required. */
    mapping: z.partialRecord(contactFieldSchema, z.number().int().min(0).max(1000)),
    ignoreFirstLine: z.boolean(),
  })
  .refine((input) => input.mapping.mail !== undefined, {
    message: 'Map a column to the e-mail address.',
    path: ['mapping', 'mail'],
    params: { rule: 'required' },
  });
export type StartImportInput = z.input<typeof startImportInputSchema>;

/** One skipped or warned row of an import: its line in the file (1-based, as a spreadsheet shows it), the reasons. */
export const importRowOutcomeSchema = z.object({
  line: z.number().int(),
  outcome: z.enum(['skipped', 'warning']),
  reasons: z.array(importRowReasonSchema),
  /** The row's cells as read (text), to show and to download. */
  cells: z.array(z.string()),
});
export type ImportRowOutcome = z.infer<typeof importRowOutcomeSchema>;
export const importRowsQuerySchema = listQuerySchema.pick({ limit: true, offset: true }).extend({ outcome: z.enum(['skipped', 'warning']).optional() });
export const importRowsResponse = listEnvelope(importRowOutcomeSchema);
