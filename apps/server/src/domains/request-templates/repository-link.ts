import { and, count, eq, gt, inArray, isNull, lt, min, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { requestTemplateLinkClaims, requestTemplateLinks } from './schema.ts';

/** The queries of direct links (direct-links.ts): the links, their claims, the use counter. */

export type LinkRow = typeof requestTemplateLinks.$inferSelect;
export type ClaimRow = typeof requestTemplateLinkClaims.$inferSelect;

export async function linkOfTemplate(db: Executor, appId: string, templateId: string): Promise<LinkRow | undefined> {
  const l = requestTemplateLinks;
  const [row] = await db
    .select()
    .from(l)
    .where(and(eq(l.appId, appId), eq(l.templateId, templateId)))
    .limit(1);
  return row;
}

export async function linksOfTemplates(db: Executor, appId: string, templateIds: string[]): Promise<Map<string, LinkRow>> {
  if (!templateIds.length) return new Map();
  const l = requestTemplateLinks;
  const rows = await db
    .select()
    .from(l)
    .where(and(eq(l.appId, appId), inArray(l.templateId, templateIds)));
  return new Map(rows.map((r) => [r.templateId, r]));
}

export async function insertLink(tx: Tx, values: typeof requestTemplateLinks.$inferInsert): Promise<LinkRow> {
  const [row] = await tx.insert(requestTemplateLinks).values(values).returning();
  return row!;
}

export async function updateLink(tx: Tx, appId: string, id: string, values: Partial<typeof requestTemplateLinks.$inferInsert>): Promise<LinkRow> {
  const l = requestTemplateLinks;
  const [row] = await tx
    .update(l)
    .set(values)
    .where(and(eq(l.appId, appId), eq(l.id, id)))
    .returning();
  return row!;
}

/** The tenant of a public address (no tenant is known before: read with the platform's rights). */
export async function tenantOfSlug(db: Executor, slug: string): Promise<string | undefined> {
  const l = requestTemplateLinks;
  const [row] = await db.select({ appId: l.appId }).from(l).where(eq(l.slug, slug)).limit(1);
  return row?.appId;
}

export async function linkBySlug(db: Executor, appId: string, slug: string): Promise<LinkRow | undefined> {
  const l = requestTemplateLinks;
  const [row] = await db
    .select()
    .from(l)
    .where(and(eq(l.appId, appId), eq(l.slug, slug)))
    .limit(1);
  return row;
}

/** The link locked until the transaction ends: claims of one link are counted one after the other. */
export async function lockLink(tx: Tx, appId: string, id: string): Promise<LinkRow | undefined> {
  const l = requestTemplateLinks;
  const [row] = await tx
    .select()
    .from(l)
    .where(and(eq(l.appId, appId), eq(l.id, id)))
    .for('update')
    .limit(1);
  return row;
}

/** Claims of a link since a date by one client address or one e-mail, and when the oldest of them was made. */
export async function claimsSince(
  db: Executor,
  appId: string,
  linkId: string,
  by: { ip: string } | { email: string },
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const c = requestTemplateLinkClaims;
  const [row] = await db
    .select({ n: count(), oldest: min(c.createdAt) })
    .from(c)
    .where(and(eq(c.appId, appId), eq(c.linkId, linkId), 'ip' in by ? eq(c.ip, by.ip) : eq(c.email, by.email), gt(c.createdAt, since)));
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function insertClaim(tx: Tx, values: typeof requestTemplateLinkClaims.$inferInsert): Promise<ClaimRow> {
  const [row] = await tx.insert(requestTemplateLinkClaims).values(values).returning();
  return row!;
}

/** The claim, locked for the code check (two checks of one claim queue up). */
export async function lockClaim(tx: Tx, appId: string, linkId: string, id: string): Promise<ClaimRow | undefined> {
  const c = requestTemplateLinkClaims;
  const [row] = await tx
    .select()
    .from(c)
    .where(and(eq(c.appId, appId), eq(c.linkId, linkId), eq(c.id, id)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateClaim(tx: Tx, appId: string, id: string, values: Partial<typeof requestTemplateLinkClaims.$inferInsert>): Promise<void> {
  const c = requestTemplateLinkClaims;
  await tx
    .update(c)
    .set(values)
    .where(and(eq(c.appId, appId), eq(c.id, id)));
}

/**
 * Records the claim's request, unless another verify of the same claim already did (false then: the caller's
 * transaction is rolled back and the first request answered).
 */
export async function attachRequest(tx: Tx, appId: string, claimId: string, requestId: string): Promise<boolean> {
  const c = requestTemplateLinkClaims;
  const rows = await tx
    .update(c)
    .set({ requestId })
    .where(and(eq(c.appId, appId), eq(c.id, claimId), isNull(c.requestId)))
    .returning({ id: c.id });
  return rows.length === 1;
}

/**
 * Counts one use if the link still has one: a conditional update, so concurrent verifies at the last use cannot
 * both pass (the second waits for the first's row lock, then finds no use left). Undefined when none is left.
 */
export async function takeUse(tx: Tx, appId: string, linkId: string, now: Date): Promise<LinkRow | undefined> {
  const l = requestTemplateLinks;
  const [row] = await tx
    .update(l)
    .set({ useCount: sql`${l.useCount} + 1`, updatedAt: now })
    .where(
      and(
        eq(l.appId, appId),
        eq(l.id, linkId),
        eq(l.enabled, true),
        or(isNull(l.maxUses), lt(l.useCount, l.maxUses)),
        or(isNull(l.expiresAt), gt(l.expiresAt, now)),
      ),
    )
    .returning();
  return row;
}
