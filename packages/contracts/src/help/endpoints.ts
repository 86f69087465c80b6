import { idParamsSchema } from '../shared/common.ts';
import { defineEndpoints, file, multipart } from '../shared/endpoint.ts';
import { helpRequestListQuerySchema, helpRequestListResponse, helpRequestResponse, helpRequestStatusInputSchema } from './schemas.ts';

const admin = { audience: 'application', permission: 'admin.applications' } as const;

export const helpEndpoints = defineEndpoints(['help'], {
  create: {
    method: 'POST',
    path: '/api/help-requests',
    summary: 'Send a help request to the product administrator and the account’s support address',
    auth: { audience: 'user', permission: 'dashboard.view' },
    body: multipart(
      'Text part `input`: JSON { subject, category, message, context: { route, userAgent, appVersion, requestIds } }. Optional file part `attachment`: PDF, PNG or JPEG, 5 MB at most.',
    ),
    responses: { 201: helpRequestResponse },
  },
  list: {
    method: 'GET',
    path: '/api/admin/help-requests',
    summary: 'Help requests of every account (product administrator)',
    auth: admin,
    query: helpRequestListQuerySchema,
    responses: { 200: helpRequestListResponse },
  },
  setStatus: {
    method: 'PUT',
    path: '/api/admin/help-requests/:id/status',
    summary: 'Close or reopen a help request (product administrator)',
    auth: admin,
    params: idParamsSchema,
    body: helpRequestStatusInputSchema,
    responses: { 200: helpRequestResponse },
  },
  attachment: {
    method: 'GET',
    path: '/api/admin/help-requests/:id/attachment',
    summary: 'The attachment of a help request (product administrator)',
    auth: admin,
    params: idParamsSchema,
    responses: { 200: file('application/pdf', 'image/png', 'image/jpeg') },
  },
});
