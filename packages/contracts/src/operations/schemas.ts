import { z } from 'zod';
import { invitationDeliverySchema } from '../outbox/schemas.ts';
import { deepListQuerySchema, itemEnvelope, listEnvelope, listQuerySchema, uuidSchema, personLanguageSchema } from '../shared/common.ts';
import { dispatchProgressSchema } from '../shared/progress.ts';
import { emailSchema, phoneSchema } from '../users/schemas.ts';
import { certificationLevelSchema, signerRoleSchema } from '../signatures/constants.ts';
import { signatureFieldInputSchema } from '../signatures/fields.ts';
import { signerStepSchema } from '../signatures/signers.ts';
import { signatureOptionsInputSchema, signatureOptionsSchema } from '../signatures/options.ts';
import { transactionRequestInputSchema } from '../signatures/requests.ts';
import { importRowReasonSchema } from '../contacts/schemas.ts';

/**
 * Operations, also called batches (spec §3 Batch and Order, §4, §5, §7 Batches): bulk processing where each item is
 * an ORDER — one signature request with its own signers and its own document, taken by file name from the
 * operation's pool of documents. docs/operations.md describes the states, the import format and the dispatch.
 */

/** draft → pending (being sent) → ready (every order sent) → completed / failed / expired; canceled. */
export const operationStatuses = ['draft', 'pending', 'ready', 'completed', 'failed', 'canceled', 'expired'] as const;
export const operationStatusSchema = z.enum(operationStatuses);
export type OperationStatus = z.infer<typeof operationStatusSchema>;

/**
 * An order: draft → beforeSend (queued) → ready (its request and invitation committed) → pending (a signer opened or
 * acted) → completed / failed / canceled / expired. `failed` also when its request could not be made (`error`).
 */
export const orderStatuses = ['draft', 'beforeSend', 'pending', 'ready', 'completed', 'failed', 'canceled', 'expired'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const finalOrderStatuses: readonly OrderStatus[] = ['completed', 'failed', 'canceled', 'expired'];

export const operationActions = [
  'update',
  'send',
  'cancel',
  'relaunch',
  'retry',
  'delete',
  'archive',
  'export',
  'import',
  'editOrder',
  'cancelOrder',
  'deleteOrder',
  'deleteDocument',
] as const;
export type OperationAction = (typeof operationActions)[number];
export const operationActionSchema = z.enum(operationActions);

/** The state machine as data (docs/operations.md prints it): the server answers 409 INVALID_TRANSITION otherwise. */
export const operationTransitions: Record<OperationStatus, readonly OperationAction[]> = {
  draft: ['update', 'send', 'cancel', 'delete', 'import', 'editOrder', 'deleteOrder', 'deleteDocument', 'export'],
  pending: ['cancel', 'cancelOrder', 'export'],
  ready: ['cancel', 'relaunch', 'cancelOrder', 'retry', 'archive', 'export'],
  completed: ['archive', 'delete', 'export'],
  failed: ['retry', 'delete', 'export'],
  canceled: ['archive', 'delete', 'export'],
  expired: ['archive', 'delete', 'export'],
};
export const isOperationActionAllowed = (status: OperationStatus, action: OperationAction) => operationTransitions[status].includes(action);

/** "Change status of a batch to a target status" (PATCH status): the targets a user may ask from each status. */
export const operationStatusTargets: Record<OperationStatus, readonly OperationStatus[]> = {
  draft: ['pending', 'canceled'],
  pending: ['canceled'],
  ready: ['canceled'],
  completed: [],
  failed: ['pending'],
  canceled: [],
  expired: [],
};

export const maxOrdersPerCall = 10_000;
export const maxOrdersPerOperation = 100_000;
export const maxSignersPerOrder = 10;

export const orderSignerInputSchema = z.object({
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
  emailAddress: emailSchema,
  phoneNum: phoneSchema.nullish(),
  /** Defaults to the operation's language option. */
  language: personLanguageSchema.nullish(),
  role: signerRoleSchema.default('signer'),
  /** Parallel signing, as in a single request: signers of the order sharing a step sign together (position + 1 when absent). */
  step: signerStepSchema,
});
export type OrderSignerInput = z.input<typeof orderSignerInputSchema>;

/** A field of an order: where signer `signerIndex` (their position in the order, from 0) signs its document. */
export const orderFieldInputSchema = signatureFieldInputSchema;

export const orderInputSchema = z
  .object({
    transactionSigners: z.array(orderSignerInputSchema).min(1).max(maxSignersPerOrder),
    /** The file name of a document of the operation's pool (may be left out in an operation made from a template: its document). */
    document: z.string().trim().max(255).default(''),
    signatureFields: z.array(orderFieldInputSchema).max(50).default([]),
  })
  .superRefine((order, ctx) => {
    order.signatureFields.forEach((f, i) => {
      if (f.signerIndex < 0 || f.signerIndex >= order.transactionSigners.length)
        ctx.addIssue({
          code: 'custom',
          path: ['signatureFields', i, 'signerIndex'],
          message: 'signerIndex names a signer of the order (from 0).',
          params: { rule: 'invalid_value' },
        });
    });
    if (!order.transactionSigners.some((s) => s.role !== 'observer'))
      ctx.addIssue({ code: 'custom', path: ['transactionSigners'], message: 'An order needs at least one signer or validator.', params: { rule: 'required' } });
  });
export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderData = z.infer<typeof orderInputSchema>;

/** Metadata of the pool's documents (optional: a file part alone is a document titled by its name). */
export const operationDocumentInputSchema = z.object({ fileName: z.string().trim().min(1).max(255), title: z.string().trim().max(200).nullish() });

export const operationInputSchema = z.object({
  label: z.string().trim().max(200).default(''),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => v || null),
  transactionRequest: transactionRequestInputSchema,
  transactionOrders: z.array(orderInputSchema).max(maxOrdersPerCall).default([]),
  /** Orders added after the draft's own (the form's "add a signature"), where transactionOrders replaces them all. */
  appendOrders: z.array(orderInputSchema).max(maxOrdersPerCall).default([]),
  transactionDocument: z.array(operationDocumentInputSchema).max(200).default([]),
  optionsRequest: signatureOptionsInputSchema.prefault({}),
  level: certificationLevelSchema.default(1),
  /** `pending` sends, as transactionRequest.send does. */
  status: z.enum(['draft', 'pending']).optional(),
});
export type OperationInput = z.input<typeof operationInputSchema>;
export type OperationData = z.infer<typeof operationInputSchema>;
/** The multipart text parts (JSON strings, except label, description and status). */
export const operationFormParts = [
  'label',
  'description',
  'level',
  'status',
  'transactionRequest',
  'transactionOrders',
  'appendOrders',
  'transactionDocument',
  'optionsRequest',
] as const;

export const operationCountsSchema = z.object(Object.fromEntries(orderStatuses.map((s) => [s, z.number().int()])) as Record<OrderStatus, z.ZodNumber>);
export type OperationCounts = z.infer<typeof operationCountsSchema>;

export const operationDocumentSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  title: z.string(),
  pageCount: z.number().int(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  /** Orders naming this file. */
  orders: z.number().int(),
});
export type OperationDocument = z.infer<typeof operationDocumentSchema>;

/**
 * An operation made from a request template (docs/operations.md "From a template"): what each order takes from it —
 * the document when a row names none, the roles (kind and step of signer n), the fields of signers placed nowhere,
 * and a prefilled role's person when a row leaves that signer out.
 */
export const operationTemplateSchema = z.object({
  templateId: uuidSchema,
  templateName: z.string(),
  version: z.number().int(),
  document: z.string(),
  /** Role n is signer n of each order; its prefilled person stands in when a row or a typed order leaves that signer out. */
  roles: z.array(
    z.object({
      name: z.string(),
      role: signerRoleSchema,
      step: z.number().int().nullable(),
      prefill: z.object({ firstname: z.string(), lastname: z.string(), emailAddress: z.string() }).nullable(),
    }),
  ),
});
export type OperationTemplate = z.infer<typeof operationTemplateSchema>;

/** A draft operation made from a request template with one document (its roles may be several). */
export const operationFromTemplateInputSchema = z.object({
  templateId: uuidSchema,
  /** Default: the template's current version. */
  version: z.number().int().min(1).optional(),
  /** Default: the template's request label, else its name. */
  label: z.string().trim().min(1).max(200).optional(),
});
export type OperationFromTemplateInput = z.input<typeof operationFromTemplateInputSchema>;

export const operationSchema = z.object({
  id: uuidSchema,
  label: z.string(),
  description: z.string().nullable(),
  status: operationStatusSchema,
  level: certificationLevelSchema,
  options: signatureOptionsSchema,
  owner: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  orderCount: z.number().int(),
  counts: operationCountsSchema,
  progress: dispatchProgressSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  archiveAvailable: z.boolean(),
  /** Absent in lists. */
  documents: z.array(operationDocumentSchema).optional(),
  allowedActions: z.array(operationActionSchema),
  statusTargets: z.array(operationStatusSchema),
  /** The invitations' delivery (docs/operations.md). Absent in lists. */
  invitations: invitationDeliverySchema.optional(),
  /** The template it was made from (null: made by hand). */
  fromTemplate: operationTemplateSchema.nullable(),
});
export type Operation = z.infer<typeof operationSchema>;
export const operationResponse = itemEnvelope(operationSchema);
export const operationListResponse = listEnvelope(operationSchema);
export const operationIdResponse = itemEnvelope(z.object({ id: uuidSchema }));

export const operationListQuerySchema = listQuerySchema.extend({
  status: operationStatusSchema.optional(),
  orderBy: z.enum(['createdAt', 'label', 'status', 'sentAt']).optional(),
});
export const operationSearchQuerySchema = z.object({ q: z.string().max(200).default(''), limit: z.coerce.number().int().min(1).max(50).default(10) });
export const operationOrderParamsSchema = z.object({ id: uuidSchema, orderId: uuidSchema });
export const operationDocumentParamsSchema = z.object({ id: uuidSchema, documentId: uuidSchema });

export const orderSignerSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  emailAddress: z.string(),
  phoneNum: z.string().nullable(),
  language: personLanguageSchema,
  role: signerRoleSchema,
  /** The step they sign in with others; null = their own (position + 1). */
  step: z.number().int().nullable(),
});
export const orderSchema = z.object({
  id: uuidSchema,
  rowIndex: z.number().int(),
  transactionSigners: z.array(orderSignerSchema),
  document: z.string(),
  signatureFields: z.array(
    z.object({ page: z.number().int(), x: z.number(), y: z.number(), width: z.number(), height: z.number(), signerIndex: z.number().int() }),
  ),
  status: orderStatusSchema,
  requestId: uuidSchema.nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderResponse = itemEnvelope(orderSchema);
export const orderListResponse = listEnvelope(orderSchema);
export const orderListQuerySchema = deepListQuerySchema.extend({
  status: orderStatusSchema.optional(),
  orderBy: z.enum(['rowIndex', 'document', 'status']).optional(),
});

/** PATCH orders/:orderId: a draft order's new content, or `{status: 'canceled'}` for a sent one. */
export const orderPatchInputSchema = z.union([z.object({ status: z.literal('canceled') }), orderInputSchema]);

export const operationStatisticsSchema = z.object({
  total: z.number().int(),
  counts: operationCountsSchema,
  /** Requests made. */
  sent: z.number().int(),
  /** Awaiting signatures (ready or pending). */
  waiting: z.number().int(),
  percent: z.object({ completed: z.number(), waiting: z.number(), failed: z.number(), canceled: z.number(), expired: z.number() }),
  progress: dispatchProgressSchema,
  /** The invitations' delivery (every signer's, the next steps' included). */
  invitations: invitationDeliverySchema,
});
export const operationStatisticsResponse = itemEnvelope(operationStatisticsSchema);

export const operationStatusInputSchema = z.object({ status: operationStatusSchema });
export const operationActionAcceptedResponse = itemEnvelope(z.object({ queued: z.number().int() }));
export const operationDocumentsResponse = itemEnvelope(z.array(operationDocumentSchema));

// ----- Order import (spreadsheet; docs/operations.md "Import") -----
/**
 * Why an order row is rejected (besides the address book's row reasons): no document named, a path instead of a
 * file name, a file not in the pool, a name several pool files match (case aside), no signer, a bad field or step.
 */
export const orderImportReasons = [
  'document_missing',
  'document_path',
  'document_not_uploaded',
  'document_ambiguous',
  'no_signer',
  'invalid_field',
  'invalid_step',
  'too_many_orders',
  'role_missing',
  'too_many_signers',
] as const;
export const orderImportRowReasonSchema = z.union([importRowReasonSchema, z.enum(orderImportReasons)]);
export type OrderImportRowReason = z.infer<typeof orderImportRowReasonSchema>;
export const orderImportQuerySchema = z.object({ preview: z.enum(['0', '1']).default('0') });

/** A signer's fields in an order sheet, as the template names them after `signerN_` (`signer2_email`). */
export const orderSignerColumnFields = ['firstname', 'lastname', 'email', 'phone', 'language', 'role', 'step', 'page', 'x', 'y'] as const;
export type OrderSignerColumnField = (typeof orderSignerColumnFields)[number];
/**
 * Which column (0-based) feeds each field (`{"document": 0, "signer1_email": 3}`); a field absent is not read. At
 * least `document` and one signer's e-mail; a signer's other fields need that signer's e-mail; a column feeds one field.
 */
export const orderImportMappingSchema = z.record(z.string(), z.number().int().min(0));
export type OrderImportMapping = z.infer<typeof orderImportMappingSchema>;
/** Step 1 of the import: the sheet's columns, the mapping proposed and its first rows; nothing is saved. */
export const orderImportColumnsSchema = z.object({
  fileName: z.string(),
  /** A workbook: the sheet read (the `sheet` part, else the workbook's active sheet); null for a CSV. */
  sheetName: z.string().nullable(),
  sheets: z.array(z.string()),
  /** The first row's texts, one per column. */
  columns: z.array(z.object({ index: z.number().int(), header: z.string() })),
  /** The mapping proposed: the tenant's remembered one where the header texts match, the guess from the header words elsewhere. */
  mapping: orderImportMappingSchema,
  /** true when the remembered mapping gave at least one field. */
  remembered: z.boolean(),
  /** The first rows under the header, as read (at most 5). */
  sampleRows: z.array(z.array(z.string())),
  /** Rows under the header (blank rows aside). */
  rows: z.number().int(),
});
export type OrderImportColumns = z.infer<typeof orderImportColumnsSchema>;
export const orderImportColumnsResponse = itemEnvelope(orderImportColumnsSchema);
export const orderImportReportSchema = z.object({
  /** true: nothing was saved (the preview); false: the kept rows are the draft's new orders. */
  preview: z.boolean(),
  fileName: z.string(),
  /** A workbook: the sheet read (the `sheet` part, else the workbook's active sheet); null for a CSV. */
  sheetName: z.string().nullable(),
  /** A workbook's visible sheets, in order (send `sheet` to read another one). */
  sheets: z.array(z.string()),
  rows: z.number().int(),
  kept: z.number().int(),
  rejected: z.number().int(),
  /** Each row with its line (1 = the header), outcome and reasons (warnings on a kept row). */
  lines: z.array(
    z.object({
      line: z.number().int(),
      outcome: z.enum(['kept', 'rejected']),
      document: z.string(),
      signers: z.number().int(),
      reasons: z.array(z.object({ signer: z.number().int().nullable(), reason: orderImportRowReasonSchema })),
    }),
  ),
  /** Files the kept orders name that the pool does not hold yet (upload them before sending). */
  missingDocuments: z.array(z.string()),
  /** The mapping the rows were read with (the one sent, else the one proposed by step 1). */
  mapping: orderImportMappingSchema,
});
export type OrderImportReport = z.infer<typeof orderImportReportSchema>;
export const orderImportResponse = itemEnvelope(orderImportReportSchema);
