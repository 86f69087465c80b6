import { z } from 'zod';
import { deepListQuerySchema, itemEnvelope, listEnvelope, uuidSchema } from '../shared/common.ts';
import { fieldErrorSchema } from '../shared/errors.ts';
import { certificationLevelSchema, maxFilesPerRequest, maxSignersPerRequest, type CertificationLevel } from './constants.ts';
import { documentInputSchema, signatureDocumentSchema } from './documents.ts';
import { signatureOptionsInputSchema, signatureOptionsSchema } from './options.ts';
import { signerInputSchema, signerSchema } from './signers.ts';
import { signatureActionSchema, signatureStatusSchema, signerStatusSchema } from './states.ts';

export const transactionRequestInputSchema = z
  .object({
    description: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => v || null),
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
        ctx.addIssue({
          code: 'custom',
          path: ['transactionSigners', i, 'emailAddress'],
          message: 'Each signer needs a different email.',
          params: { rule: 'invalid_value' },
        });
      }
      if (seenIndexes.has(s.signerIndex)) {
        ctx.addIssue({
          code: 'custom',
          path: ['transactionSigners', i, 'signerIndex'],
          message: 'Each signer needs a different signerIndex.',
          params: { rule: 'invalid_value' },
        });
      }
      seenEmails.add(s.emailAddress);
      seenIndexes.add(s.signerIndex);
    });
  });
export type SignatureRequestInput = z.input<typeof signatureRequestInputSchema>;
export type SignatureRequestData = z.infer<typeof signatureRequestInputSchema>;
/** The multipart text parts, in the order the server reads them. */
export const signatureFormParts = ['label', 'transactionRequest', 'transactionSigners', 'transactionDocuments', 'optionsRequest'] as const;

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
  /** Why the finalisation of the signed documents failed for good (status failed, action retryCompletion); else null. */
  completionFailure: z.string().nullable().optional(),
  /** When the GDPR retention purge deleted its documents (downloads then answer 410 DOCUMENT_PURGED); else null. */
  documentsPurgedAt: z.string().nullable().optional(),
  /** When its signers' names, e-mails and phones were pseudonymised (retention purge or erasure); else null. */
  signerDataPurgedAt: z.string().nullable().optional(),
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

export const signatureListQuerySchema = deepListQuerySchema.extend({
  filter: z
    .string()
    .max(4000)
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      try {
        return decodeSignatureFilter(value);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'filter must be the base64 of a JSON {status?, createdFrom?, createdTo?}.',
          params: { rule: 'invalid_value' },
        });
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
  action: z.enum(['send', 'cancel', 'relaunch', 'retryCompletion']),
  signerId: uuidSchema.optional(),
});
export type SignatureActionInput = z.infer<typeof signatureActionInputSchema>;

/** A signing link handed to the requester (direct mode: the first signer; face to face: every signer in order). */
export const signingLinkSchema = z.object({ signerId: uuidSchema, signerIndex: z.number().int(), name: z.string(), url: z.string() });
export type SigningLink = z.infer<typeof signingLinkSchema>;
/** Manual reminders (relaunch) are spaced per signer: none to a signer reminded less than this long ago. */
export const relaunchCooldownMinutes = 60;
/** After a relaunch: who got a reminder, and who was skipped (reminded within the cool-down) until when. */
export const relaunchSummarySchema = z.object({
  reminded: z.array(uuidSchema),
  skipped: z.array(z.object({ signerId: uuidSchema, availableAt: z.string() })),
});
export type RelaunchSummary = z.infer<typeof relaunchSummarySchema>;
export const signatureSendResponse = itemEnvelope(
  signatureRequestSchema.extend({
    links: z.array(signingLinkSchema),
    relaunch: relaunchSummarySchema.optional(),
    /**
     * A draft saved with what will block its send (today: "stamp documents before signing" without a usable stamp
     * account, on `optionsRequest.stampAccount`): saved all the same, the send will refuse it.
     */
    warnings: z.array(fieldErrorSchema).optional(),
  }),
);
/** A request as create, a draft edit or an action answer it: with the signing links of direct / face-to-face. */
export type SignatureSendData = z.infer<typeof signatureSendResponse>['data'];
