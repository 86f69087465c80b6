import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';
import { certificationLevelSchema, contactChannels, signerRoleSchema } from './constants.ts';

/**
 * Domain events of signature requests (the signatures and signing-page domains emit them in the transaction of
 * the change). What every event carries is what its subscribers need without reading the request again:
 * notifications (owner, label), billing (level, test mode, counts), webhooks and dashboards.
 */
const request = {
  requestId: uuidSchema,
  label: z.string(),
  /** Null once the requester's account was deleted. */
  ownerUserId: uuidSchema.nullable(),
  level: certificationLevelSchema,
  testMode: z.boolean(),
  /** Set when the request is a campaign's copy (a subscriber may then speak of the campaign instead). */
  campaignId: uuidSchema.nullable().optional(),
  /** Set when the request is an operation's order (subscribers speak of the operation instead). */
  operationId: uuidSchema.nullable().optional(),
};
/** `signerName`: LASTNAME firstname, as shown everywhere (signerDisplayName). */
const signer = { ...request, signerId: uuidSchema, signerIndex: z.number().int(), role: signerRoleSchema, signerName: z.string() };

export const signatureEventSchemas = {
  'signature.created': z.object({ ...request, signerCount: z.number().int(), documentCount: z.number().int() }),
  /** `mailMerge`: a mail-merge campaign's copy (billed as the mailing option, not the campaign one). */
  'signature.sent': z.object({ ...request, signerCount: z.number().int(), mailMerge: z.boolean().optional() }),
  'signature.signer_invited': z.object({ ...signer, channel: z.enum([...contactChannels, 'link']) }),
  'signature.signer_reminded': z.object({ ...signer, channel: z.enum(contactChannels), manual: z.boolean() }),
  'signature.signer_viewed': z.object(signer),
  'signature.signer_signed': z.object({ ...signer, handwritten: z.boolean(), documentCount: z.number().int() }),
  'signature.signer_approved': z.object(signer),
  'signature.signer_refused': z.object({ ...signer, comment: z.string().nullable() }),
  'signature.signer_canceled': z.object(signer),
  /**
   * The participant handed the request over (option allowDelegation): `delegate*` is the new participant, who takes
   * the same place (signerIndex) and is invited like any other; `reason` is the participant's own words.
   */
  'signature.signer_delegated': z.object({
    ...signer,
    delegateSignerId: uuidSchema,
    delegateName: z.string(),
    delegateEmail: z.string(),
    reason: z.string(),
  }),
  /** Every participant acted: the signed documents are being finalised. */
  'signature.signed': z.object({ ...request, hasSignedDocuments: z.boolean() }),
  'signature.completed': z.object({ ...request, documentCount: z.number().int() }),
  'signature.refused': z.object(request),
  'signature.canceled': z.object({ ...request, reason: z.enum(['requester', 'no_signer_left']) }),
  'signature.expired': z.object(request),
  /** `stage`: what failed, the first invitations (`send`, also when absent) or the finalisation (`completion`, with `reason`). */
  'signature.failed': z.object({ ...request, stage: z.enum(['send', 'completion']).optional(), reason: z.string().optional() }),
  'signature.relaunched': z.object({ ...request, signerCount: z.number().int() }),
  'signature.deleted': z.object(request),
  'signature.archive_ready': z.object({ ...request, requestedBy: uuidSchema }),
} as const;
