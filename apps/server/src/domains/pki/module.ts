import { pkiEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { pkiRoutes } from './routes.ts';

/** The instance's trust services (CA, TSA, seals, CRL/OCSP) and their public endpoints. */
export const pkiModule = defineModule({ name: 'pki', endpoints: [pkiEndpoints], routes: pkiRoutes });
