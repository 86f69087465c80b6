import { finalSignerStatuses, invitedSignerStatuses, signerStatuses } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { auditMany } from '../../platform/audit.ts';
import type { BatchMessage } from '../../platform/messaging/service.ts';
import { ownerMailboxOf } from '../users/index.ts';
import { getApplication } from '../tenants/index.ts';
import { expiredNoticeMessage, reminderMessage } from './messages.ts';
import { nextReminderAt } from './reminders.ts';
import { appendEvents, type NewEvent } from './evidence.ts';
import { emitRequestEvent, emitSignerEvent } from './facts.ts';
import {
  expireRequests,
  lockDueReminders,
  lockExpiredRequests,
  saveReminderPlans,
  tenantsWithDueReminders,
  tenantsWithExpiredRequests,
  type ReminderPlan,
  type RequestRow,
  type SignerRow,
} from './repository.ts';

/**
 * The periodic sweep (every minute): expires the requests past their date, then sends the reminders that are due.
 *
 * Set-based: due rows are taken a chunk at a time (`chunkSize`, 1,000) per tenant, locked with SKIP LOCKED (a
 * signature in progress, or another node's sweep, keeps its rows: they come in a later chunk or run), and the
 * whole chunk — status changes, next reminder dates, evidence, domain events, audit, and the mails and their
 * delivery jobs — commits in one transaction. A crash rolls the chunk back whole: a reminder is queued exactly
 * once for one due time, a request expires once. Tenants take turns chunk by chunk, so one tenant's 100,000 due
 * signers do not hold back another's. The run loops until nothing is due or its time slice (4 minutes, within the
 * job's 5-minute claim) ends; the next minute's run goes on. Uses the platform clock (tests drive it).
 */
export const sweepQueue = 'signature-sweep';

export interface SweepOptions {
  /** Rows per transaction (default 1,000). */
  chunkSize?: number;
  /** Milliseconds after which the run stops taking chunks (default 240,000). */
  timeSliceMs?: number;
  /** Tests: called after each committed chunk (a crash simulated between chunks). */
  afterChunk?: (done: { kind: 'expiry' | 'reminder'; appId: string; count: number }) => void | Promise<void>;
}

const stillOpen = signerStatuses.filter((s) => !finalSignerStatuses.includes(s));
/** A tenant whose due rows are all locked elsewhere gives nothing: the loop then stops (the next run retries). */
const tenantsPerRound = 100;

export async function runSignatureSweep(platform: Platform, options: SweepOptions = {}): Promise<{ expired: number; reminders: number }> {
  const now = platform.clock();
  const chunkSize = options.chunkSize ?? 1000;
  const endsAt = performance.now() + (options.timeSliceMs ?? 240_000);
  const totals = { expired: 0, reminders: 0 };

  /** Rounds over the tenants with due rows, one chunk each, until none is due, none progresses, or time is up. */
  async function drain(
    kind: 'expiry' | 'reminder',
    tenants: (tx: Tx) => Promise<string[]>,
    chunk: (tx: Tx, appId: string) => Promise<{ taken: number; done: number }>,
  ) {
    while (performance.now() < endsAt) {
      const appIds = await platform.database.inSystem(tenants);
      let taken = 0;
      for (const appId of appIds) {
        if (performance.now() >= endsAt) return;
        const result = await platform.database.inTenant(appId, (tx) => chunk(tx, appId));
        taken += result.taken;
        if (kind === 'expiry') totals.expired += result.done;
        else totals.reminders += result.done;
        if (result.taken) await options.afterChunk?.({ kind, appId, count: result.done });
      }
      if (!taken) return;
    }
  }

  // Expiries first: a request past its date is expired, not reminded.
  await drain(
    'expiry',
    (tx) => tenantsWithExpiredRequests(tx, now, tenantsPerRound),
    (tx, appId) => expireChunk(tx, platform, appId, now, chunkSize),
  );
  await drain(
    'reminder',
    (tx) => tenantsWithDueReminders(tx, now, tenantsPerRound),
    (tx, appId) => remindChunk(tx, platform, appId, now, chunkSize),
  );
  return totals;
}

/** Expires up to `limit` requests of the tenant past their date, with everything that goes with it. */
async function expireChunk(tx: Tx, platform: Platform, appId: string, now: Date, limit: number): Promise<{ taken: number; done: number }> {
  // Locked and re-checked in one statement: a request a signature is landing on is skipped, not waited for.
  const requests = await lockExpiredRequests(tx, appId, now, limit);
  if (!requests.length) return { taken: 0, done: 0 };
  await expireRequests(
    tx,
    appId,
    requests.map((r) => r.id),
    stillOpen,
    now,
  );
  const application = await getApplication(tx, appId);
  const owners = new Map<string, Awaited<ReturnType<typeof ownerMailboxOf>>>();
  for (const ownerId of new Set(requests.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])))) owners.set(ownerId, await ownerMailboxOf(tx, ownerId));
  const notices: BatchMessage[] = [];
  // The audit rows in one insert (what audit() writes, one row per request).
  await auditMany(
    tx,
    requests.map((r) => ({ appId, actorUserId: null, action: 'signature.expired', targetType: 'signature_request', targetId: r.id, data: {} })),
  );
  for (const request of requests) {
    await emitRequestEvent(tx, platform, request, 'signature.expired', {});
    const owner = request.ownerUserId ? owners.get(request.ownerUserId) : undefined;
    // A campaign's copies are summed up by the campaign (one "finished" notification), not one mail per copy.
    if (owner && request.source === 'single') notices.push(expiredNoticeMessage({ application, request }, owner));
  }
  await platform.messaging.queueBatch(tx, notices);
  return { taken: requests.length, done: requests.length };
}

/**
 * Sends the due reminders of up to `limit` signers of the tenant and plans their next ones; a signer who acted
 * meanwhile (or whose request is no longer open) only loses their plan. Suspended tenant: the due reminders wait
 * an hour and go out once it is enabled again.
 */
async function remindChunk(tx: Tx, platform: Platform, appId: string, now: Date, limit: number): Promise<{ taken: number; done: number }> {
  // The request rows are locked too: the evidence chain of each is appended here.
  const due = await lockDueReminders(tx, appId, now, limit);
  if (!due.length) return { taken: 0, done: 0 };
  const application = await getApplication(tx, appId);
  const plans: ReminderPlan[] = [];
  const plan = (
    signer: SignerRow,
    patch: Partial<Pick<SignerRow, 'mailReminders' | 'nextMailReminderAt' | 'smsReminders' | 'nextSmsReminderAt' | 'lastReminderAt'>>,
  ) => {
    const next = { ...signer, ...patch };
    plans.push({
      id: signer.id,
      mail_reminders: next.mailReminders,
      next_mail: next.nextMailReminderAt?.toISOString() ?? null,
      sms_reminders: next.smsReminders,
      next_sms: next.nextSmsReminderAt?.toISOString() ?? null,
      last_reminder_at: next.lastReminderAt?.toISOString() ?? null,
    });
  };
  const isDue = (at: Date | null) => !!at && at <= now;

  if (!application.enabled) {
    const later = new Date(now.getTime() + 3_600_000);
    for (const { signer } of due) {
      plan(signer, {
        ...(isDue(signer.nextMailReminderAt) ? { nextMailReminderAt: later } : {}),
        ...(isDue(signer.nextSmsReminderAt) ? { nextSmsReminderAt: later } : {}),
      });
    }
    await saveReminderPlans(tx, appId, plans);
    return { taken: due.length, done: 0 };
  }

  const evidence: Omit<NewEvent, 'appId'>[] = [];
  const messages: BatchMessage[] = [];
  const reminded: { request: RequestRow; signer: SignerRow; channel: 'email' | 'sms' }[] = [];
  const at = platform.clock();
  for (const { signer, request } of due) {
    const open = request.status === 'ready' || request.status === 'wait_cosigner';
    if (!open || !invitedSignerStatuses.includes(signer.status) || !signer.invitedAt) {
      plan(signer, { nextMailReminderAt: null, nextSmsReminderAt: null });
      continue;
    }
    const { reminders: schedule } = request.options;
    const ctx = { application, request, signers: [signer] };
    const patch: Parameters<typeof plan>[1] = {};
    if (isDue(signer.nextMailReminderAt)) {
      patch.mailReminders = signer.mailReminders + 1;
      patch.nextMailReminderAt = nextReminderAt(signer.invitedAt, patch.mailReminders, schedule.mail);
      reminded.push({ request, signer, channel: 'email' });
      messages.push(reminderMessage(platform, ctx, signer, 'email'));
    }
    if (isDue(signer.nextSmsReminderAt)) {
      if (signer.phone) {
        patch.smsReminders = signer.smsReminders + 1;
        patch.nextSmsReminderAt = nextReminderAt(signer.invitedAt, patch.smsReminders, schedule.sms);
        reminded.push({ request, signer, channel: 'sms' });
        messages.push(reminderMessage(platform, ctx, signer, 'sms'));
      } else {
        // No mobile any more: nothing to send on this channel (it stayed due forever before).
        patch.nextSmsReminderAt = null;
      }
    }
    if (patch.mailReminders !== undefined || patch.smsReminders !== undefined) patch.lastReminderAt = now;
    plan(signer, patch);
  }
  for (const r of reminded) evidence.push({ requestId: r.request.id, signerId: r.signer.id, type: 'reminded', data: { channel: r.channel }, at });
  await appendEvents(tx, appId, evidence);
  for (const r of reminded) await emitSignerEvent(tx, platform, r.request, r.signer, 'signature.signer_reminded', { channel: r.channel, manual: false });
  await platform.messaging.queueBatch(tx, messages);
  await saveReminderPlans(tx, appId, plans);
  return { taken: due.length, done: reminded.length };
}
