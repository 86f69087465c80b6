import { searchEndpoints as endpoints, type Permission } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor, requireGuardSession, sessionAllows } from '../../platform/http/guard.ts';
import { globalSearch } from './service.ts';

export function searchRoutes(app: App, platform: Platform) {
  serve(app, endpoints.search, async (request) => {
    const session = requireGuardSession(request);
    const mayRead = (permission: Permission) => sessionAllows(session, permission);
    return item(await globalSearch({ platform, actor: requireActor(request), q: request.query.q, limit: request.query.limit, mayRead }));
  });
}
