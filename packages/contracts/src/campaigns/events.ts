import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';

const campaign = { campaignId: uuidSchema, label: z.string(), ownerUserId: uuidSchema.nullable() };

/** Domain events of campaigns (emitted in the transaction of the change). */
export const campaignEventSchemas = {
  'campaign.created': z.object({ ...campaign, signatoryCount: z.number().int() }),
  'campaign.sent': z.object({ ...campaign, signatoryCount: z.number().int() }),
  /** Every queued signatory has their copy (or failed). */
  'campaign.dispatched': z.object({ ...campaign, sent: z.number().int(), failed: z.number().int() }),
  /** Every signatory reached a final status: how many of each (one summary, instead of a notice per copy). */
  'campaign.completed': z.object({
    ...campaign,
    signed: z.number().int(),
    refused: z.number().int(),
    expired: z.number().int(),
    canceled: z.number().int(),
    failed: z.number().int(),
  }),
  'campaign.canceled': z.object(campaign),
  'campaign.deleted': z.object(campaign),
  'campaign.archive_ready': z.object({ ...campaign, requestedBy: uuidSchema }),
} as const;
