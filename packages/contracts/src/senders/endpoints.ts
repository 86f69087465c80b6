import { defineEndpoints } from '../shared/endpoint.ts';
import { appIdParamsSchema } from '../settings/schemas.ts';
import { mailSenderInputSchema, mailSenderResponse } from './schemas.ts';

/**
 * The tenant's mail sender (docs/mail-senders.md), beside its other settings: whoever edits the tenant's settings
 * (settings.configuration, its director; the product administrator for any tenant). Another tenant's id is a 404.
 */
const tenant = { audience: 'application', permission: 'settings.configuration' } as const;

export const senderEndpoints = defineEndpoints(['settings'], {
  get: {
    method: 'GET',
    path: '/api/settings/:appId/mail-sender',
    summary: "The tenant's own mail sender: address, DKIM/SPF/DMARC records to publish and their last check (null: none)",
    auth: tenant,
    params: appIdParamsSchema,
    responses: { 200: mailSenderResponse },
  },
  save: {
    method: 'PUT',
    path: '/api/settings/:appId/mail-sender',
    summary: 'Declare the sender (a DKIM key is generated for its domain) or change its address and display name',
    auth: tenant,
    params: appIdParamsSchema,
    body: mailSenderInputSchema,
    responses: { 200: mailSenderResponse },
  },
  check: {
    method: 'POST',
    path: '/api/settings/:appId/mail-sender/check',
    summary: "Check the sender domain's DNS records now: the DKIM record holding our key verifies it",
    auth: tenant,
    params: appIdParamsSchema,
    responses: { 200: mailSenderResponse },
  },
  remove: {
    method: 'DELETE',
    path: '/api/settings/:appId/mail-sender',
    summary: "Remove the sender: the tenant's mails go from the platform's sender again, its key is deleted",
    auth: tenant,
    params: appIdParamsSchema,
    responses: { 200: mailSenderResponse },
  },
});
