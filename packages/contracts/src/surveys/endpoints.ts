import { okSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import {
  surveyAppParamsSchema,
  surveyConnectionResponse,
  surveyConnectSchema,
  surveyFormListResponse,
  surveyResponsesResponse,
  surveySettingsSchema,
} from './schemas.ts';

/** The tenant's managers (GERANT: `connectors.manage`), on their own tenant. */
const auth = { audience: 'application', permission: 'connectors.manage' } as const;
/** The product administrator's application view (tab Marketplace). */
const admin = { audience: 'application', permission: 'admin.applications' } as const;

export const surveyEndpoints = defineEndpoints(['surveys'], {
  get: {
    method: 'GET',
    path: '/api/connectors/survey',
    summary: "The tenant's survey connection (Typeform) without its token",
    auth,
    responses: { 200: surveyConnectionResponse },
  },
  connect: {
    method: 'POST',
    path: '/api/connectors/survey',
    summary: 'Connect Typeform with a personal access token (checked with GET /me; never answered back)',
    auth,
    body: surveyConnectSchema,
    responses: { 200: surveyConnectionResponse },
  },
  disconnect: {
    method: 'DELETE',
    path: '/api/connectors/survey',
    summary: 'Disconnect Typeform: the token is forgotten, no survey mail is sent any more',
    auth,
    responses: { 200: okSchema },
  },
  forms: {
    method: 'GET',
    path: '/api/connectors/survey/forms',
    summary: "The connected account's forms (Typeform GET /forms)",
    auth,
    responses: { 200: surveyFormListResponse },
  },
  saveSettings: {
    method: 'PUT',
    path: '/api/connectors/survey/settings',
    summary: 'The form signers are sent after completion (checked to exist) and the on/off switch',
    auth,
    body: surveySettingsSchema,
    responses: { 200: surveyConnectionResponse },
  },
  responses: {
    method: 'GET',
    path: '/api/connectors/survey/responses',
    summary: 'How many answers the chosen form has (Typeform GET /forms/{id}/responses)',
    auth,
    responses: { 200: surveyResponsesResponse },
  },
  ofApplication: {
    method: 'GET',
    path: '/api/connectors/survey/applications/:appId',
    summary: "A client account's survey connection (product administrator, tab Marketplace)",
    auth: admin,
    params: surveyAppParamsSchema,
    responses: { 200: surveyConnectionResponse },
  },
});
