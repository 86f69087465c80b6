import { z } from 'zod';
import { httpsUrlSchema, itemEnvelope, listEnvelope, listQuerySchema, localeSchema, uuidSchema } from './common.ts';
import { emailSchema, phoneSchema } from './users.ts';
import type { FieldError } from './errors.ts';
import { sepaPreprocessingOutputSchema, sepaPreprocessingSchema } from './sepa.ts';
import { signatureActionSchema, signatureStatusSchema, signerStatusSchema } from './signature-states.ts';

export * from './signature-states.ts';
export * from './sepa.ts';

/** Upload limits that do not come from the tenant settings (maxFileSizeMb / maxArchiveSizeMb do). */
export const maxFilesPerRequest = 50;
export const maxSignersPerRequest = 50;

export const signerRoles = ['signer', 'observer', 'validator'] as const;
export const signerRoleSchema = z.enum(signerRoles);
export type SignerRole = z.infer<typeof signerRoleSchema>;

export const certificationLevels = [1, 2, 3] as const;
export const certificationLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type CertificationLevel = z.infer<typeof certificationLevelSchema>;
/** The `:level` path parameter of POST /api/transactions/:level. */
export const certificationLevelParamSchema = z.coerce.number().pipe(certificationLevelSchema);

export const chainingModes = ['direct', 'email', 'faceToFace'] as const;
export type ChainingMode = (typeof chainingModes)[number];
export const handwrittenModes = ['disabled', 'enabled', 'touchOnly'] as const;
export const contactChannels = ['email', 'sms'] as const;
export type ContactChannel = (typeof contactChannels)[number];

/** pdf = to sign; pdf-for-presentation = no signature; pdf-optional = may be signed. */
export const documentTypes = ['pdf', 'pdf-for-presentation', 'pdf-optional'] as const;
export const documentFileTypes = ['classic', 'zip', 'publi'] as const;
/** Mime types that make a zip-type document (spec §5). */
export const zipMimeTypes = ['application/zip', 'application/x-zip', 'application/x-zip-compressed'] as const;
export const pdfMimeType = 'application/pdf';

// ---------------------------------------------------------------------------------------------------------------
// Signature fields (spec §5 client-side building rules)

/** signerIndex -1 is the company stamp. */
export const stampSignerIndex = -1;
/** Page -1 means the last page of the document. */
export const lastPage = -1;
export const defaultFieldPosition = { x: 70, y: 70, page: lastPage } as const;
/** Default fields are spread horizontally across this many units. */
export const fieldSpreadWidth = 415;

export const defaultFieldName = (signerIndex: number) => (signerIndex === stampSignerIndex ? 'cachet' : 'signer');

/** A field's size in PDF points; the engine's historical fixed size is the default. */
export const defaultFieldSize = { width: 150, height: 60 } as const;
/** Smallest / largest accepted field (PDF points): big enough to click, never larger than a page. */
export const fieldSizeBounds = { width: { min: 20, max: 600 }, height: { min: 10, max: 300 } } as const;

/** width/height are optional: payloads written before fields had a size stay valid (150 × 60). */
export const signatureFieldSchema = z.object({
  page: z.number().int(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number().optional(),
  height: z.number().optional(),
  signerIndex: z.number().int(),
});
export type SignatureField = z.infer<typeof signatureFieldSchema>;
export type FieldSize = { width: number; height: number };

/** The size a field is drawn and prepared with: its own, else the default. */
export function fieldSizeOf(field: { width?: number | null; height?: number | null }): FieldSize {
  return { width: field.width ?? defaultFieldSize.width, height: field.height ?? defaultFieldSize.height };
}

const coordinate = z.number().min(0).max(10_000).nullish().transform((v) => v ?? 0);
const sizeInput = (dimension: keyof FieldSize) =>
  z
    .number()
    .min(fieldSizeBounds[dimension].min)
    .max(fieldSizeBounds[dimension].max)
    .nullish()
    .transform((v) => v ?? defaultFieldSize[dimension]);
/**
 * A missing name becomes 'signer' or 'cachet' (stamp); missing x/y become 0; a missing page is the last one;
 * a missing width/height becomes 150 × 60.
 */
export const signatureFieldInputSchema = z
  .object({
    page: z
      .number()
      .int()
      .min(-1)
      .max(10_000)
      .refine((p) => p !== 0, { message: 'Pages are numbered from 1 (-1 = last page).', params: { rule: 'invalid_value' } })
      .nullish()
      .transform((p) => p ?? lastPage),
    name: z.string().trim().max(100).nullish(),
    x: coordinate,
    y: coordinate,
    width: sizeInput('width'),
    height: sizeInput('height'),
    signerIndex: z.number().int().min(stampSignerIndex).max(maxSignersPerRequest),
  })
  .transform((f): SignatureField & FieldSize => ({ ...f, name: f.name || defaultFieldName(f.signerIndex) }));
export type SignatureFieldInput = z.input<typeof signatureFieldInputSchema>;

/**
 * Default fields for a new document: one per signer (signerIndex 0…n-1) plus the stamp, at y=70 on the last
 * page, spread horizontally from x=70 across 415 units, each of the default size (150 × 60).
 */
export function defaultSignatureFields(signerCount: number, hasStamp: boolean): (SignatureField & FieldSize)[] {
  const indexes = [...Array.from({ length: Math.max(0, signerCount) }, (_, i) => i), ...(hasStamp ? [stampSignerIndex] : [])];
  if (indexes.length === 0) return [];
  const step = fieldSpreadWidth / indexes.length;
  return indexes.map((signerIndex, slot) => ({
    page: defaultFieldPosition.page,
    name: defaultFieldName(signerIndex),
    x: Math.round(defaultFieldPosition.x + slot * step),
    y: defaultFieldPosition.y,
    ...defaultFieldSize,
    signerIndex,
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Signers

/** Legacy `mail` and `phoneNumber` are accepted and renamed to `emailAddress` and `phoneNum` (spec §3). */
export function renameLegacySignerKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { mail, phoneNumber, ...rest } = value as Record<string, unknown>;
  return { ...rest, emailAddress: rest.emailAddress ?? mail, phoneNum: rest.phoneNum ?? phoneNumber };
}

export const signerInputObjectSchema = z.object({
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
  emailAddress: emailSchema,
  phoneNum: phoneSchema.nullish(),
  /** Defaults to the request's language option. */
  language: localeSchema.nullish(),
  role: signerRoleSchema.default('signer'),
  coSigner: z.boolean().default(false),
  connector: z.object({ idc: z.string().trim().min(1).max(200) }).nullish(),
  /** Order in the chain, from 0; a signature field names its signer by this index. */
  signerIndex: z.number().int().min(0).max(maxSignersPerRequest - 1),
  invitationMessage: z.string().trim().max(2000).nullish(),
});
/** What the web builds (modern keys). */
export type SignerInput = z.input<typeof signerInputObjectSchema>;
export const signerInputSchema = z.preprocess(renameLegacySignerKeys, signerInputObjectSchema);

export const signerSchema = z.object({
  id: uuidSchema,
  firstname: z.string(),
  lastname: z.string(),
  emailAddress: z.string(),
  phoneNum: z.string().nullable(),
  language: localeSchema,
  role: signerRoleSchema,
  coSigner: z.boolean(),
  connector: z.object({ idc: z.string() }).nullable(),
  signerIndex: z.number().int(),
  invitationMessage: z.string().nullable(),
  refusalComment: z.string().nullable(),
  status: signerStatusSchema,
  actionAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
  lastReminderAt: z.string().nullable(),
  reminderCount: z.number().int(),
});
export type Signer = z.infer<typeof signerSchema>;

/** Display: LASTNAME firstname (spec §5). */
export function signerDisplayName(signer: { firstname: string; lastname: string }): string {
  return `${signer.lastname.trim().toUpperCase()} ${signer.firstname.trim()}`.trim();
}
/** Display order: observers first, then by signerIndex (spec §5). */
export function sortSignersForDisplay<T extends { role: SignerRole; signerIndex: number }>(signers: readonly T[]): T[] {
  return [...signers].sort((a, b) => Number(b.role === 'observer') - Number(a.role === 'observer') || a.signerIndex - b.signerIndex);
}

// ---------------------------------------------------------------------------------------------------------------
// Documents

export const documentInputSchema = z.object({
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
});
export type SignatureDocument = z.infer<typeof signatureDocumentSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Options (spec §3 Options and Signature settings)

export const reminderScheduleSchema = z.object({
  /** Days after the invitation before the first reminder; 0 = no reminder. */
  firstAfterDays: z.number().int().min(0).max(365),
  /** Days between the following reminders; 0 = no more reminders after the first. */
  intervalDays: z.number().int().min(0).max(365),
});
export type ReminderSchedule = z.infer<typeof reminderScheduleSchema>;
const noReminder: ReminderSchedule = { firstAfterDays: 0, intervalDays: 0 };
const reminderScheduleInput = z
  .object({ firstAfterDays: z.number().int().min(0).max(365).default(0), intervalDays: z.number().int().min(0).max(365).default(0) })
  .prefault({});

const signedDocumentsShape = {
  toRequester: z.boolean(),
  toSigners: z.boolean(),
  toObservers: z.boolean(),
  /** Copies to finalDocCCeMails; requires toSigners. */
  sendCopy: z.boolean(),
};

/** Plain shape of the options as stored and returned (no defaults, no transforms). */
export const signatureOptionsSchema = z.object({
  chainingMode: z.enum(chainingModes),
  language: localeSchema,
  handwritten: z.enum(handwrittenModes),
  stampBeforeSigning: z.boolean(),
  stampAccount: z.string().nullable(),
  contactFirstSignerBy: z.enum(contactChannels),
  reminders: z.object({ mail: reminderScheduleSchema, sms: reminderScheduleSchema }),
  /** Days before an unsigned request expires; the tenant's signatureExpiryDays when absent. */
  expiryDays: z.number().int().nullable(),
  signedDocuments: z.object(signedDocumentsShape),
  finalDocCCeMails: z.array(z.string()),
  invitationMessage: z.string().nullable(),
  successRedirection: z.string().nullable(),
  cancelRedirection: z.string().nullable(),
  failRedirection: z.string().nullable(),
  coSignersSignFirst: z.boolean(),
  preprocessing: z.object({ sepa: sepaPreprocessingOutputSchema }).nullable(),
});
export type SignatureOptions = z.infer<typeof signatureOptionsSchema>;

/** A single string becomes a list (spec §3 finalDocCCeMails). */
const toList = (v: unknown) => (typeof v === 'string' ? (v.trim() ? [v] : []) : v);

export const signatureOptionsInputSchema = z
  .object({
    chainingMode: z.enum(chainingModes).default('email'),
    language: localeSchema.default('fr'),
    /** Informational: the :level path parameter decides. */
    level: certificationLevelSchema.optional(),
    handwritten: z.enum(handwrittenModes).default('disabled'),
    stampBeforeSigning: z.boolean().default(false),
    stampAccount: z.string().trim().max(200).nullish().transform((v) => v || null),
    contactFirstSignerBy: z.enum(contactChannels).default('email'),
    reminders: z.object({ mail: reminderScheduleInput, sms: reminderScheduleInput }).prefault({}),
    expiryDays: z.number().int().min(1).max(365).nullish().transform((v) => v ?? null),
    signedDocuments: z
      .object({
        toRequester: z.boolean().default(true),
        toSigners: z.boolean().default(true),
        toObservers: z.boolean().default(false),
        sendCopy: z.boolean().default(false),
      })
      .prefault({}),
    finalDocCCeMails: z.preprocess(toList, z.array(emailSchema).max(20)).default([]),
    invitationMessage: z.string().trim().max(2000).nullish().transform((v) => v || null),
    successRedirection: httpsUrlSchema.nullish().transform((v) => v ?? null),
    cancelRedirection: httpsUrlSchema.nullish().transform((v) => v ?? null),
    failRedirection: httpsUrlSchema.nullish().transform((v) => v ?? null),
    coSignersSignFirst: z.boolean().default(false),
    preprocessing: z.object({ sepa: sepaPreprocessingSchema }).nullish().transform((v) => v ?? null),
  })
  .superRefine((o, ctx) => {
    if (o.signedDocuments.sendCopy && !o.signedDocuments.toSigners) {
      ctx.addIssue({
        code: 'custom',
        path: ['signedDocuments', 'sendCopy'],
        message: "'Send copy' requires 'send signed documents to signatory'.",
        params: { rule: 'invalid_value' },
      });
    }
    if (o.signedDocuments.sendCopy && o.finalDocCCeMails.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['finalDocCCeMails'], message: "'Send copy' needs at least one address.", params: { rule: 'required' } });
    }
  })
  .transform(({ level: _level, ...options }): SignatureOptions => options);
export type SignatureOptionsInput = z.input<typeof signatureOptionsInputSchema>;
export const defaultReminders = { mail: noReminder, sms: noReminder };

// ---------------------------------------------------------------------------------------------------------------
// Create (POST /api/transactions/:level, multipart: each part below is a JSON string, plus the files)

export const transactionRequestInputSchema = z
  .object({
    description: z.string().trim().max(2000).nullish().transform((v) => v || null),
    /** true: send at once; false: save as draft. */
    send: z.boolean().default(false),
  })
  .prefault({});

export const signatureRequestInputSchema = z
  .object({
    label: z.string().trim().min(1).max(200),
    transactionRequest: transactionRequestInputSchema,
    transactionSigners: z.array(signerInputSchema).max(maxSignersPerRequest).default([]),
    transactionDocuments: z.array(documentInputSchema).max(maxFilesPerRequest).default([]),
    optionsRequest: signatureOptionsInputSchema.prefault({}),
  })
  .superRefine((input, ctx) => {
    const seenEmails = new Set<string>();
    const seenIndexes = new Set<number>();
    input.transactionSigners.forEach((s, i) => {
      if (seenEmails.has(s.emailAddress)) {
        ctx.addIssue({ code: 'custom', path: ['transactionSigners', i, 'emailAddress'], message: 'Each signer needs a different email.', params: { rule: 'invalid_value' } });
      }
      if (seenIndexes.has(s.signerIndex)) {
        ctx.addIssue({ code: 'custom', path: ['transactionSigners', i, 'signerIndex'], message: 'Each signer needs a different signerIndex.', params: { rule: 'invalid_value' } });
      }
      seenEmails.add(s.emailAddress);
      seenIndexes.add(s.signerIndex);
    });
  });
export type SignatureRequestInput = z.input<typeof signatureRequestInputSchema>;
export type SignatureRequestData = z.infer<typeof signatureRequestInputSchema>;
/** The multipart text parts, in the order the server reads them. */
export const signatureFormParts = ['label', 'transactionRequest', 'transactionSigners', 'transactionDocuments', 'optionsRequest'] as const;

/**
 * Save rules checked on send (spec §5): at least one signer and one document; each signer (role signer) placed
 * on at least one document; SMS contact needs the first signer's mobile. Empty list = ready to send.
 */
export function sendReadinessProblems(request: {
  signers: readonly { role: SignerRole; signerIndex: number; firstname: string; lastname: string; phoneNum?: string | null }[];
  documents: readonly { documentType: (typeof documentTypes)[number]; signatureFields: readonly { signerIndex: number }[] }[];
  contactFirstSignerBy: ContactChannel;
}): FieldError[] {
  const problems: FieldError[] = [];
  const add = (field: string, rule: string, message: string) => problems.push({ field, rule, message });
  if (request.signers.length === 0) add('transactionSigners', 'required', 'Add at least one signer.');
  if (request.documents.length === 0) add('transactionDocuments', 'required', 'Add at least one document.');
  const placed = new Set(
    request.documents.filter((d) => d.documentType !== 'pdf-for-presentation').flatMap((d) => d.signatureFields.map((f) => f.signerIndex)),
  );
  request.signers.forEach((s, i) => {
    // Without any document, "add a document" says it all.
    if (request.documents.length > 0 && s.role === 'signer' && !placed.has(s.signerIndex)) {
      add(`transactionSigners.${i}`, 'required', `Place ${signerDisplayName(s)} on at least one document.`);
    }
  });
  const first = [...request.signers].filter((s) => s.role !== 'observer').sort((a, b) => a.signerIndex - b.signerIndex)[0];
  if (request.contactFirstSignerBy === 'sms' && first && !first.phoneNum) {
    add(`transactionSigners.${request.signers.indexOf(first)}.phoneNum`, 'required', 'A mobile number is needed to contact the first signer by SMS.');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Read

export const signatureRequestSchema = z.object({
  id: uuidSchema,
  label: z.string(),
  description: z.string().nullable(),
  status: signatureStatusSchema,
  level: certificationLevelSchema,
  testMode: z.boolean(),
  /** Null once the user who created it was deleted. */
  owner: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  signerCount: z.number().int(),
  /** Signers (role signer/validator) who signed, in % of those who must act. */
  percentSigned: z.number(),
  /** Signers who answered (signed or refused), in %. */
  percentResponses: z.number(),
  options: signatureOptionsSchema,
  /** Absent with light=1. */
  signers: z.array(signerSchema).optional(),
  documents: z.array(signatureDocumentSchema).optional(),
  allowedActions: z.array(signatureActionSchema),
});
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;

export const signatureTypes = ['simple', 'advanced', 'qualified'] as const;
export const signatureTypeLevel: Record<(typeof signatureTypes)[number], CertificationLevel> = { simple: 1, advanced: 2, qualified: 3 };

export const signatureFilterSchema = z.object({
  status: z.array(signatureStatusSchema).optional(),
  createdFrom: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  createdTo: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});
export type SignatureFilter = z.infer<typeof signatureFilterSchema>;

/** The list's `filter` query value: base64 of the JSON filter (UTF-8 safe, works in browsers and Node). */
export function encodeSignatureFilter(filter: SignatureFilter): string {
  const bytes = new TextEncoder().encode(JSON.stringify(filter));
  return btoa(String.fromCharCode(...bytes));
}
export function decodeSignatureFilter(encoded: string): SignatureFilter {
  const binary = atob(encoded);
  const json = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  return signatureFilterSchema.parse(JSON.parse(json));
}

export const signatureListQuerySchema = listQuerySchema.extend({
  filter: z
    .string()
    .max(4000)
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      try {
        return decodeSignatureFilter(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filter must be the base64 of a JSON {status?, createdFrom?, createdTo?}.', params: { rule: 'invalid_value' } });
        return z.NEVER;
      }
    }),
  light: z.enum(['0', '1']).optional(),
  type: z.enum(signatureTypes).optional(),
});
export type SignatureListQuery = z.input<typeof signatureListQuerySchema>;
export const signatureSearchQuerySchema = z.object({ q: z.string().max(200).default(''), limit: z.coerce.number().int().min(1).max(50).default(10) });

export const signatureRequestResponse = itemEnvelope(signatureRequestSchema);
export const signatureRequestListResponse = listEnvelope(signatureRequestSchema);
export const signatureDocumentListResponse = itemEnvelope(z.array(signatureDocumentSchema));
export const signatureCountResponse = itemEnvelope(z.object({ total: z.number().int(), byStatus: z.record(signatureStatusSchema, z.number().int()) }));
export const signatureStatusResponse = itemEnvelope(
  z.object({
    id: uuidSchema,
    status: signatureStatusSchema,
    percentSigned: z.number(),
    signers: z.array(z.object({ id: uuidSchema, signerIndex: z.number().int(), status: signerStatusSchema, actionAt: z.string().nullable() })),
  }),
);

// ---------------------------------------------------------------------------------------------------------------
// Actions

/** PUT /api/transactions/:id. `cancel` with a signerId cancels that signer only (action cancelSigner). */
export const signatureActionInputSchema = z.object({
  action: z.enum(['send', 'cancel', 'relaunch']),
  signerId: uuidSchema.optional(),
});
export type SignatureActionInput = z.infer<typeof signatureActionInputSchema>;

/** A signing link handed to the requester (direct mode: the first signer; face to face: every signer in order). */
export const signingLinkSchema = z.object({ signerId: uuidSchema, signerIndex: z.number().int(), name: z.string(), url: z.string() });
export type SigningLink = z.infer<typeof signingLinkSchema>;
export const signatureSendResponse = itemEnvelope(signatureRequestSchema.extend({ links: z.array(signingLinkSchema) }));
