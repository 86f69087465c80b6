import { and, count, desc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { CertificateStatus } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { qualifiedCertificates as t, type CertificateRow, type NewCertificateRow } from './schema.ts';

export type { CertificateRow } from './schema.ts';

export async function insertCertificate(db: Executor, row: NewCertificateRow): Promise<CertificateRow> {
  const [created] = await db.insert(t).values(row).returning();
  return created!;
}

export async function findCertificate(db: Executor, appId: string | null, id: string, opts: { lock?: boolean } = {}): Promise<CertificateRow | undefined> {
  const query = db
    .select()
    .from(t)
    .where(appId ? and(eq(t.appId, appId), eq(t.id, id)) : eq(t.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function updateCertificate(db: Executor, id: string, patch: Partial<NewCertificateRow>): Promise<CertificateRow> {
  const [row] = await db.update(t).set(patch).where(eq(t.id, id)).returning();
  return row!;
}

export function certificatesOfUser(db: Executor, appId: string, userId: string): Promise<CertificateRow[]> {
  return db
    .select()
    .from(t)
    .where(and(eq(t.appId, appId), eq(t.userId, userId)))
    .orderBy(desc(t.createdAt));
}

/** The activated certificates of these addresses in the tenant (lower-cased), newest first. */
export function activatedByEmail(db: Executor, appId: string, emails: string[]): Promise<CertificateRow[]> {
  if (!emails.length) return Promise.resolve([]);
  return db
    .select()
    .from(t)
    .where(
      and(
        eq(t.appId, appId),
        eq(t.status, 'activated'),
        inArray(
          sql`lower(${t.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
      ),
    )
    .orderBy(desc(t.activatedAt));
}

export function latestByEmail(db: Executor, appId: string, email: string): Promise<CertificateRow[]> {
  return db
    .select()
    .from(t)
    .where(and(eq(t.appId, appId), eq(sql`lower(${t.email})`, email.toLowerCase())))
    .orderBy(desc(t.createdAt))
    .limit(5);
}

/** The operator's queue across tenants (system role): by status; "open" lists only submitted orders. */
export async function operatorQueue(
  db: Executor,
  filter: { status?: CertificateStatus; limit: number; offset: number },
): Promise<{ rows: CertificateRow[]; total: number }> {
  const where =
    filter.status === 'open'
      ? and(eq(t.status, 'open'), isNotNull(t.submittedAt))
      : filter.status
        ? eq(t.status, filter.status)
        : or(isNotNull(t.submittedAt), eq(t.status, 'activated'));
  const rows = await db.select().from(t).where(where).orderBy(desc(t.submittedAt), desc(t.createdAt)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Activated certificates past their end or with every signature used (the daily job). */
export function dueForExpiry(db: Executor, now: Date, maxSignatures: number): Promise<CertificateRow[]> {
  return db
    .select()
    .from(t)
    .where(and(eq(t.status, 'activated'), or(lte(t.notAfter, now), sql`${t.signaturesUsed} >= ${maxSignatures}`)))
    .limit(500);
}

/** Activated certificates entering the renewal window, not yet told. */
export function dueForRenewalNotice(db: Executor, before: Date, fromSignatures: number): Promise<CertificateRow[]> {
  return db
    .select()
    .from(t)
    .where(and(eq(t.status, 'activated'), sql`${t.renewalNotifiedAt} is null`, or(lt(t.notAfter, before), sql`${t.signaturesUsed} >= ${fromSignatures}`)))
    .limit(500);
}

export async function referencedKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.execute(
    sql`select distinct d->>'storageKey' as key from ${t}, jsonb_array_elements(${t.documents}) d where d->>'storageKey' in ${keys}`,
  );
  return new Set((rows as unknown as { rows: { key: string }[] }).rows.map((r) => r.key));
}
