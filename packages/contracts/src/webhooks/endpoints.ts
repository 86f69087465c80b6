import { idParamsSchema, okSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import {
  webhookDeliveryListQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponse,
  webhookEndpointCreateSchema,
  webhookEndpointListResponse,
  webhookEndpointResponse,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretResponse,
} from './schemas.ts';

const auth = { audience: 'application', permission: 'webhooks.manage' } as const;

export const webhookEndpoints = defineEndpoints(['webhooks'], {
  list: { method: 'GET', path: '/api/webhooks', summary: "The tenant's webhook endpoints", auth, responses: { 200: webhookEndpointListResponse } },
  create: {
    method: 'POST',
    path: '/api/webhooks',
    summary: 'Add a webhook endpoint (its signing secret is answered once)',
    auth,
    body: webhookEndpointCreateSchema,
    responses: { 201: webhookEndpointWithSecretResponse },
  },
  get: { method: 'GET', path: '/api/webhooks/:id', summary: 'One webhook endpoint', auth, params: idParamsSchema, responses: { 200: webhookEndpointResponse } },
  update: {
    method: 'PATCH',
    path: '/api/webhooks/:id',
    summary: 'Change a webhook endpoint (enabling it again clears its failures)',
    auth,
    params: idParamsSchema,
    body: webhookEndpointUpdateSchema,
    responses: { 200: webhookEndpointResponse },
  },
  delete: {
    method: 'DELETE',
    path: '/api/webhooks/:id',
    summary: 'Delete a webhook endpoint and its delivery log',
    auth,
    params: idParamsSchema,
    responses: { 200: okSchema },
  },
  rotateSecret: {
    method: 'POST',
    path: '/api/webhooks/:id/rotate-secret',
    summary: 'A new signing secret; the old one keeps signing for 24 hours',
    auth,
    params: idParamsSchema,
    responses: { 200: webhookEndpointWithSecretResponse },
  },
  sendTest: {
    method: 'POST',
    path: '/api/webhooks/:id/test',
    summary: 'Send a webhook.test event to this endpoint only',
    auth,
    params: idParamsSchema,
    responses: { 202: webhookDeliveryResponse },
  },
  deliveries: {
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    summary: "The endpoint's delivery log, newest first (keyset paged)",
    auth,
    params: idParamsSchema,
    query: webhookDeliveryListQuerySchema,
    responses: { 200: webhookDeliveryPageSchema },
  },
  replay: {
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/replay',
    summary: 'Send a delivery again (a new round of attempts, same webhook-id)',
    auth,
    params: webhookDeliveryParamsSchema,
    responses: { 202: webhookDeliveryResponse },
  },
});
