import type { Executor } from '../../platform/db/client.ts';
import { countSweepOutlook } from './repository.ts';

/**
 * What the sweep will do on one day across tenants (the product administrator's super dashboard, docs/dashboards.md):
 * reminders planned (per channel) and requests in progress reaching their expiry.
 */
export async function sweepOutlook(db: Executor, from: Date, to: Date): Promise<{ mailReminders: number; smsReminders: number; expiring: number }> {
  return countSweepOutlook(db, from, to);
}
