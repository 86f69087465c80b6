import { and, desc, eq, ilike, or, sql, count } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = typeof outboxMessages.$inferInsert;

export async function insertMessage(db: Executor, row: NewOutboxRow): Promise<string> {
  const [inserted] = await db.insert(outboxMessages).values(row).returning({ id: outboxMessages.id });
  return inserted!.id;
}

export async function findMessage(db: Executor, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

export async function markMessage(db: Executor, id: string, status: OutboxRow['status'], error?: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status,
      error: error ?? null,
      sentAt: status === 'sent' || status === 'captured' ? new Date() : null,
      attempts: sql`${outboxMessages.attempts} || ${JSON.stringify([{ at: new Date().toISOString(), ...(error ? { error } : {}) }])}::jsonb`,
    })
    .where(eq(outboxMessages.id, id));
}

export interface OutboxFilter {
  channel?: 'email' | 'sms';
  to?: string;
  search?: string;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
}

export async function listMessages(db: Executor, filter: OutboxFilter): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = and(
    filter.channel ? eq(outboxMessages.channel, filter.channel) : undefined,
    filter.to ? ilike(outboxMessages.to, `%${filter.to}%`) : undefined,
    filter.search ? or(ilike(outboxMessages.subject, `%${filter.search}%`), ilike(outboxMessages.to, `%${filter.search}%`)) : undefined,
  );
  const orderBy = filter.order === 'ASC' ? [outboxMessages.createdAt, outboxMessages.id] : [desc(outboxMessages.createdAt), desc(outboxMessages.id)];
  const rows = await db.select().from(outboxMessages).where(where).orderBy(...orderBy).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(outboxMessages).where(where);
  return { rows, total: total?.n ?? 0 };
}
