import { and, eq, inArray, or } from 'drizzle-orm';
import type { BatchStatus } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { mergeBatches, mergeTemplates } from './schema.ts';

export type TemplateRow = typeof mergeTemplates.$inferSelect;
export type BatchRow = typeof mergeBatches.$inferSelect;

export async function insertTemplate(db: Executor, row: typeof mergeTemplates.$inferInsert): Promise<TemplateRow> {
  const [inserted] = await db.insert(mergeTemplates).values(row).returning();
  return inserted!;
}

export async function findTemplate(db: Executor, appId: string, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(mergeTemplates)
    .where(and(eq(mergeTemplates.appId, appId), eq(mergeTemplates.id, id)));
  return row;
}

export async function insertBatch(db: Executor, row: typeof mergeBatches.$inferInsert): Promise<BatchRow> {
  const [inserted] = await db.insert(mergeBatches).values(row).returning();
  return inserted!;
}

export async function findBatch(db: Executor, appId: string, id: string): Promise<BatchRow | undefined> {
  const [row] = await db
    .select()
    .from(mergeBatches)
    .where(and(eq(mergeBatches.appId, appId), eq(mergeBatches.id, id)));
  return row;
}

/** Moves the batch from one of `from` (with other changes); undefined when it was not in one of them. */
export async function transitionBatch(
  db: Executor,
  appId: string,
  id: string,
  from: BatchStatus[],
  patch: Partial<typeof mergeBatches.$inferInsert>,
): Promise<BatchRow | undefined> {
  const [row] = await db
    .update(mergeBatches)
    .set(patch)
    .where(and(eq(mergeBatches.appId, appId), eq(mergeBatches.id, id), inArray(mergeBatches.status, from)))
    .returning();
  return row;
}

/** Progress of a running batch (absolute figures: a resumed job recounts what is stored). */
export async function setProgress(
  db: Executor,
  appId: string,
  id: string,
  progress: { done: number; failed: number; failures: { line: number; error: string }[] },
): Promise<void> {
  await db
    .update(mergeBatches)
    .set(progress)
    .where(and(eq(mergeBatches.appId, appId), eq(mergeBatches.id, id), eq(mergeBatches.status, 'running')));
}

/** Which of `keys` templates or batches reference (the storage sweep keeps those). */
export async function referencedKeys(db: Executor, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const templates = await db
    .select({ a: mergeTemplates.storageKey, b: mergeTemplates.docxKey })
    .from(mergeTemplates)
    .where(or(inArray(mergeTemplates.storageKey, keys), inArray(mergeTemplates.docxKey, keys)));
  const sheets = await db.select({ key: mergeBatches.sheetKey }).from(mergeBatches).where(inArray(mergeBatches.sheetKey, keys));
  // A batch's PDFs live under `<appId>/merge-batch-<batchId>/`: kept while the batch exists.
  const batchIds = [...new Set(keys.flatMap((k) => /\/merge-batch-([0-9a-f-]{36})\//.exec(k)?.[1] ?? []))];
  const batches = batchIds.length ? await db.select({ id: mergeBatches.id }).from(mergeBatches).where(inArray(mergeBatches.id, batchIds)) : [];
  const live = new Set(batches.map((b) => b.id));
  const found = new Set([...templates.flatMap((t) => [t.a, t.b]), ...sheets.map((s) => s.key)]);
  return keys.filter((k) => found.has(k) || live.has(/\/merge-batch-([0-9a-f-]{36})\//.exec(k)?.[1] ?? ''));
}
