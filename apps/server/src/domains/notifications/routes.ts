import { notificationEndpoints as endpoints, type Notification } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, iso, list } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import type { NotificationRow } from './repository.ts';
import * as notifications from './service.ts';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    data: row.data,
    read: row.readAt !== null,
    readAt: iso(row.readAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function notificationRoutes(app: App, platform: Platform) {
  serve(app, endpoints.list, async (request) => {
    const q = request.query;
    const filter = { ...q, read: q.read === undefined ? undefined : q.read === 'true' };
    const { rows, total, capped, unread } = await notifications.listNotifications({ platform, actor: requireActor(request), filter });
    return { ...list(rows.map(presentNotification), total, q, capped), additionnalData: { unread } };
  });
  // Registered before /:id so that "read-all" is not taken for an id.
  serve(app, endpoints.readAll, async (request) => item({ updated: await notifications.markAllNotificationsRead({ platform, actor: requireActor(request) }) }));
  serve(app, endpoints.get, async (request) =>
    item(presentNotification(await notifications.getNotification({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.mark, async (request) =>
    item(presentNotification(await notifications.markNotification({ platform, actor: requireActor(request), id: request.params.id, read: request.body.read }))),
  );
  serve(app, endpoints.delete, async (request) => {
    await notifications.deleteNotification({ platform, actor: requireActor(request), id: request.params.id });
    return { data: { ok: true as const } };
  });
}
