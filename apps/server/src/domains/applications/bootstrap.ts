import { randomBytes } from 'node:crypto';
import { applicationSettingsSchema, features } from '@paraphe/contracts';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { platformApplication, addApplication, changeApplication } from '../tenants/index.ts';
import { createOwner, findUserByEmail, findUserById, hashPassword, setPasswordFromConsole } from '../users/index.ts';

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
    const existing = await platformApplication(tx);
    if (existing) return { created: false, adminEmail: admin.email };
    const generatedPassword = admin.password ? undefined : `${randomBytes(9).toString('base64url')}a1!A`;
    const application = await addApplication(tx, {
      company: 'Paraphe',
      pack: 'large',
      testMode: false,
      isPlatform: true,
      features: allFeatures,
      settings: applicationSettingsSchema.parse({}),
    });
    if (await findUserByEmail(tx, admin.email)) throw new Error(`ADMIN_EMAIL ${admin.email} already belongs to a user of another application.`);
    const user = await createOwner(tx, {
      appId: application.id,
      email: admin.email,
      firstName: 'Product',
      lastName: 'Administrator',
      isProductAdmin: true,
      passwordHash: await hashPassword(admin.password ?? generatedPassword!),
      emailConfirmedAt: new Date(),
    });
    await changeApplication(tx, application.id, { ownerUserId: user.id });
    return { created: true, adminEmail: admin.email, generatedPassword };
  });
}

/** Sets a new password for the product administrator (CLI: `npm run admin:password -w apps/server`). */
export async function resetAdminPassword(database: DatabaseHandle, password: string): Promise<string> {
  return database.inSystem(async (tx) => {
    const platformApp = await platformApplication(tx);
    if (!platformApp?.ownerUserId) throw new Error('No product administrator yet: start the server once first.');
    await setPasswordFromConsole(tx, platformApp.ownerUserId, await hashPassword(password));
    return (await findUserById(tx, platformApp.ownerUserId))!.email;
  });
}
