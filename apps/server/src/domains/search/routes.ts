import { permissionFeature, searchEndpoints as endpoints, type Permission } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor, requireGuardSession } from '../../platform/http/guard.ts';
import { globalSearch } from './service.ts';

export function searchRoutes(app: App, platform: Platform) {
  serve(app, endpoints.search, async (request) => {
    const session = requireGuardSession(request);
    const actor = requireActor(request);
    const mayRead = (permission: Permission) => {
      const feature = permissionFeature[permission];
      return actor.permissions.has(permission) && (!feature || Boolean(session.tenantFeatures[feature]));
    };
    return item(await globalSearch({ platform, actor, q: request.query.q, limit: request.query.limit, mayRead }));
  });
}
