import type { Actor, Platform } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './repository.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}
const ownerOf = (actor: Actor): repo.Owner => ({ appId: actor.appId, userId: actor.userId });

export async function listNotifications(opts: Options & { filter: repo.NotificationFilter }) {
  return opts.platform.database.inTenant(opts.actor.appId, (tx) => repo.listOwn(tx, ownerOf(opts.actor), opts.filter));
}

export async function getNotification(opts: Options & { id: string }) {
  return opts.platform.database.inTenant(opts.actor.appId, async (tx) => {
    const row = await repo.findOwn(tx, ownerOf(opts.actor), opts.id);
    if (!row) throw notFound('Notification');
    return row;
  });
}

export async function markNotification(opts: Options & { id: string; read: boolean }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const current = await repo.findOwn(tx, ownerOf(actor), opts.id);
    if (!current) throw notFound('Notification');
    // Marking read twice keeps the first reading date.
    const readAt = opts.read ? (current.readAt ?? platform.clock()) : null;
    return (await repo.setRead(tx, ownerOf(actor), opts.id, readAt))!;
  });
}

export async function markAllNotificationsRead(opts: Options) {
  return opts.platform.database.inTenant(opts.actor.appId, (tx) => repo.markAllRead(tx, ownerOf(opts.actor), opts.platform.clock()));
}

export async function deleteNotification(opts: Options & { id: string }) {
  await opts.platform.database.inTenant(opts.actor.appId, async (tx) => {
    if (!(await repo.deleteOwn(tx, ownerOf(opts.actor), opts.id))) throw notFound('Notification');
  });
}
