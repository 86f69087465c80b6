import { ssoEndpoints } from '@paraphe/contracts';
import { defineModule } from '../../platform/modules.ts';
import { addPasswordLoginGate } from '../../platform/login-gates.ts';
import { ssoOnlyRefusal } from './config.ts';
import { ssoRoutes } from './routes.ts';

export const ssoModule = defineModule({
  name: 'sso',
  endpoints: [ssoEndpoints],
  routes: ssoRoutes,
  // An SSO-only tenant refuses passwords (its break-glass director aside): auth asks the gate, knowing nothing of SSO.
  init: (platform) => addPasswordLoginGate(platform, ssoOnlyRefusal),
});
