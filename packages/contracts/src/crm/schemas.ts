import { z } from 'zod';
import { itemEnvelope, uuidSchema } from '../shared/common.ts';

/**
 * The CRM connector (spec §1 marketplace, §7 "CRM: POST, GET and DELETE connect; GET contacts search";
 * docs/connectors.md "HubSpot"). One connection per tenant; its tokens never leave the server.
 */
export const crmProviders = ['hubspot'] as const;
export type CrmProvider = (typeof crmProviders)[number];

/** One write-back to a contact's timeline that HubSpot refused (shown in the panel, newest first). */
export const crmWriteBackErrorSchema = z.object({
  requestId: uuidSchema,
  signerId: uuidSchema,
  idc: z.string(),
  message: z.string(),
  at: z.string(),
});
export type CrmWriteBackError = z.infer<typeof crmWriteBackErrorSchema>;

export const crmConnectionStateSchema = z.object({
  provider: z.literal('hubspot'),
  /** False when the server has no HUBSPOT_CLIENT_ID: the connector cannot be used on this server. */
  configured: z.boolean(),
  connected: z.boolean(),
  /** `broken`: HubSpot refused the refresh token (revoked, app uninstalled): connect again. */
  state: z.enum(['ok', 'broken']).nullable(),
  brokenReason: z.string().nullable(),
  portalId: z.string().nullable(),
  hubDomain: z.string().nullable(),
  connectedBy: z.object({ userId: uuidSchema.nullable(), name: z.string() }).nullable(),
  connectedAt: z.string().nullable(),
  scopes: z.array(z.string()),
  lastErrors: z.array(crmWriteBackErrorSchema),
});
export type CrmConnectionState = z.infer<typeof crmConnectionStateSchema>;
export const crmConnectionStateResponse = itemEnvelope(crmConnectionStateSchema);

export const crmConnectStartResponse = itemEnvelope(z.object({ authorizeUrl: z.string() }));

/** The OAuth redirect back from HubSpot: `code` and `state`, or `error` when the user declined. */
export const crmCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

export const crmContactSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(200) });
export const crmContactSchema = z.object({
  /** HubSpot's contact id: the signer's `connector.idc`. */
  idc: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type CrmContact = z.infer<typeof crmContactSchema>;
export const crmContactListResponse = z.object({ data: z.array(crmContactSchema) });

/** The marketplace card of the product administrator's application view. */
export const crmAdminStateResponse = itemEnvelope(
  z.object({
    connected: z.boolean(),
    state: z.enum(['ok', 'broken']).nullable(),
    connectedAt: z.string().nullable(),
    connectedBy: z.string().nullable(),
    portalId: z.string().nullable(),
  }),
);

/** Where the callback sends the browser back: the settings' Marketplace tab, `crm=connected` or `crm=error&code=…`. */
export const crmReturnQuery = { param: 'crm', connected: 'connected', error: 'error' } as const;
export const crmCallbackErrorCodes = ['declined', 'state_invalid', 'exchange_failed', 'not_configured'] as const;
export type CrmCallbackErrorCode = (typeof crmCallbackErrorCodes)[number];
