import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { ssoConfigs, ssoDomains, ssoLoginStates } from './schema.ts';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoConfigValues = Omit<typeof ssoConfigs.$inferInsert, 'appId' | 'createdAt'>;

export async function findConfig(db: Executor, appId: string): Promise<SsoConfigRow | undefined> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.appId, appId));
  return row;
}

export async function domainsOf(db: Executor, appId: string): Promise<string[]> {
  const rows = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.appId, appId)).orderBy(ssoDomains.domain);
  return rows.map((r) => r.domain);
}

/** Of `domains`, those another tenant already declared. */
export async function domainsTakenElsewhere(db: Executor, appId: string, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.appId, appId)));
  return rows.map((r) => r.domain);
}

/** Writes the configuration and replaces its domains (the caller's transaction). */
export async function saveConfig(db: Executor, appId: string, values: SsoConfigValues, domains: string[]): Promise<void> {
  await db
    .insert(ssoConfigs)
    .values({ ...values, appId })
    .onConflictDoUpdate({ target: ssoConfigs.appId, set: values });
  await db.delete(ssoDomains).where(eq(ssoDomains.appId, appId));
  await db.insert(ssoDomains).values(domains.map((domain) => ({ domain, appId })));
}

export async function updateMetadata(db: Executor, appId: string, metadata: Record<string, unknown>, now: Date): Promise<void> {
  await db.update(ssoConfigs).set({ metadata, updatedAt: now }).where(eq(ssoConfigs.appId, appId));
}

/** The tenant whose enabled provider vouches for this e-mail domain, if any. */
export async function enabledConfigForDomain(db: Executor, domain: string): Promise<SsoConfigRow | undefined> {
  const [row] = await db
    .select({ config: ssoConfigs })
    .from(ssoDomains)
    .innerJoin(ssoConfigs, eq(ssoConfigs.appId, ssoDomains.appId))
    .where(and(eq(ssoDomains.domain, domain), eq(ssoConfigs.enabled, true)));
  return row?.config;
}

/** A new login state; the tenant's expired or used ones go at the same time (they can never serve again). */
export async function insertLoginState(db: Executor, values: typeof ssoLoginStates.$inferInsert, now: Date): Promise<void> {
  await db.delete(ssoLoginStates).where(and(eq(ssoLoginStates.appId, values.appId), or(lt(ssoLoginStates.expiresAt, now), isNotNull(ssoLoginStates.usedAt))));
  await db.insert(ssoLoginStates).values(values);
}

/** Marks the state used if it is still unused and fresh: the first callback wins, a replay finds nothing. */
export async function consumeLoginState(db: Executor, stateHash: string, now: Date) {
  const [row] = await db
    .update(ssoLoginStates)
    .set({ usedAt: now })
    .where(and(eq(ssoLoginStates.stateHash, stateHash), isNull(ssoLoginStates.usedAt), gt(ssoLoginStates.expiresAt, now)))
    .returning();
  return row;
}
