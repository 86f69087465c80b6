import { and, count, gte, inArray, lt } from 'drizzle-orm';
import { inProgressSignatureStatuses } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { signatureRequests, signers } from './schema.ts';

/**
 * What the sweep will do on one day across tenants (the product administrator's super dashboard, docs/dashboards.md):
 * reminders planned (per channel) and requests in progress reaching their expiry. Three range counts, each on an
 * index (`signers_next_mail_reminder_idx`, `signers_next_sms_reminder_idx`, `signature_requests_status_expires_idx`).
 */
export async function sweepOutlook(db: Executor, from: Date, to: Date): Promise<{ mailReminders: number; smsReminders: number; expiring: number }> {
  const [mail] = await db.select({ n: count() }).from(signers).where(and(gte(signers.nextMailReminderAt, from), lt(signers.nextMailReminderAt, to)));
  const [sms] = await db.select({ n: count() }).from(signers).where(and(gte(signers.nextSmsReminderAt, from), lt(signers.nextSmsReminderAt, to)));
  const [expiring] = await db
    .select({ n: count() })
    .from(signatureRequests)
    .where(and(inArray(signatureRequests.status, [...inProgressSignatureStatuses]), gte(signatureRequests.expiresAt, from), lt(signatureRequests.expiresAt, to)));
  return { mailReminders: mail!.n, smsReminders: sms!.n, expiring: expiring!.n };
}
