import { eq } from 'drizzle-orm';
import type { RevocationEntry } from '@paraphe/signing';
import type { Executor } from '../../platform/db/client.ts';
import { instanceSettings } from '../../platform/db/schema/index.ts';
import { tenantSeals } from './schema.ts';

/** Keys of the PKI state in instance_settings (docs/trust-services.md). */
export const pkiSettings = {
  authority: 'pki.authority',
  tsa: 'pki.tsa',
  revocations: 'pki.revocations',
} as const;
type PkiSetting = (typeof pkiSettings)[keyof typeof pkiSettings];

export type TenantSealRow = typeof tenantSeals.$inferSelect;

export async function readSetting<T>(db: Executor, key: PkiSetting, options: { lock?: boolean } = {}): Promise<T | undefined> {
  const query = db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.key, key));
  const [row] = options.lock ? await query.for('update') : await query;
  return row?.value as T | undefined;
}

/** Stores `value` unless the key exists, then returns what is stored: when two nodes race, the first writer wins. */
export async function keepFirstSetting<T>(db: Executor, key: PkiSetting, value: T): Promise<T> {
  await db.insert(instanceSettings).values({ key, value }).onConflictDoNothing();
  return (await readSetting<T>(db, key))!;
}

export async function writeSetting<T>(db: Executor, key: PkiSetting, value: T): Promise<void> {
  await db
    .insert(instanceSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value, updatedAt: new Date() } });
}

/** Appends a revocation under a row lock (read-modify-write of one JSON list, serialised across nodes). */
export async function appendRevocation(db: Executor, entry: RevocationEntry): Promise<RevocationEntry[]> {
  await db.insert(instanceSettings).values({ key: pkiSettings.revocations, value: [] }).onConflictDoNothing();
  const entries = (await readSetting<RevocationEntry[]>(db, pkiSettings.revocations, { lock: true })) ?? [];
  if (entries.some((known) => known.serialHex === entry.serialHex)) return entries;
  const updated = [...entries, entry];
  await writeSetting(db, pkiSettings.revocations, updated);
  return updated;
}

export async function findTenantSeal(db: Executor, appId: string, options: { lock?: boolean } = {}): Promise<TenantSealRow | undefined> {
  const query = db.select().from(tenantSeals).where(eq(tenantSeals.appId, appId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertTenantSealIfAbsent(db: Executor, row: typeof tenantSeals.$inferInsert): Promise<void> {
  await db.insert(tenantSeals).values(row).onConflictDoNothing();
}

export async function replaceTenantSeal(db: Executor, row: typeof tenantSeals.$inferInsert): Promise<void> {
  const { appId, ...rest } = row;
  await db
    .insert(tenantSeals)
    .values(row)
    .onConflictDoUpdate({ target: tenantSeals.appId, set: { ...rest, createdAt: new Date() } });
}
