import { defineEndpoints } from '../shared/endpoint.ts';
import { globalSearchQuerySchema, globalSearchResponse } from './schemas.ts';

export const searchEndpoints = defineEndpoints(['search'], {
  search: {
    method: 'GET',
    path: '/api/search',
    summary: 'One search over requests, campaigns, operations and contacts the caller sees (10 per kind by default)',
    auth: { audience: 'user', permission: 'signatures.read' },
    query: globalSearchQuerySchema,
    responses: { 200: globalSearchResponse },
  },
});
