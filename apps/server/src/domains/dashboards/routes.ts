import { dashboardEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor, requireGuardSession, sessionAllows } from '../../platform/http/guard.ts';
import { adminLive, adminOverview } from './admin.ts';
import { homeDashboard } from './home.ts';

export function dashboardRoutes(app: App, platform: Platform) {
  serve(app, endpoints.home, async (request) => {
    const session = requireGuardSession(request);
    return item(await homeDashboard({ platform, actor: requireActor(request), mayRead: (permission) => sessionAllows(session, permission) }));
  });
  serve(app, endpoints.adminLive, async () => item(await adminLive({ platform })));
  serve(app, endpoints.adminOverview, async () => item(await adminOverview({ platform })));
}
