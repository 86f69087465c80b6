import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { surveyConnections, surveyInvitations } from './schema.ts';

export type SurveyConnectionRow = typeof surveyConnections.$inferSelect;
type ConnectionFields = Omit<typeof surveyConnections.$inferInsert, 'id' | 'appId' | 'createdAt'>;

export async function findConnection(db: Executor, appId: string): Promise<SurveyConnectionRow | undefined> {
  const [row] = await db.select().from(surveyConnections).where(eq(surveyConnections.appId, appId));
  return row;
}

/** One connection per tenant: connecting again replaces the token (and the account) in place. */
export async function upsertConnection(db: Executor, appId: string, fields: ConnectionFields): Promise<SurveyConnectionRow> {
  const [row] = await db
    .insert(surveyConnections)
    .values({ appId, ...fields })
    .onConflictDoUpdate({ target: surveyConnections.appId, set: { ...fields, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function updateConnection(db: Executor, appId: string, fields: Partial<ConnectionFields>): Promise<SurveyConnectionRow | undefined> {
  const [row] = await db
    .update(surveyConnections)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(surveyConnections.appId, appId))
    .returning();
  return row;
}

export async function deleteConnection(db: Executor, appId: string): Promise<boolean> {
  const rows = await db.delete(surveyConnections).where(eq(surveyConnections.appId, appId)).returning({ id: surveyConnections.id });
  return rows.length > 0;
}

/**
 * Claims (request, signer) pairs for a survey mail: only the pairs no earlier delivery of the event claimed come
 * back, so a repeated completion queues nothing more.
 */
export async function claimInvitations(
  db: Executor,
  appId: string,
  requestId: string,
  signerIds: string[],
  at: Date,
): Promise<{ id: string; signerId: string }[]> {
  if (!signerIds.length) return [];
  return db
    .insert(surveyInvitations)
    .values(signerIds.map((signerId) => ({ appId, requestId, signerId, status: 'sent' as const, sentAt: at })))
    .onConflictDoNothing({ target: [surveyInvitations.requestId, surveyInvitations.signerId] })
    .returning({ id: surveyInvitations.id, signerId: surveyInvitations.signerId });
}

export async function invitationCount(db: Executor, appId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(surveyInvitations)
    .where(and(eq(surveyInvitations.appId, appId)));
  return row?.n ?? 0;
}
