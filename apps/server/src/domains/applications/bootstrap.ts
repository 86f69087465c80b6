import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { applicationSettingsSchema, features } from '@paraphe/contracts';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { instanceSettings, users } from '../../platform/db/schema/index.ts';
import { hashPassword } from '../auth/service.ts';
import { findUserByEmail } from '../auth/repository.ts';
import { insertUser } from '../users/repository.ts';
import * as repo from './repository.ts';

const allFeatures = Object.fromEntries(features.map((f) => [f, true])) as Record<(typeof features)[number], boolean>;

export interface BootstrapResult {
  created: boolean;
  adminEmail: string;
  /** Only when this start created the administrator with a generated password. */
  generatedPassword?: string;
}

/** First start: the platform application (the operator's own tenant) and the product administrator. */
export async function ensurePlatform(database: DatabaseHandle, admin: { email: string; password?: string }): Promise<BootstrapResult> {
  return database.inSystem(async (tx) => {
    const existing = await repo.findPlatformApplication(tx);
    if (existing) return { created: false, adminEmail: admin.email };
    const generatedPassword = admin.password ? undefined : `${randomBytes(9).toString('base64url')}a1!A`;
    const application = await repo.insertApplication(tx, {
      company: 'Paraphe',
      pack: 'large',
      testMode: false,
      isPlatform: true,
      features: allFeatures,
      settings: applicationSettingsSchema.parse({}),
    });
    const taken = await findUserByEmail(tx, admin.email);
    if (taken) throw new Error(`ADMIN_EMAIL ${admin.email} already belongs to a user of another application.`);
    const user = await insertUser(tx, {
      appId: application.id,
      email: admin.email,
      firstName: 'Product',
      lastName: 'Administrator',
      language: 'fr',
      profile: 'GERANT',
      isProductAdmin: true,
      passwordHash: await hashPassword(admin.password ?? generatedPassword!),
      emailConfirmedAt: new Date(),
    });
    await repo.updateApplication(tx, application.id, { ownerUserId: user.id });
    return { created: true, adminEmail: admin.email, generatedPassword };
  });
}

/** Sets a new password for the product administrator (CLI: `npm run admin:password -w apps/server`). */
export async function resetAdminPassword(database: DatabaseHandle, password: string): Promise<string> {
  return database.inSystem(async (tx) => {
    const platformApp = await repo.findPlatformApplication(tx);
    if (!platformApp?.ownerUserId) throw new Error('No product administrator yet: start the server once first.');
    await tx.update(users).set({ passwordHash: await hashPassword(password), failedLogins: 0 }).where(eq(users.id, platformApp.ownerUserId));
    const [admin] = await tx.select().from(users).where(eq(users.id, platformApp.ownerUserId));
    return admin!.email;
  });
}

/** A secret for tokens: SECRET_KEY when given, otherwise generated once and kept in the database (shared by all nodes). */
export async function ensureSecret(database: DatabaseHandle, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return database.inSystem(async (tx) => {
    await tx.insert(instanceSettings).values({ key: 'secret', value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
    const [row] = await tx.select().from(instanceSettings).where(eq(instanceSettings.key, 'secret'));
    return String(row!.value);
  });
}
