import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { countCap, cappedCount, pageTotal, type PageTotal } from '../../platform/db/lists.ts';
import { fileTimestamps } from './schema.ts';

export type FileTimestampRow = typeof fileTimestamps.$inferSelect;
export type FileTimestampValues = typeof fileTimestamps.$inferInsert;

export async function insertTimestamp(db: Executor, values: FileTimestampValues): Promise<FileTimestampRow> {
  const [row] = await db.insert(fileTimestamps).values(values).returning();
  return row!;
}

export async function findTimestamp(db: Executor, appId: string, id: string): Promise<FileTimestampRow | undefined> {
  const [row] = await db
    .select()
    .from(fileTimestamps)
    .where(and(eq(fileTimestamps.appId, appId), eq(fileTimestamps.id, id)));
  return row;
}

/** A page, newest first (index file_timestamps_app_created_idx), with a capped total (docs/lists.md). */
export async function listTimestamps(db: Executor, appId: string, page: { limit: number; offset: number }): Promise<{ rows: FileTimestampRow[] } & PageTotal> {
  const where = eq(fileTimestamps.appId, appId);
  const rows = await db
    .select()
    .from(fileTimestamps)
    .where(where)
    .orderBy(desc(fileTimestamps.createdAt), desc(fileTimestamps.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = await pageTotal({ rows: rows.length, ...page, cap: countCap, count: (cap) => cappedCount(db, fileTimestamps, where, cap) });
  return { rows, ...total };
}

/** Which of these storage keys a time-stamp still references (the storage sweep keeps them). */
export async function referencedKeys(db: Executor, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db
    .select({ output: fileTimestamps.outputKey, receipt: fileTimestamps.receiptKey })
    .from(fileTimestamps)
    .where(or(inArray(fileTimestamps.outputKey, keys), inArray(fileTimestamps.receiptKey, keys)));
  return rows.flatMap((r) => [r.output, ...(r.receipt ? [r.receipt] : [])]);
}
