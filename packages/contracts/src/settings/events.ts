import { z } from 'zod';

/** Domain events of a tenant's settings (settings/configuration). */
export const settingsEventSchemas = {
  /** `part`: which tab or piece changed; `changed`: its fields (never a secret's value). */
  'application.settings_changed': z.object({
    part: z.enum(['general', 'parameters', 'templates', 'logo', 'provider']),
    changed: z.array(z.string()),
  }),
} as const;
