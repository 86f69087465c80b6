import { z } from 'zod';
import { invitationDeliverySchema } from '../outbox/schemas.ts';
import { deepListQuerySchema, itemEnvelope, listEnvelope, listQuerySchema, uuidSchema, personLanguageSchema } from '../shared/common.ts';
import { dispatchProgressSchema } from '../shared/progress.ts';
import { emailSchema, phoneSchema } from '../users/schemas.ts';
import { certificationLevelSchema } from '../signatures/constants.ts';
import { documentInputSchema, signatureDocumentSchema } from '../signatures/documents.ts';
import { signatureOptionsInputSchema, signatureOptionsSchema } from '../signatures/options.ts';
import { transactionRequestInputSchema } from '../signatures/requests.ts';
import { signerConnectorInputSchema, signerConnectorSchema } from '../signatures/signers.ts';
import { mergeDocumentInputSchema, mergeDocumentSchema } from './mailMerge.ts';
import { importPreviewSchema, importRowReasonSchema, contactFieldSchema, importStatusSchema } from '../contacts/schemas.ts';

/**
 * Campaigns (spec §3 Campaign, §4 statuses, §7 Campaigns): one set of documents and options sent to many
 * signatories, each of whom gets their own signature request. docs/campaigns.md describes states and dispatch.
 */

/** `campain`: classic (the spec's spelling); `publipostage`: mail-merge (a merge document filled per signatory, ./mailMerge.ts). */
export const campaignTypes = ['campain', 'publipostage'] as const;
export const campaignTypeSchema = z.enum(campaignTypes);
export type CampaignType = z.infer<typeof campaignTypeSchema>;

/**
 * draft: being prepared. pending: being sent (the dispatch job creates the copies). ready: every copy sent,
 * awaiting signatures. completed: every signatory reached a final status. failed: no copy could be sent.
 * canceled: cancelled by the requester. deleted: removed from the lists.
 */
export const campaignStatuses = ['draft', 'pending', 'ready', 'completed', 'failed', 'canceled', 'deleted'] as const;
export const campaignStatusSchema = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** A signatory: draft → queued (send) → sent → opened → signed / refused / expired / canceled; failed when their copy could not be made. */
export const signatoryStatuses = ['draft', 'queued', 'sent', 'opened', 'signed', 'refused', 'expired', 'canceled', 'failed'] as const;
export const signatoryStatusSchema = z.enum(signatoryStatuses);
export type SignatoryStatus = z.infer<typeof signatoryStatusSchema>;
/** Statuses that never change again (except failed, which "retry" puts back in the queue). */
export const finalSignatoryStatuses: readonly SignatoryStatus[] = ['signed', 'refused', 'expired', 'canceled', 'failed'];

export const campaignActions = [
  'update',
  'send',
  'cancel',
  'relaunch',
  'delete',
  'duplicate',
  'export',
  'archive',
  'retry',
  'cancelSignatory',
  'import',
] as const;
export type CampaignAction = (typeof campaignActions)[number];
export const campaignActionSchema = z.enum(campaignActions);

const always: CampaignAction[] = ['duplicate', 'export'];
/** The state machine as data (docs/campaigns.md prints it): the server answers 409 INVALID_TRANSITION otherwise. */
export const campaignTransitions: Record<CampaignStatus, readonly CampaignAction[]> = {
  draft: ['update', 'send', 'delete', 'cancelSignatory', 'import', ...always],
  pending: ['cancel', 'cancelSignatory', 'retry', ...always],
  ready: ['cancel', 'relaunch', 'cancelSignatory', 'retry', 'archive', ...always],
  completed: ['delete', 'archive', ...always],
  failed: ['delete', 'retry', ...always],
  canceled: ['delete', 'archive', ...always],
  deleted: [],
};
export const campaignAllowedActions = (status: CampaignStatus): CampaignAction[] => [...campaignTransitions[status]];
export const isCampaignActionAllowed = (status: CampaignStatus, action: CampaignAction) => campaignTransitions[status].includes(action);

/** Typed signatories per call; larger lists come through the spreadsheet import. */
export const maxTypedSignatories = 10_000;
/** A campaign's signatories, all sources together. */
export const maxCampaignSignatories = 100_000;

export const signatoryInputSchema = z.object({
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
  emailAddress: emailSchema,
  phoneNum: phoneSchema.nullish(),
  /** Defaults to the campaign's language option. */
  language: personLanguageSchema.nullish(),
  /** Values for later mail-merge variables. */
  data: z.record(z.string().max(100), z.string().max(2000)).nullish(),
  /** The CRM contact id (as a request signer's): their copy's signer keeps it, the HubSpot write-back notes the copy there. */
  connector: signerConnectorInputSchema.nullish(),
});
export type SignatoryInput = z.input<typeof signatoryInputSchema>;

/** Documents: signature fields name "the signatory" with signerIndex 0 (each copy has one signer). */
export const campaignDocumentInputSchema = documentInputSchema.superRefine((doc, ctx) => {
  doc.signatureFields.forEach((f, i) => {
    if (f.signerIndex !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['signatureFields', i, 'signerIndex'],
        message: 'In a campaign, signerIndex 0 is the signatory.',
        params: { rule: 'invalid_value' },
      });
  });
});

export const campaignInputSchema = z
  .object({
    label: z.string().trim().min(1).max(200),
    description: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => v || null),
    transactionRequest: transactionRequestInputSchema,
    transactionSigners: z.array(signatoryInputSchema).max(maxTypedSignatories).default([]),
    transactionDocuments: z.array(campaignDocumentInputSchema).max(50).default([]),
    optionsRequest: signatureOptionsInputSchema.prefault({}),
    /** 1 simple (default), 2 advanced. */
    level: certificationLevelSchema.default(1),
    /** Mail-merge campaigns only: the document filled per signatory (null removes it from a draft). */
    mergeDocument: mergeDocumentInputSchema.nullish(),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.mergeDocument?.signatureFields.forEach((f, i) => {
      if (f.signerIndex !== 0)
        ctx.addIssue({
          code: 'custom',
          path: ['mergeDocument', 'signatureFields', i, 'signerIndex'],
          message: 'In a campaign, signerIndex 0 is the signatory.',
          params: { rule: 'invalid_value' },
        });
    });
    input.transactionSigners.forEach((s, i) => {
      if (seen.has(s.emailAddress))
        ctx.addIssue({
          code: 'custom',
          path: ['transactionSigners', i, 'emailAddress'],
          message: 'Each signatory needs a different email.',
          params: { rule: 'invalid_value' },
        });
      seen.add(s.emailAddress);
    });
  });
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignData = z.infer<typeof campaignInputSchema>;
/** The multipart text parts (JSON strings, except label and description). */
export const campaignFormParts = [
  'label',
  'description',
  'level',
  'transactionRequest',
  'transactionSigners',
  'transactionDocuments',
  'optionsRequest',
  'mergeDocument',
] as const;

/** A classic campaign's draft made from a request template with one signer role (its documents, fields and options). */
export const campaignFromTemplateInputSchema = z.object({
  templateId: uuidSchema,
  /** Default: the template's current version. */
  version: z.number().int().min(1).optional(),
  /** Default: the template's request label, else its name. */
  label: z.string().trim().min(1).max(200).optional(),
});
export type CampaignFromTemplateInput = z.input<typeof campaignFromTemplateInputSchema>;

export const campaignCountsSchema = z.object(Object.fromEntries(signatoryStatuses.map((s) => [s, z.number().int()])) as Record<SignatoryStatus, z.ZodNumber>);
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

/** Dispatch progress (pending): copies made, the rate measured, the time left at that rate. */
export const campaignProgressSchema = dispatchProgressSchema;

export const campaignDocumentSchema = signatureDocumentSchema.omit({ activeContent: true });

export const campaignSchema = z.object({
  id: uuidSchema,
  type: campaignTypeSchema,
  label: z.string(),
  description: z.string().nullable(),
  status: campaignStatusSchema,
  level: certificationLevelSchema,
  options: signatureOptionsSchema,
  owner: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  signatoryCount: z.number().int(),
  counts: campaignCountsSchema,
  progress: campaignProgressSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  archiveAvailable: z.boolean(),
  /** Absent with light=1. */
  documents: z.array(campaignDocumentSchema).optional(),
  /** Mail-merge campaigns: the merge document (null until set). Absent with light=1 and for classic campaigns. */
  mergeDocument: mergeDocumentSchema.nullable().optional(),
  /** Mail-merge campaigns: the columns a variable may take its value from (signatory columns, then the signatories' data keys). */
  mergeColumns: z.array(z.string()).optional(),
  allowedActions: z.array(campaignActionSchema),
  /** The invitations' delivery (docs/campaigns.md). Absent in lists and with light=1. */
  invitations: invitationDeliverySchema.optional(),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignResponse = itemEnvelope(campaignSchema);
export const campaignListResponse = listEnvelope(campaignSchema);

export const campaignListQuerySchema = listQuerySchema.extend({
  light: z.enum(['0', '1']).optional(),
  type: campaignTypeSchema.optional(),
  status: campaignStatusSchema.optional(),
  orderBy: z.enum(['createdAt', 'label', 'status', 'sentAt']).optional(),
});
export const campaignSearchQuerySchema = z.object({ q: z.string().max(200).default(''), limit: z.coerce.number().int().min(1).max(50).default(10) });
export const campaignTypeParamsSchema = z.object({ type: campaignTypeSchema });
export const campaignSignatoryParamsSchema = z.object({ id: uuidSchema, signerId: uuidSchema });

export const signatorySchema = z.object({
  id: uuidSchema,
  rowIndex: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  emailAddress: z.string(),
  phoneNum: z.string().nullable(),
  language: personLanguageSchema,
  data: z.record(z.string(), z.string()),
  /** The CRM contact id given with the signatory (null: none). */
  connector: signerConnectorSchema.nullable(),
  status: signatoryStatusSchema,
  /** The signature request of this signatory's copy, once sent. */
  requestId: uuidSchema.nullable(),
  /** Why the copy could not be made (status failed). */
  error: z.string().nullable(),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Signatory = z.infer<typeof signatorySchema>;
export const signatoryListResponse = listEnvelope(signatorySchema);
export const signatoryListQuerySchema = deepListQuerySchema.extend({
  status: signatoryStatusSchema.optional(),
  orderBy: z.enum(['rowIndex', 'lastname', 'emailAddress', 'status']).optional(),
});

export const campaignStatisticsSchema = z.object({
  total: z.number().int(),
  counts: campaignCountsSchema,
  /** Copies made (whatever happened to them since). */
  sent: z.number().int(),
  /** Signatories who opened their copy (those who signed or refused did). */
  opened: z.number().int(),
  signed: z.number().int(),
  refused: z.number().int(),
  expired: z.number().int(),
  failed: z.number().int(),
  canceled: z.number().int(),
  /** Awaiting the signatory (sent or opened). */
  pending: z.number().int(),
  /** Percentages of the copies sent (failed: of all signatories), rounded to one decimal. */
  percent: z.object({
    opened: z.number(),
    signed: z.number(),
    refused: z.number(),
    expired: z.number(),
    canceled: z.number(),
    pending: z.number(),
    failed: z.number(),
  }),
  progress: campaignProgressSchema,
  /** The invitations' delivery: `sent` counts copies made, this whether their invitation reached the signatory. */
  invitations: invitationDeliverySchema,
});
export const campaignStatisticsResponse = itemEnvelope(campaignStatisticsSchema);

export const campaignStatusInputSchema = z.object({ status: z.literal('canceled') });
export const campaignActionAcceptedResponse = itemEnvelope(z.object({ queued: z.number().int() }));
export const campaignDocumentsResponse = itemEnvelope(z.array(campaignDocumentSchema));

// ----- Signatory import (the address book's rules: contacts/importRules) -----
/** What a column feeds: a contact field, or a variable (`data` of the signatory) named by its header. */
export const signatoryImportFields = ['mail', 'firstname', 'lastname', 'mobile', 'lang'] as const;
export const signatoryImportMappingSchema = z.partialRecord(contactFieldSchema, z.number().int().min(0).max(1000));
export const startSignatoryImportInputSchema = z
  .object({
    mapping: signatoryImportMappingSchema,
    ignoreFirstLine: z.boolean(),
    /** Columns kept as variables (`data[name]`), e.g. for mail-merge. */
    variables: z.record(z.string().trim().min(1).max(100), z.number().int().min(0).max(1000)).default({}),
  })
  .refine((input) => input.mapping.mail !== undefined, {
    message: 'Map a column to the e-mail address.',
    path: ['mapping', 'mail'],
    params: { rule: 'required' },
  });
export type StartSignatoryImportInput = z.input<typeof startSignatoryImportInputSchema>;

export const signatoryImportSchema = z.object({
  id: uuidSchema,
  campaignId: uuidSchema,
  fileName: z.string(),
  status: importStatusSchema,
  preview: importPreviewSchema,
  mapping: signatoryImportMappingSchema.nullable(),
  ignoreFirstLine: z.boolean().nullable(),
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  warnings: z.number().int(),
  /** The first 1,000 skipped or warned rows, with their reasons. */
  rows: z.array(
    z.object({
      line: z.number().int(),
      outcome: z.enum(['skipped', 'warning']),
      reasons: z.array(z.union([importRowReasonSchema, z.literal('already_in_campaign'), z.literal('too_many_signatories')])),
    }),
  ),
  domainCheck: z.enum(['on', 'off']),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SignatoryImport = z.infer<typeof signatoryImportSchema>;
export const signatoryImportResponse = itemEnvelope(signatoryImportSchema);
export const campaignImportParamsSchema = z.object({ id: uuidSchema, importId: uuidSchema });
