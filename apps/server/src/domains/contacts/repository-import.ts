import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ImportRowReason, ImportStatus } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { contactImportRows, contactImports } from './schema.ts';

export type ImportRow = typeof contactImports.$inferSelect;
export type NewImportRow = typeof contactImports.$inferInsert;
export type ImportOutcomeRow = typeof contactImportRows.$inferSelect;

export async function insertImport(db: Executor, row: NewImportRow): Promise<ImportRow> {
  const [inserted] = await db.insert(contactImports).values(row).returning();
  return inserted!;
}

export async function findImport(db: Executor, appId: string, id: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.appId, appId), eq(contactImports.id, id)));
  return row;
}

/** Locks the import row for the transaction (one chunk at a time, even with two workers on one job). */
export async function lockImport(db: Executor, appId: string, id: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.appId, appId), eq(contactImports.id, id)))
    .for('update');
  return row;
}

/** Moves the import from one of `from` to a new status (with other changes); undefined when it was not there. */
export async function transitionImport(
  db: Executor,
  appId: string,
  id: string,
  from: ImportStatus[],
  patch: Partial<NewImportRow>,
): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(contactImports)
    .set(patch)
    .where(and(eq(contactImports.appId, appId), eq(contactImports.id, id), inArray(contactImports.status, from)))
    .returning();
  return row;
}

export interface ChunkCounts {
  rows: number;
  imported: number;
  updated: number;
  skipped: number;
  warnings: number;
}

/** Adds a committed chunk's counts; `processedBefore` guards against counting a chunk twice. */
export async function advanceImport(db: Executor, appId: string, id: string, processedBefore: number, counts: ChunkCounts): Promise<boolean> {
  const rows = await db
    .update(contactImports)
    .set({
      processedRows: sql`${contactImports.processedRows} + ${counts.rows}`,
      imported: sql`${contactImports.imported} + ${counts.imported}`,
      updated: sql`${contactImports.updated} + ${counts.updated}`,
      skipped: sql`${contactImports.skipped} + ${counts.skipped}`,
      warnings: sql`${contactImports.warnings} + ${counts.warnings}`,
    })
    .where(and(eq(contactImports.appId, appId), eq(contactImports.id, id), eq(contactImports.processedRows, processedBefore)))
    .returning({ id: contactImports.id });
  return rows.length === 1;
}

/** How many skipped or warned rows of an import each reason affected (the report, once the import is done). */
export async function reasonCounts(db: Executor, appId: string, importId: string): Promise<Partial<Record<ImportRowReason, number>>> {
  const result = (await db.execute(sql`
    select reason, count(*)::int as n from ${contactImportRows}, jsonb_array_elements_text(${contactImportRows.reasons}) as reason
    where ${contactImportRows.appId} = ${appId} and ${contactImportRows.importId} = ${importId} group by reason`)) as unknown as {
    rows: { reason: ImportRowReason; n: number }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.reason, r.n]));
}

export async function insertOutcomes(db: Executor, rows: (typeof contactImportRows.$inferInsert)[]): Promise<void> {
  for (let at = 0; at < rows.length; at += 1000) await db.insert(contactImportRows).values(rows.slice(at, at + 1000));
}

export async function listOutcomes(
  db: Executor,
  appId: string,
  importId: string,
  filter: { outcome?: 'skipped' | 'warning'; limit: number; offset: number },
): Promise<{ rows: ImportOutcomeRow[]; total: number }> {
  const where = and(
    eq(contactImportRows.appId, appId),
    eq(contactImportRows.importId, importId),
    filter.outcome ? eq(contactImportRows.outcome, filter.outcome) : undefined,
  );
  const rows = await db.select().from(contactImportRows).where(where).orderBy(asc(contactImportRows.line)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(contactImportRows).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Skipped rows after `afterLine`, by line (the rejected-rows file reads them page by page). */
export async function skippedPage(db: Executor, appId: string, importId: string, afterLine: number, limit: number): Promise<ImportOutcomeRow[]> {
  return db
    .select()
    .from(contactImportRows)
    .where(
      and(
        eq(contactImportRows.appId, appId),
        eq(contactImportRows.importId, importId),
        eq(contactImportRows.outcome, 'skipped'),
        sql`${contactImportRows.line} > ${afterLine}`,
      ),
    )
    .orderBy(asc(contactImportRows.line))
    .limit(limit);
}

/** Storage keys among `keys` that an import references (the storage sweep asks, across tenants). */
export async function referencedKeys(db: Executor, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  return (await db.select({ key: contactImports.storageKey }).from(contactImports).where(inArray(contactImports.storageKey, keys))).map((r) => r.key);
}
