import { z } from 'zod';
import { itemEnvelope, listEnvelope } from '../shared/common.ts';
import { userSchema } from '../users/schemas.ts';

/**
 * A tenant's user as the product administrator sees it (application view, tab Users): the user, and how they log
 * in — `secondFactor` is `sms` (a mobile and the SMS feature), `email`, or `off` (the account turned double
 * authentication off).
 */
export const applicationUserSchema = userSchema.extend({ secondFactor: z.enum(['sms', 'email', 'off']) });
export type ApplicationUser = z.infer<typeof applicationUserSchema>;
export const applicationUserResponse = itemEnvelope(applicationUserSchema);
export const applicationUserListResponse = listEnvelope(applicationUserSchema);

/**
 * The marketplace's connector catalogue (spec §1: a CRM and a survey tool). The survey tool is Typeform
 * (docs/connectors.md); its card shows the account's real connection (surveys domain).
 */
export const connectorCatalogue = [
  { id: 'hubspot', category: 'crm', name: 'HubSpot' },
  { id: 'survey', category: 'survey', name: 'Typeform' },
] as const;
export type ConnectorId = (typeof connectorCatalogue)[number]['id'];
