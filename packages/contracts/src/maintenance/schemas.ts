import { z } from 'zod';
import { itemEnvelope } from '../shared/common.ts';

/** Retry-After of a maintenance answer without an expected end (seconds). */
export const maintenanceDefaultRetryAfterSeconds = 300;

/** The platform-wide maintenance flag (docs/help-and-maintenance.md). */
export const maintenanceStateSchema = z.object({
  enabled: z.boolean(),
  /** Shown on the maintenance page; null: the standard text. */
  message: z.string().nullable(),
  /** When the team expects to be back (ISO 8601); null: unknown. */
  expectedEndAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;
export const maintenanceStateResponse = itemEnvelope(maintenanceStateSchema);

export const maintenanceInputSchema = z.object({
  enabled: z.boolean(),
  message: z.string().trim().max(1000).nullish(),
  expectedEndAt: z.iso.datetime({ offset: true }).nullish(),
});
export type MaintenanceInput = z.infer<typeof maintenanceInputSchema>;
