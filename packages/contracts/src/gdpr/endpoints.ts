import { listQuerySchema } from '../shared/common.ts';
import { defineEndpoints, file } from '../shared/endpoint.ts';
import {
  gdprRequestListResponse,
  gdprRequestResponse,
  gdprRetentionSchema,
  gdprSettingsResponse,
  gdprSubjectInputSchema,
  gdprTokenParamsSchema,
} from './schemas.ts';

const auth = { audience: 'application', permission: 'settings.gdpr' } as const;

/** The GDPR tab of the settings (docs/gdpr.md): retention, subject access (export) and erasure. */
export const gdprEndpoints = defineEndpoints(['gdpr'], {
  settings: {
    method: 'GET',
    path: '/api/gdpr/settings',
    summary: "The tenant's retention periods (defaults until saved)",
    auth,
    responses: { 200: gdprSettingsResponse },
  },
  updateSettings: {
    method: 'PUT',
    path: '/api/gdpr/settings',
    summary: 'Saves the retention periods; the evidence is never kept less than the legal minimum (evidenceMinimumMonths)',
    auth,
    body: gdprRetentionSchema,
    responses: { 200: gdprSettingsResponse },
  },
  requests: {
    method: 'GET',
    path: '/api/gdpr/requests',
    summary: 'The history of exports and erasures, newest first',
    auth,
    query: listQuerySchema.pick({ limit: true, offset: true }),
    responses: { 200: gdprRequestListResponse },
  },
  export: {
    method: 'POST',
    path: '/api/gdpr/exports',
    summary: 'Exports everything the tenant holds about a person (by e-mail): a job makes the zip and mails its link (30 days) to the caller',
    auth,
    body: gdprSubjectInputSchema,
    responses: { 202: gdprRequestResponse },
  },
  erase: {
    method: 'POST',
    path: '/api/gdpr/erasures',
    summary: "Erases a person's data (contacts; signer rows of finished requests, pseudonymised); 409 while they sign a request in progress (details.requests)",
    auth,
    body: gdprSubjectInputSchema,
    responses: { 200: gdprRequestResponse },
  },
  download: {
    method: 'GET',
    path: '/api/public/gdpr-exports/:token',
    summary: 'The zip of an export, from the link mailed to the user who asked (410 LINK_UNAVAILABLE past 30 days)',
    auth: { public: true },
    params: gdprTokenParamsSchema,
    responses: { 200: file('application/zip') },
  },
});
