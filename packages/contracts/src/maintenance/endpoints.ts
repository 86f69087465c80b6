import { defineEndpoints } from '../shared/endpoint.ts';
import { maintenanceInputSchema, maintenanceStateResponse } from './schemas.ts';

const admin = { audience: 'application', permission: 'admin.applications' } as const;

/** Answered even during maintenance (the SPA's maintenance page and the administrator's switch). */
export const maintenanceEndpoints = defineEndpoints(['maintenance'], {
  status: {
    method: 'GET',
    path: '/api/maintenance',
    summary: 'Whether the service is in maintenance, its message and expected end',
    auth: { public: true },
    responses: { 200: maintenanceStateResponse },
  },
  get: {
    method: 'GET',
    path: '/api/admin/maintenance',
    summary: 'The maintenance flag (product administrator)',
    auth: admin,
    responses: { 200: maintenanceStateResponse },
  },
  set: {
    method: 'PUT',
    path: '/api/admin/maintenance',
    summary: 'Turn maintenance on or off, with an optional message and expected end (product administrator)',
    auth: admin,
    body: maintenanceInputSchema,
    responses: { 200: maintenanceStateResponse },
  },
});
