import { idParamsSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import {
  acceptTermsInputSchema,
  consentAcceptancesResponse,
  currentLegalTextsQuerySchema,
  currentLegalTextsResponse,
  legalTextPublishSchema,
  legalTextVersionResponse,
  legalTextVersionsResponse,
  pendingTermsResponse,
} from './schemas.ts';

const admin = { audience: 'application', permission: 'admin.applications' } as const;

/** The terms of service and sign-up consents (docs/gdpr.md "Consents and terms"). */
export const consentEndpoints = defineEndpoints(['consents'], {
  current: {
    method: 'GET',
    path: '/api/public/legal-texts',
    summary: 'The current terms of service and the three consents, in a language (the sign-up page shows them)',
    auth: { public: true },
    query: currentLegalTextsQuerySchema,
    responses: { 200: currentLegalTextsResponse },
  },
  versions: {
    method: 'GET',
    path: '/api/admin/legal-texts',
    summary: 'Every version of every text (product administrator)',
    auth: admin,
    responses: { 200: legalTextVersionsResponse },
  },
  publish: {
    method: 'POST',
    path: '/api/admin/legal-texts',
    summary: 'Publishes a new version of a text (the previous ones are kept); a new terms version is asked of every user at their next login',
    auth: admin,
    body: legalTextPublishSchema,
    responses: { 201: legalTextVersionResponse },
  },
  applicationConsents: {
    method: 'GET',
    path: '/api/applications/:id/consents',
    summary: "What the account's users accepted or declined, which version, when (product administrator)",
    auth: admin,
    params: idParamsSchema,
    responses: { 200: consentAcceptancesResponse },
  },
  pendingTerms: {
    method: 'GET',
    path: '/api/legal-texts/pending',
    summary: 'The terms version the caller has not accepted yet (null when up to date)',
    auth: { audience: 'user', allowSuspended: true },
    responses: { 200: pendingTermsResponse },
  },
  acceptTerms: {
    method: 'POST',
    path: '/api/legal-texts/accept',
    summary: 'Records that the caller accepted this terms version (409 CONFLICT if it is not the current one)',
    auth: { audience: 'user', allowSuspended: true },
    body: acceptTermsInputSchema,
    responses: { 200: pendingTermsResponse },
  },
});
