import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import type { ContactRow } from './repository.ts';
import { contacts } from './schema.ts';

/**
 * What the GDPR domain asks of the address book (docs/gdpr.md), in the caller's transaction: a person's contact
 * rows (export), their erasure, and the contacts unchanged for too long (the retention purge).
 */

/** The contact of this address in the tenant (mail is stored lower-case, unique per tenant): none or one. */
export async function contactsOfEmail(db: Executor, appId: string, email: string): Promise<ContactRow[]> {
  return db.select().from(contacts).where(and(eq(contacts.appId, appId), eq(contacts.mail, email.toLowerCase())));
}

/** Deletes the contact of this address; answers how many rows went. */
export async function eraseContactsOfEmail(db: Executor, appId: string, email: string): Promise<number> {
  const deleted = await db.delete(contacts).where(and(eq(contacts.appId, appId), eq(contacts.mail, email.toLowerCase()))).returning({ id: contacts.id });
  return deleted.length;
}

/** Up to `limit` contacts not changed since `before`, after the id `afterId` (a run walks them by id). */
export async function contactsUnchangedSince(db: Executor, appId: string, before: Date, limit: number, afterId?: string): Promise<Pick<ContactRow, 'id' | 'mail'>[]> {
  return db
    .select({ id: contacts.id, mail: contacts.mail })
    .from(contacts)
    .where(and(eq(contacts.appId, appId), lt(contacts.updatedAt, before), afterId ? gt(contacts.id, afterId) : undefined))
    .orderBy(asc(contacts.id))
    .limit(limit);
}

export async function deleteContactsById(db: Executor, appId: string, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const deleted = await db.delete(contacts).where(and(eq(contacts.appId, appId), inArray(contacts.id, [...ids]))).returning({ id: contacts.id });
  return deleted.length;
}
