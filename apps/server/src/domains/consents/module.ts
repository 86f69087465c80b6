import { consentEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { consentRoutes } from './routes.ts';

/** Terms of service and sign-up consents: versioned texts, what each person accepted. */
export const consentsModule = defineModule({ name: 'consents', endpoints: [consentEndpoints], routes: consentRoutes });
