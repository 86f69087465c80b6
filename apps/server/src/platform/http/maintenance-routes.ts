import { maintenanceEndpoints as endpoints } from '@paraphe/contracts';
import { currentMaintenance, setMaintenance } from '../maintenance-mode.ts';
import { defineModule } from '../modules.ts';
import { serve } from './endpoints.ts';
import { item } from './envelope.ts';
import { requireActor } from './guard.ts';

/** The maintenance flag's endpoints: the public status (the SPA's maintenance page) and the administrator's switch. */
export const maintenanceModeModule = defineModule({
  name: 'maintenance-mode',
  endpoints: [endpoints],
  routes(app, platform) {
    const always = { duringMaintenance: true };
    serve(app, endpoints.status, async () => item(await currentMaintenance(platform)), { ...always, rateLimit: { max: 120, timeWindow: '1 minute' } });
    serve(app, endpoints.get, async () => item(await currentMaintenance(platform)), always);
    serve(app, endpoints.set, async (request) => item(await setMaintenance(platform, requireActor(request), request.body)), always);
  },
});
