import { idParamsSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import { outboxListQuerySchema, outboxListResponse, outboxMessageResponse, outboxResendResponse } from './schemas.ts';

const auth = { audience: 'outbox', permission: 'admin.outbox' } as const;

export const outboxEndpoints = defineEndpoints(['outbox'], {
  list: {
    method: 'GET',
    path: '/api/outbox',
    summary: 'Mails and SMS the platform sent or captured (product administrator); additionnalData counts the undelivered ones',
    auth,
    query: outboxListQuerySchema,
    responses: { 200: outboxListResponse },
  },
  get: { method: 'GET', path: '/api/outbox/:id', summary: 'One mail or SMS', auth, params: idParamsSchema, responses: { 200: outboxMessageResponse } },
  resend: {
    method: 'POST',
    path: '/api/outbox/:id/resend',
    summary: 'Sends one undelivered message again now (failed, or retrying: tried at once); 409 for any other status',
    auth,
    params: idParamsSchema,
    responses: { 200: outboxResendResponse },
  },
  resendFailed: {
    method: 'POST',
    path: '/api/outbox/resend-failed',
    summary: 'Sends every failed message again now (at most 1,000 per call)',
    auth,
    responses: { 200: outboxResendResponse },
  },
});
