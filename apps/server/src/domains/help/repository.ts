import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { helpRequests as t, type HelpRequestRow, type NewHelpRequestRow } from './schema.ts';

export type { HelpRequestRow } from './schema.ts';

export async function insertHelpRequest(db: Executor, row: NewHelpRequestRow): Promise<HelpRequestRow> {
  const [inserted] = await db.insert(t).values(row).returning();
  return inserted!;
}

/** Across tenants (the product administrator's list, read with the system role). */
export async function listHelpRequests(
  db: Executor,
  filter: { status?: 'open' | 'closed'; limit: number; offset: number },
): Promise<{ rows: HelpRequestRow[]; total: number }> {
  const where: SQL | undefined = filter.status ? eq(t.status, filter.status) : undefined;
  const rows = await db.select().from(t).where(where).orderBy(desc(t.createdAt), desc(t.id)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findHelpRequest(db: Executor, id: string): Promise<HelpRequestRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row;
}

export async function updateHelpStatus(db: Executor, id: string, status: 'open' | 'closed', now: Date): Promise<HelpRequestRow | undefined> {
  const [row] = await db
    .update(t)
    .set({ status, closedAt: status === 'closed' ? now : null })
    .where(and(eq(t.id, id)))
    .returning();
  return row;
}

/** The storage keys of attachments among `keys` (the storage sweep must not take them for orphans). */
export async function referencedKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.select({ key: t.attachmentKey }).from(t).where(inArray(t.attachmentKey, keys));
  return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
}
