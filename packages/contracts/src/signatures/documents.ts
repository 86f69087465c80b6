import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';
import { documentFileTypes, documentTypes } from './constants.ts';
import { signatureFieldInputSchema, signatureFieldSchema } from './fields.ts';

export const documentInputSchema = z.object({
  /**
   * Editing a draft (PUT /api/transactions/:id/draft): keep this stored document (no file part); its entry's title,
   * type, consents and fields replace the stored ones. Ignored on create.
   */
  documentId: uuidSchema.optional(),
  title: z.string().trim().max(200).nullish(),
  documentType: z.enum(documentTypes).default('pdf'),
  /** Names the uploaded file part (for a zip: the archive; its fields then apply to every PDF inside). */
  fileName: z.string().trim().min(1).max(255),
  /** Consent sentences; empty ones are dropped. */
  checkBoxTexts: z
    .array(z.string().trim().max(1000))
    .max(20)
    .default([])
    .transform((texts) => texts.filter((t) => t.length > 0)),
  signatureFields: z.array(signatureFieldInputSchema).max(200).default([]),
});
export type DocumentInput = z.input<typeof documentInputSchema>;

/**
 * Active content of an uploaded PDF (what a viewer may run or open): the kinds found, and those neutralised in the
 * version the signers get (JavaScript, Launch, SubmitForm, ImportData, RichMediaExecute, XFA). Links (URI, GoToR,
 * GoToE) and attachments (EmbeddedFile) are kept. The original file keeps everything; only the requester can
 * download it (as an attachment).
 */
export const documentActiveContentSchema = z.object({ found: z.array(z.string()), neutralised: z.array(z.string()) });
export type DocumentActiveContent = z.infer<typeof documentActiveContentSchema>;

export const signatureDocumentSchema = z.object({
  id: uuidSchema,
  title: z.string(),
  documentType: z.enum(documentTypes),
  fileType: z.enum(documentFileTypes),
  fileName: z.string(),
  checkBoxTexts: z.array(z.string()),
  signatureFields: z.array(signatureFieldSchema),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  pageCount: z.number().int(),
  createdAt: z.string(),
  /** Present when the upload check found active content (see documentActiveContentSchema). */
  activeContent: documentActiveContentSchema.optional(),
});
export type SignatureDocument = z.infer<typeof signatureDocumentSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Upload checks (the server reads every PDF with the signing engine's reader: what it accepts can be signed)

/**
 * Why an uploaded PDF is refused (`error.details.reason` of PDF_INVALID, and `params.reason` of its field error).
 * The same list as the signing engine's `inspectRejectionReasons` (checked by a server test).
 */
export const pdfRejectionReasons = [
  'NOT_PDF',
  'DAMAGED',
  'ENCRYPTED_PASSWORD',
  'ENCRYPTED_RESTRICTIONS',
  'ALREADY_SIGNED',
  'CERTIFIED_NO_CHANGES',
  'TOO_COMPLEX',
  'DECOMPRESSION_BOMB',
  'UNSUPPORTED',
] as const;
export type PdfRejectionReason = (typeof pdfRejectionReasons)[number];

/** The English message of each refusal, naming the file and the fix (the web translates by reason). */
export const pdfRejectionMessages: Record<PdfRejectionReason, (fileName: string) => string> = {
  NOT_PDF: (f) => `${f} is not a PDF file: export it as PDF and upload it again.`,
  DAMAGED: (f) => `${f} is damaged or incomplete and cannot be read: export it again as PDF and upload the new copy.`,
  ENCRYPTED_PASSWORD: (f) => `${f} is protected by a password: remove the password and upload it again.`,
  ENCRYPTED_RESTRICTIONS: (f) =>
    `${f} is protected by permission restrictions (printing, editing…), which prevent signing: remove them and upload it again (print it to a new PDF, or save a copy without security).`,
  ALREADY_SIGNED: (f) => `${f} is already signed: upload the document as it was before any signature.`,
  CERTIFIED_NO_CHANGES: (f) => `${f} is certified with "no changes allowed": it cannot receive signatures. Upload the document as it was before certification.`,
  TOO_COMPLEX: (f) => `${f} is too large or too complex to be processed: print it to a new PDF (or split it) and upload it again.`,
  DECOMPRESSION_BOMB: (f) => `${f} holds compressed data that expands far beyond the allowed size: it was refused. Print it to a new PDF and upload it again.`,
  UNSUPPORTED: (f) => `${f} uses a PDF structure that cannot be processed: print it to a new PDF and upload it again.`,
};

/** One PDF as the upload check sees it: its pages in visible-page coordinates (points, rotation applied). */
export const inspectedDocumentSchema = z.object({
  fileName: z.string(),
  pageCount: z.number().int(),
  pages: z.array(z.object({ width: z.number(), height: z.number(), rotate: z.number().int() })),
  activeContent: documentActiveContentSchema,
  /** English notes of the engine (bytes after %%EOF, repaired cross-reference…): accepted, worth knowing. */
  warnings: z.array(z.string()),
  /**
   * The damage found (a broken cross-reference table, wrong stream lengths): the file is rewritten cleanly once,
   * before the first signature, and the original kept with the evidence. English notes; empty when the file is sound.
   */
  repairs: z.array(z.string()).optional(),
});
export type InspectedDocument = z.infer<typeof inspectedDocumentSchema>;

/** POST /api/transactions/inspect: the file is usable (a ZIP: every PDF inside), nothing stored. */
export const fileInspectionSchema = z.object({
  fileName: z.string(),
  kind: z.enum(['pdf', 'zip']),
  documents: z.array(inspectedDocumentSchema),
});
export type FileInspection = z.infer<typeof fileInspectionSchema>;
