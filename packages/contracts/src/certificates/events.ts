import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';

/**
 * Qualified-certificate events (spec §4: identity verified or rejected; lifecycle rejected, expired or completed;
 * certificate activated). `holderUserId` gets the notification; `certificate.activated` is metered
 * (`qualified_certificate`, with `ownerUserId` and `testMode` as every metered event).
 */
const about = { certificateId: uuidSchema, holderUserId: uuidSchema.nullable(), fullName: z.string() };
export const certificateEventSchemas = {
  'certificate.ordered': z.object({ ...about, renewsId: uuidSchema.nullable() }),
  'certificate.submitted': z.object(about),
  'certificate.identity_verified': z.object(about),
  'certificate.identity_rejected': z.object({ ...about, reason: z.string() }),
  'certificate.activated': z.object({ ...about, serialNumber: z.string(), expiresAt: z.string(), ownerUserId: uuidSchema.nullable(), testMode: z.boolean() }),
  'certificate.expired': z.object(about),
  'certificate.completed': z.object(about),
  'certificate.renewal_due': z.object({ ...about, signaturesLeft: z.number().int(), expiresAt: z.string() }),
} as const;
