import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from './db/client.ts';
import { instanceSettings } from './db/schema/index.ts';

/** The instance secret: SECRET_KEY when given, otherwise generated once and kept in the database (shared by all nodes). */
export async function ensureSecret(database: DatabaseHandle, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return database.inSystem(async (tx) => {
    await tx
      .insert(instanceSettings)
      .values({ key: 'secret', value: randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await tx.select().from(instanceSettings).where(eq(instanceSettings.key, 'secret'));
    return String(row!.value);
  });
}

/** A key for one purpose, derived from the instance secret with its own label (HMAC-SHA256): stable across restarts and nodes. */
export function deriveKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(label).digest();
}
