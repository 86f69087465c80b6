import {
  idParamsSchema,
  notificationListQuerySchema,
  notificationListResponse,
  notificationReadAllResponse,
  notificationResponse,
  notificationUpdateSchema,
  okSchema,
  type Notification,
} from '@paraphe/contracts';
import type { DomainRoutes } from '../../platform/http/app.ts';
import { item, iso, list } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import type { NotificationRow } from './repository.ts';
import * as notifications from './service.ts';

const tags = ['notifications'];
const config = { audience: 'notification', permission: 'notifications.read' } as const;

export function presentNotification(row: NotificationRow): Notification {
  return { id: row.id, type: row.type, message: row.message, data: row.data, read: row.readAt !== null, readAt: iso(row.readAt), createdAt: row.createdAt.toISOString() };
}

export const notificationRoutes: DomainRoutes = (app, platform) => {
  app.get('/api/notifications', { schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationListResponse } }, config }, async (request) => {
    const q = request.query;
    const filter = { ...q, read: q.read === undefined ? undefined : q.read === 'true' };
    const { rows, total, unread } = await notifications.listNotifications({ platform, actor: requireActor(request), filter });
    return { ...list(rows.map(presentNotification), total, q), additionnalData: { unread } };
  });

  // Declared before /:id so that "read-all" is not taken for an id.
  app.put('/api/notifications/read-all', { schema: { tags, response: { 200: notificationReadAllResponse } }, config }, async (request) =>
    item({ updated: await notifications.markAllNotificationsRead({ platform, actor: requireActor(request) }) }),
  );

  app.get('/api/notifications/:id', { schema: { tags, params: idParamsSchema, response: { 200: notificationResponse } }, config }, async (request) =>
    item(presentNotification(await notifications.getNotification({ platform, actor: requireActor(request), id: request.params.id }))),
  );

  app.put('/api/notifications/:id', { schema: { tags, params: idParamsSchema, body: notificationUpdateSchema, response: { 200: notificationResponse } }, config }, async (request) =>
    item(presentNotification(await notifications.markNotification({ platform, actor: requireActor(request), id: request.params.id, read: request.body.read }))),
  );

  app.delete('/api/notifications/:id', { schema: { tags, params: idParamsSchema, response: { 200: okSchema } }, config }, async (request) => {
    await notifications.deleteNotification({ platform, actor: requireActor(request), id: request.params.id });
    return { data: { ok: true as const } };
  });
};
