import { idParamsSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import { apiKeyListResponse, apiKeyResponse, createApiKeyInputSchema, createdApiKeyResponse } from './schemas.ts';

const manage = { audience: 'application', permission: 'apikeys.manage' } as const;

/** The settings screen's API keys (GERANT, feature `api`). */
export const apiKeyEndpoints = defineEndpoints(['api keys'], {
  list: {
    method: 'GET',
    path: '/api/keys',
    summary: 'The API keys of the tenant (revoked ones included)',
    auth: manage,
    responses: { 200: apiKeyListResponse },
  },
  create: {
    method: 'POST',
    path: '/api/keys',
    summary: 'Create an API key: the secret is in this answer only',
    auth: manage,
    body: createApiKeyInputSchema,
    responses: { 201: createdApiKeyResponse },
    idempotent: true,
  },
  revoke: {
    method: 'DELETE',
    path: '/api/keys/:id',
    summary: 'Revoke an API key (its next call is refused)',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: apiKeyResponse },
  },
});
