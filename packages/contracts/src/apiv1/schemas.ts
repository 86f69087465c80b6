import { z } from 'zod';
import {
  campaignSchema,
  campaignStatisticsSchema,
  campaignStatusSchema,
  campaignTypeSchema,
  maxTypedSignatories,
  signatoryInputSchema,
  signatorySchema,
  signatoryStatusSchema,
} from '../campaigns/schemas.ts';
import {
  maxSignersPerOrder,
  operationDocumentInputSchema,
  operationSchema,
  operationStatisticsSchema,
  operationStatusSchema,
  orderFieldInputSchema,
  orderSchema,
  orderSignerInputSchema,
  orderStatusSchema,
} from '../operations/schemas.ts';
import { uuidSchema } from '../shared/common.ts';
import { certificationLevelSchema, maxFilesPerRequest, maxSignersPerRequest } from '../signatures/constants.ts';
import { documentInputSchema } from '../signatures/documents.ts';
import { signatureOptionsInputSchema } from '../signatures/options.ts';
import { signatureRequestSchema, signingLinkSchema } from '../signatures/requests.ts';
import { signerInputObjectSchema } from '../signatures/signers.ts';
import { signatureStatusSchema, signerStatusSchema } from '../signatures/states.ts';
import { requestTemplateListResponse } from '../request-templates/schemas.ts';

/**
 * The public REST API, version 1 (docs/api-v1.md): resources are sent bare (no `{ data }` envelope), lists carry an
 * opaque `nextCursor`, errors are RFC 9457 problem details (`application/problem+json`).
 */
export const apiV1Prefix = '/api/v1/';
export const apiV1OpenApiPath = `${apiV1Prefix}openapi.json`;
export const apiV1DocsPath = `${apiV1Prefix}docs`;
export const problemContentType = 'application/problem+json';
/** Where a problem's `type` points: the error code's anchor in the reference. */
export const problemTypeBase = 'https://paraphe.dev/problems/';

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  /** The stable error code (docs/api.md). */
  code: z.string(),
  /** One entry per invalid field. */
  errors: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
  instance: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** A document by its content (`contentBase64`) or by an https `url` fetched by the server (≤ the tenant's max file size, 15 s). */
export const apiV1DocumentInputSchema = documentInputSchema
  .omit({ documentId: true })
  .extend({
    contentBase64: z.string().max(70_000_000).optional(),
    url: z.string().trim().max(2000).optional(),
  })
  .refine((d) => (d.contentBase64 === undefined) !== (d.url === undefined), {
    message: 'Give contentBase64 or url (one of them).',
    path: ['contentBase64'],
    params: { rule: 'required' },
  });

export const apiV1CreateRequestSchema = z.object({
  label: z.string().trim().min(1).max(200),
  level: certificationLevelSchema.default(1),
  description: z.string().trim().max(2000).nullish(),
  /** true: send at once (needs the `send` scope too); false: a draft, sent later by POST …/send. */
  send: z.boolean().default(false),
  signers: z.array(signerInputObjectSchema).min(1).max(maxSignersPerRequest),
  documents: z.array(apiV1DocumentInputSchema).min(1).max(maxFilesPerRequest),
  options: signatureOptionsInputSchema.optional(),
});
export type ApiV1CreateRequest = z.input<typeof apiV1CreateRequestSchema>;

/** The `request` part of a multipart create: the same fields; documents name their file parts (a file without an entry gets default fields). */
export const apiV1UploadRequestSchema = apiV1CreateRequestSchema.extend({
  documents: z
    .array(documentInputSchema.omit({ documentId: true }))
    .max(maxFilesPerRequest)
    .default([]),
});

export const apiV1RequestSchema = signatureRequestSchema.extend({
  /** Signing links handed back (direct or face-to-face chaining); empty when the signers are invited by mail or SMS. */
  links: z.array(signingLinkSchema),
});
export type ApiV1Request = z.infer<typeof apiV1RequestSchema>;

export const apiV1ListLimit = 100;
export const apiV1ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(apiV1ListLimit).default(20),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  /** Comma-separated statuses. */
  status: z
    .string()
    .max(300)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const parsed = z.array(signatureStatusSchema).safeParse(v.split(',').map((s) => s.trim()));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'status: comma-separated statuses.', params: { rule: 'invalid_value' } });
      return z.NEVER;
    }),
  createdFrom: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  createdTo: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  /** Label or signer search (3 characters at least). */
  search: z.string().max(200).optional(),
});

export const apiV1RequestListSchema = z.object({
  data: z.array(signatureRequestSchema),
  /** Absent on the last page. */
  nextCursor: z.string().optional(),
});

export const apiV1TemplateListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(apiV1ListLimit).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  /** Part of the name or description. */
  q: z.string().trim().max(200).optional(),
});
export const apiV1TemplateListSchema = z.object({
  data: z.array(requestTemplateListResponse.shape.data.element),
  /** How many templates match (all pages). */
  total: z.number().int(),
});

export const apiV1StatusSchema = z.object({
  id: uuidSchema,
  status: signatureStatusSchema,
  percentSigned: z.number(),
  signers: z.array(z.object({ id: uuidSchema, signerIndex: z.number().int(), status: signerStatusSchema, actionAt: z.string().nullable() })),
});

/**
 * `POST /api/v1/requests/{id}/editor-link`: the draft's editor to show in an iframe of one of the tenant's allowed
 * origins (docs/embedding.md, embedded sending). Works once per draft edit session: until `expiresAt` (15 minutes),
 * while the request is a draft; the token opens that draft only.
 */
export const apiV1EditorLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export type ApiV1EditorLink = z.infer<typeof apiV1EditorLinkSchema>;

/** `POST /api/v1/templates/editor-link`: the editor of this template (one the key sees), or of a new one when absent. */
export const apiV1TemplateEditorLinkInputSchema = z.strictObject({ templateId: uuidSchema.optional() });
export type ApiV1TemplateEditorLinkInput = z.infer<typeof apiV1TemplateEditorLinkInputSchema>;

export const apiV1SigningLinkSchema = z.object({
  signerId: uuidSchema,
  /** The signing page for this signer, to open or embed (iframe); valid until `expiresAt`, the request's expiry. */
  url: z.string(),
  /**
   * The same page to show in an iframe of one of the tenant's allowed origins (settings → Parameters,
   * docs/embedding.md): it posts its events to the parent window. Framed by no one while the tenant lists no origin.
   */
  embedUrl: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});

export const apiV1RelaunchSchema = z.object({ reminded: z.array(uuidSchema), skipped: z.array(z.object({ signerId: uuidSchema, availableAt: z.string() })) });

// ----- Campaigns and operations (create, read, follow, send, cancel; docs/api-v1.md).

const bulkListQuery = <S extends z.ZodEnum>(statuses: S) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(apiV1ListLimit).default(20),
    /** The `nextCursor` of the previous page. */
    cursor: z.string().max(200).optional(),
    status: statuses.optional(),
    /** In the label or the description, 3 characters at least. */
    search: z.string().trim().min(3).max(200).optional(),
  });
export const apiV1CampaignListQuerySchema = bulkListQuery(campaignStatusSchema).extend({ type: campaignTypeSchema.optional() });
export const apiV1OperationListQuerySchema = bulkListQuery(operationStatusSchema);

export const apiV1CampaignSchema = campaignSchema.omit({ mergeDocument: true, mergeColumns: true });
export const apiV1CampaignListSchema = z.object({ data: z.array(apiV1CampaignSchema), nextCursor: z.string().optional() });
export const apiV1OperationSchema = operationSchema;
export const apiV1OperationListSchema = z.object({ data: z.array(apiV1OperationSchema), nextCursor: z.string().optional() });
/** Status and counters: how many signatories (campaign) or orders (operation) are in each state, and the dispatch's progress. */
export const apiV1CampaignStatusSchema = campaignStatisticsSchema.extend({ id: uuidSchema, status: campaignStatusSchema });
export const apiV1OperationStatusSchema = operationStatisticsSchema.extend({ id: uuidSchema, status: operationStatusSchema });

/**
 * A classic campaign from JSON: one request per signatory (signerIndex 0 in the fields is "the signatory"), the
 * documents by content or URL as for a request; a draft unless `send` (scope `send` too).
 */
export const apiV1CreateCampaignSchema = z.object({
  label: z.string().trim().min(1).max(200),
  level: certificationLevelSchema.default(1),
  description: z.string().trim().max(2000).nullish(),
  send: z.boolean().default(false),
  signatories: z.array(signatoryInputSchema).min(1).max(maxTypedSignatories),
  documents: z.array(apiV1DocumentInputSchema).min(1).max(maxFilesPerRequest),
  options: signatureOptionsInputSchema.optional(),
});
export type ApiV1CreateCampaign = z.input<typeof apiV1CreateCampaignSchema>;

/** The `payload` part of a multipart campaign create: the same fields; documents name their file parts (a file without an entry: a document to sign with the default field). */
export const apiV1UploadCampaignSchema = apiV1CreateCampaignSchema.extend({
  documents: z
    .array(documentInputSchema.omit({ documentId: true }))
    .max(maxFilesPerRequest)
    .default([]),
});

/**
 * An operation from JSON: a pool of documents (by content or URL; each order names one by `fileName`) and the
 * orders, each its own request with its own signers (as in the back office's orders) and fields (none: the default place
 * per signer); a draft unless `send` (scope `send` too).
 */
export const apiV1CreateOperationSchema = z.object({
  label: z.string().trim().min(1).max(200),
  level: certificationLevelSchema.default(1),
  description: z.string().trim().max(2000).nullish(),
  send: z.boolean().default(false),
  documents: z
    .array(operationDocumentInputSchema.extend({ contentBase64: z.string().max(70_000_000).optional(), url: z.string().trim().max(2000).optional() }))
    .min(1)
    .max(maxFilesPerRequest),
  orders: z
    .array(
      z.object({
        signers: z.array(orderSignerInputSchema).min(1).max(maxSignersPerOrder),
        document: z.string().trim().min(1).max(255),
        signatureFields: z.array(orderFieldInputSchema).max(50).optional(),
      }),
    )
    .min(1)
    .max(1000),
  options: signatureOptionsInputSchema.optional(),
});
export type ApiV1CreateOperation = z.input<typeof apiV1CreateOperationSchema>;

/** The `payload` part of a multipart operation create: the same fields; the pool's entries name their file parts (a file without an entry joins the pool untitled). */
export const apiV1UploadOperationSchema = apiV1CreateOperationSchema.extend({
  documents: z.array(operationDocumentInputSchema).max(maxFilesPerRequest).default([]),
});

/**
 * A campaign's signatories and an operation's orders, page by page in their own order (`rowIndex`, the typed or
 * imported order): the keyset cursor is the last item's (rowIndex, id). Each item says its state and, once its copy
 * or request is made, `requestId`.
 */
const itemListQuery = <S extends z.ZodEnum>(statuses: S) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(apiV1ListLimit).default(20),
    /** The `nextCursor` of the previous page. */
    cursor: z.string().max(200).optional(),
    status: statuses.optional(),
  });
export const apiV1SignatoryListQuerySchema = itemListQuery(signatoryStatusSchema);
export const apiV1SignatoryListSchema = z.object({ data: z.array(signatorySchema), nextCursor: z.string().optional() });
export const apiV1OrderListQuerySchema = itemListQuery(orderStatusSchema);
export const apiV1OrderListSchema = z.object({ data: z.array(orderSchema), nextCursor: z.string().optional() });
