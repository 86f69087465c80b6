import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { customDomains } from './schema.ts';

export type CustomDomainRow = typeof customDomains.$inferSelect;
export type CustomDomainCheck = Pick<CustomDomainRow, 'status' | 'failure' | 'cnameOk' | 'lastCheckedAt' | 'verifiedAt'>;

export async function domainsOf(db: Executor, appId: string): Promise<CustomDomainRow[]> {
  return db.select().from(customDomains).where(eq(customDomains.appId, appId)).orderBy(asc(customDomains.purpose));
}

export async function findDomain(db: Executor, appId: string, id: string): Promise<CustomDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.appId, appId), eq(customDomains.id, id)));
  return row;
}

export async function insertDomain(db: Executor, values: typeof customDomains.$inferInsert): Promise<CustomDomainRow> {
  const [row] = await db.insert(customDomains).values(values).returning();
  return row!;
}

export async function updateCheck(db: Executor, appId: string, id: string, check: CustomDomainCheck): Promise<CustomDomainRow | undefined> {
  const [row] = await db
    .update(customDomains)
    .set(check)
    .where(and(eq(customDomains.appId, appId), eq(customDomains.id, id)))
    .returning();
  return row;
}

export async function deleteDomain(db: Executor, appId: string, id: string): Promise<void> {
  await db.delete(customDomains).where(and(eq(customDomains.appId, appId), eq(customDomains.id, id)));
}

/** Whether another tenant holds this name verified (read across tenants: the caller's system transaction). */
export async function verifiedElsewhere(db: Executor, appId: string, host: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customDomains.id })
    .from(customDomains)
    .where(and(eq(customDomains.host, host), eq(customDomains.status, 'verified'), ne(customDomains.appId, appId)));
  return Boolean(row);
}

/** Every verified domain of every tenant (the process's host map; a system transaction). */
export async function verifiedDomains(db: Executor): Promise<Pick<CustomDomainRow, 'appId' | 'host' | 'purpose'>[]> {
  return db
    .select({ appId: customDomains.appId, host: customDomains.host, purpose: customDomains.purpose })
    .from(customDomains)
    .where(eq(customDomains.status, 'verified'));
}

/** Every declared domain (the periodic re-check; a system transaction). */
export async function declaredDomains(db: Executor): Promise<Pick<CustomDomainRow, 'id' | 'appId'>[]> {
  return db.select({ id: customDomains.id, appId: customDomains.appId }).from(customDomains).orderBy(asc(customDomains.createdAt));
}
