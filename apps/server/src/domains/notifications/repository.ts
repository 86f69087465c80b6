import { and, count, desc, asc, eq, isNull, isNotNull, type SQL } from 'drizzle-orm';
import type { NotificationType } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { cappedCount, countCap, pageTotal, type PageTotal } from '../../platform/db/lists.ts';
import { notifications } from './schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** A user's own notifications: every query takes the tenant and the user. */
export interface Owner {
  appId: string;
  userId: string;
}
const own = (owner: Owner): SQL => and(eq(notifications.appId, owner.appId), eq(notifications.userId, owner.userId))!;

export async function insertNotification(db: Executor, row: typeof notifications.$inferInsert): Promise<NotificationRow> {
  const [inserted] = await db.insert(notifications).values(row).returning();
  return inserted!;
}

export interface NotificationFilter {
  read?: boolean;
  type?: NotificationType;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
}

export async function listOwn(db: Executor, owner: Owner, filter: NotificationFilter): Promise<{ rows: NotificationRow[]; unread: number } & PageTotal> {
  const where = and(
    own(owner),
    filter.read === undefined ? undefined : filter.read ? isNotNull(notifications.readAt) : isNull(notifications.readAt),
    filter.type ? eq(notifications.type, filter.type) : undefined,
  );
  const direction = filter.order === 'ASC' ? asc : desc;
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(direction(notifications.createdAt), direction(notifications.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const total = await pageTotal({
    rows: rows.length,
    limit: filter.limit,
    offset: filter.offset,
    cap: countCap,
    count: (n) => cappedCount(db, notifications, where, n),
  });
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(own(owner), isNull(notifications.readAt)));
  return { rows, ...total, unread: unread?.n ?? 0 };
}

export async function findOwn(db: Executor, owner: Owner, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(own(owner), eq(notifications.id, id)));
  return row;
}

export async function setRead(db: Executor, owner: Owner, id: string, readAt: Date | null): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt })
    .where(and(own(owner), eq(notifications.id, id)))
    .returning();
  return row;
}

export async function markAllRead(db: Executor, owner: Owner, readAt: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt })
    .where(and(own(owner), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteOwn(db: Executor, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(own(owner), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
