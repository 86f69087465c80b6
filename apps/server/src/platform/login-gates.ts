import type { Executor } from './db/client.ts';
import type { Platform } from './context.ts';
import type { AppError } from './errors.ts';

/**
 * What may refuse a password login after the password was found right (a tenant that signs in only through its
 * identity provider, docs/sso.md). The auth domain asks; the domain that knows the rule adds its gate at start-up
 * (its module's `init`): auth needs no knowledge of it, as the guard needs none of sessions.
 */
export type PasswordLoginGate = (db: Executor, user: { id: string; appId: string; isProductAdmin: boolean }) => Promise<AppError | undefined>;

const gates = new WeakMap<Platform, PasswordLoginGate[]>();

export function addPasswordLoginGate(platform: Platform, gate: PasswordLoginGate): void {
  gates.set(platform, [...(gates.get(platform) ?? []), gate]);
}

/** The first refusal of the platform's gates, if any. */
export async function passwordLoginRefusal(platform: Platform, user: Parameters<PasswordLoginGate>[1]): Promise<AppError | undefined> {
  for (const gate of gates.get(platform) ?? []) {
    const refusal = await gate(platform.database.db, user);
    if (refusal) return refusal;
  }
  return undefined;
}
