import { and, desc, eq, sql } from 'drizzle-orm';
import type { ConsentKind } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { consentAcceptances, legalTexts } from './schema.ts';

/** The legal texts' versions (platform-wide) and what each person accepted (tenant rows, under RLS). */

export type LegalTextRow = typeof legalTexts.$inferSelect;
export type AcceptanceRow = typeof consentAcceptances.$inferSelect;
type NewAcceptance = typeof consentAcceptances.$inferInsert;

/** The last version published of each kind (kinds never published are missing). */
export async function lastPublishedTexts(db: Executor): Promise<LegalTextRow[]> {
  const rows = await db.selectDistinctOn([legalTexts.kind], { row: legalTexts }).from(legalTexts).orderBy(legalTexts.kind, desc(legalTexts.version));
  return rows.map(({ row }) => row);
}

/** Every version published, newest first within a kind. */
export async function publishedTexts(db: Executor): Promise<LegalTextRow[]> {
  return db.select().from(legalTexts).orderBy(legalTexts.kind, desc(legalTexts.version));
}

/** One publication at a time per kind: the unique index would refuse the second anyway, this makes it wait instead. */
export async function lockPublicationOf(db: Executor, kind: ConsentKind): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal_texts:${kind}`}))`);
}

export async function insertText(db: Executor, values: Pick<LegalTextRow, 'kind' | 'version' | 'texts' | 'publishedBy'>): Promise<LegalTextRow> {
  const [row] = await db.insert(legalTexts).values(values).returning();
  return row!;
}

export async function insertAcceptances(db: Executor, values: NewAcceptance[]): Promise<void> {
  await db.insert(consentAcceptances).values(values);
}

/** The tenant's acceptances, newest first. */
export async function acceptancesOfApp(db: Executor, appId: string): Promise<AcceptanceRow[]> {
  return db.select().from(consentAcceptances).where(eq(consentAcceptances.appId, appId)).orderBy(desc(consentAcceptances.at), consentAcceptances.kind);
}

/** Whether the user accepted this version of the terms. */
export async function hasAcceptedTerms(db: Executor, userId: string, version: number): Promise<boolean> {
  const [accepted] = await db
    .select({ id: consentAcceptances.id })
    .from(consentAcceptances)
    .where(
      and(
        eq(consentAcceptances.userId, userId),
        eq(consentAcceptances.kind, 'terms'),
        eq(consentAcceptances.version, version),
        eq(consentAcceptances.accepted, true),
      ),
    )
    .limit(1);
  return Boolean(accepted);
}
