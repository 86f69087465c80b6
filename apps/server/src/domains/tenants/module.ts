import { defineModule } from '../../platform/modules.ts';

/** Tenants serve no endpoint of their own: they are read by every other domain (see service.ts). */
export const tenantsModule = defineModule({ name: 'tenants' });
