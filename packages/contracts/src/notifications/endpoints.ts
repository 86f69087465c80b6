import { idParamsSchema, okSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import {
  notificationListQuerySchema,
  notificationListResponse,
  notificationReadAllResponse,
  notificationResponse,
  notificationUpdateSchema,
} from './schemas.ts';

const auth = { audience: 'notification', permission: 'notifications.read' } as const;

/** readAll comes before the `:id` routes in the server's registration, so that "read-all" is never taken for an id. */
export const notificationEndpoints = defineEndpoints(['notifications'], {
  list: {
    method: 'GET',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first (additionnalData.unread)",
    auth,
    query: notificationListQuerySchema,
    responses: { 200: notificationListResponse },
  },
  readAll: {
    method: 'PUT',
    path: '/api/notifications/read-all',
    summary: 'Mark every notification read',
    auth,
    responses: { 200: notificationReadAllResponse },
  },
  get: { method: 'GET', path: '/api/notifications/:id', summary: 'One notification', auth, params: idParamsSchema, responses: { 200: notificationResponse } },
  mark: {
    method: 'PUT',
    path: '/api/notifications/:id',
    summary: 'Mark a notification read or unread',
    auth,
    params: idParamsSchema,
    body: notificationUpdateSchema,
    responses: { 200: notificationResponse },
  },
  delete: { method: 'DELETE', path: '/api/notifications/:id', summary: 'Delete a notification', auth, params: idParamsSchema, responses: { 200: okSchema } },
});
