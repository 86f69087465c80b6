import { eq } from 'drizzle-orm';
import { maintenanceDefaultRetryAfterSeconds, type MaintenanceInput, type MaintenanceState } from '@paraphe/contracts';
import { audit } from './audit.ts';
import type { Actor, Platform } from './context.ts';
import { maintenanceMode } from './db/schema/index.ts';

/**
 * The maintenance flag (docs/help-and-maintenance.md). Stored in the database so every process sees it; each
 * process re-reads it at most every `refreshMs` (a request never waits for more than one small read), so a switch
 * is effective everywhere within a few seconds, and at once on the process that made it.
 */
export const maintenanceRefreshMs = 3_000;

interface Cached {
  state: MaintenanceState;
  readAt: number;
  reading?: Promise<MaintenanceState>;
}
const caches = new WeakMap<Platform, Cached>();

const off: MaintenanceState = { enabled: false, message: null, expectedEndAt: null, updatedAt: null };

async function readState(platform: Platform): Promise<MaintenanceState> {
  const [row] = await platform.database.inSystem((tx) => tx.select().from(maintenanceMode).where(eq(maintenanceMode.id, 1)));
  if (!row) return off;
  return { enabled: row.enabled, message: row.message, expectedEndAt: row.expectedEndAt?.toISOString() ?? null, updatedAt: row.updatedAt.toISOString() };
}

/** The flag as this process knows it (at most `maintenanceRefreshMs` old). */
export async function currentMaintenance(platform: Platform): Promise<MaintenanceState> {
  const now = Date.now();
  const cached = caches.get(platform);
  if (cached && now - cached.readAt < maintenanceRefreshMs) return cached.state;
  if (cached?.reading) return cached.reading;
  const entry: Cached = cached ?? { state: off, readAt: 0 };
  entry.reading = readState(platform).then(
    (state) => Object.assign(entry, { state, readAt: Date.now(), reading: undefined }).state,
    (error: unknown) => {
      entry.reading = undefined;
      // The database away: the request fails on its own with 503 UNAVAILABLE; the last known flag stays.
      if (cached) return entry.state;
      throw error;
    },
  );
  caches.set(platform, entry);
  return entry.reading;
}

/** Turns maintenance on or off (product administrator), audited; effective at once on this process. */
export async function setMaintenance(platform: Platform, actor: Actor, input: MaintenanceInput): Promise<MaintenanceState> {
  const now = platform.clock();
  const values = {
    enabled: input.enabled,
    message: input.message?.trim() || null,
    expectedEndAt: input.expectedEndAt ? new Date(input.expectedEndAt) : null,
    updatedBy: actor.realUserId,
    updatedAt: now,
  };
  await platform.database.inSystem(async (tx) => {
    await tx
      .insert(maintenanceMode)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: maintenanceMode.id, set: values });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: input.enabled ? 'maintenance.enabled' : 'maintenance.disabled',
      targetType: 'maintenance',
      data: { message: values.message, expectedEndAt: input.expectedEndAt ?? null },
      ip: actor.ip ?? null,
    });
  });
  const state = await readState(platform);
  caches.set(platform, { state, readAt: Date.now() });
  return state;
}

/** Seconds until the expected end (at least 1), or the default when none is known or it has passed. */
export function maintenanceRetryAfter(state: MaintenanceState, now: Date): number {
  if (!state.expectedEndAt) return maintenanceDefaultRetryAfterSeconds;
  const seconds = Math.ceil((new Date(state.expectedEndAt).getTime() - now.getTime()) / 1000);
  return seconds > 0 ? seconds : maintenanceDefaultRetryAfterSeconds;
}
