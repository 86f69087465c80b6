import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { apiKeys, editorLinks } from './schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const listKeys = (tx: Tx, appId: string) => tx.select().from(apiKeys).where(eq(apiKeys.appId, appId)).orderBy(desc(apiKeys.createdAt));

export async function findKey(tx: Tx, appId: string, id: string): Promise<ApiKeyRow | undefined> {
  return (
    await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.appId, appId), eq(apiKeys.id, id)))
  )[0];
}

/** Any key's technical user (every key of a tenant acts as the same one). */
export async function technicalUserOf(tx: Tx, appId: string): Promise<string | undefined> {
  return (await tx.select({ userId: apiKeys.userId }).from(apiKeys).where(eq(apiKeys.appId, appId)).limit(1))[0]?.userId;
}

export async function insertKey(tx: Tx, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  return (await tx.insert(apiKeys).values(values).returning())[0]!;
}

export async function revokeKey(tx: Tx, appId: string, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  return (
    await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.appId, appId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning()
  )[0];
}

/** By the secret's hash, across tenants (the caller's tenant is what the key says): the system connection. */
export async function findKeyByHash(db: Executor, secretHash: string): Promise<ApiKeyRow | undefined> {
  return (await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash)))[0];
}

/** At most one write a minute per key: only when the stored date is older than `staleBefore`. */
export async function touchKey(db: Executor, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}

export type EditorLinkRow = typeof editorLinks.$inferSelect;

export async function insertEditorLink(tx: Tx, values: typeof editorLinks.$inferInsert): Promise<EditorLinkRow> {
  return (await tx.insert(editorLinks).values(values).returning())[0]!;
}

/** The tenant's editor links past their date: gone when the next one is made (they open nothing any more). */
export async function deleteExpiredEditorLinks(tx: Tx, appId: string, now: Date): Promise<void> {
  await tx.delete(editorLinks).where(and(eq(editorLinks.appId, appId), lt(editorLinks.expiresAt, now)));
}

/** Links ended before `before`, every tenant's (the hourly sweep, on the system connection); how many went. */
export async function deleteEditorLinksEndedBefore(tx: Tx, before: Date): Promise<number> {
  return (await tx.delete(editorLinks).where(lt(editorLinks.expiresAt, before)).returning({ id: editorLinks.id })).length;
}

/** A new template's link gets the template its first save made (once: a later create through it is refused). */
export async function bindEditorLinkTemplate(db: Executor, linkId: string, templateId: string): Promise<boolean> {
  const bound = await db
    .update(editorLinks)
    .set({ templateId })
    .where(and(eq(editorLinks.id, linkId), eq(editorLinks.kind, 'template'), isNull(editorLinks.templateId)))
    .returning({ id: editorLinks.id });
  return bound.length === 1;
}

/** By the token's hash, across tenants (the token says nothing else): the system connection, like API keys. */
export async function findEditorLinkByHash(db: Executor, tokenHash: string): Promise<EditorLinkRow | undefined> {
  return (await db.select().from(editorLinks).where(eq(editorLinks.tokenHash, tokenHash)))[0];
}

/** Within the caller's tenant, by its id (the editor's context). */
export async function findKeyById(db: Executor, id: string): Promise<ApiKeyRow | undefined> {
  return (await db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0];
}
