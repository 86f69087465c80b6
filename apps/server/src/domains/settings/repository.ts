import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { providerCredentials } from './schema.ts';

export type ProviderCredentialsRow = typeof providerCredentials.$inferSelect;
type ProviderCredentialsValues = Omit<typeof providerCredentials.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const ownerIs = (appId: string, userId: string | null) =>
  and(eq(providerCredentials.appId, appId), userId ? eq(providerCredentials.userId, userId) : isNull(providerCredentials.userId));

/** The tenant's credentials (userId null) or one user's. */
export async function findCredentials(db: Executor, appId: string, userId: string | null): Promise<ProviderCredentialsRow | undefined> {
  const [row] = await db.select().from(providerCredentials).where(ownerIs(appId, userId));
  return row;
}

/** The credentials of these users of the tenant (the inheritance walk reads a chain of ancestors at once). */
export async function credentialsOfUsers(db: Executor, appId: string, userIds: string[]): Promise<ProviderCredentialsRow[]> {
  if (!userIds.length) return [];
  return db
    .select()
    .from(providerCredentials)
    .where(and(eq(providerCredentials.appId, appId), inArray(providerCredentials.userId, userIds)));
}

export async function upsertCredentials(db: Executor, values: ProviderCredentialsValues): Promise<ProviderCredentialsRow> {
  const [row] = await db
    .insert(providerCredentials)
    .values(values)
    .onConflictDoUpdate({ target: [providerCredentials.appId, providerCredentials.userId], set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
