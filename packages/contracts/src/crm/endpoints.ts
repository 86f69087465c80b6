import { idParamsSchema, okSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import {
  crmAdminStateResponse,
  crmCallbackQuerySchema,
  crmConnectionStateResponse,
  crmConnectStartResponse,
  crmContactListResponse,
  crmContactSearchQuerySchema,
} from './schemas.ts';

/** Connect and disconnect: the tenant's managers of settings; the state and the contacts: whoever creates requests. */
const manage = { audience: 'application', permission: 'connectors.manage' } as const;
const use = { audience: 'application', permission: 'signatures.create' } as const;

export const crmEndpoints = defineEndpoints(['crm'], {
  connect: {
    method: 'POST',
    path: '/api/crm/hubspot/connect',
    summary: "Start connecting the tenant's HubSpot portal: the authorisation URL to send the browser to (10 min, single use)",
    auth: manage,
    responses: { 200: crmConnectStartResponse },
  },
  state: {
    method: 'GET',
    path: '/api/crm/hubspot/connect',
    summary: "The tenant's HubSpot connection: connected, portal, by whom, since, broken reason, last errors",
    auth: use,
    responses: { 200: crmConnectionStateResponse },
  },
  disconnect: {
    method: 'DELETE',
    path: '/api/crm/hubspot/connect',
    summary: 'Disconnect HubSpot: the refresh token is revoked at HubSpot (when reachable) and the tokens deleted',
    auth: manage,
    responses: { 200: okSchema },
  },
  callback: {
    method: 'GET',
    path: '/api/public/crm/hubspot/callback',
    summary: "HubSpot's OAuth redirect: exchanges the code, then sends the browser back to the settings' Marketplace tab",
    auth: { public: true },
    query: crmCallbackQuerySchema,
    responses: { 302: { kind: 'empty' }, 400: { kind: 'file', contentTypes: ['text/html'] } },
  },
  searchContacts: {
    method: 'GET',
    path: '/api/crm/hubspot/contacts',
    summary: 'HubSpot contacts matching `q` (first name, last name, e-mail, phone), 10 at most',
    auth: use,
    query: crmContactSearchQuerySchema,
    responses: { 200: crmContactListResponse },
  },
  adminState: {
    method: 'GET',
    path: '/api/crm/hubspot/applications/:id',
    summary: "A client account's HubSpot connection (product administrator's marketplace tab)",
    auth: { audience: 'application', permission: 'admin.applications' },
    params: idParamsSchema,
    responses: { 200: crmAdminStateResponse },
  },
});
