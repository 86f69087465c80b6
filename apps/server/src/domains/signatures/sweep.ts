import { finalSignerStatuses, inProgressSignatureStatuses, invitedSignerStatuses, signerStatuses } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { findUserById } from '../users/index.ts';
import { sendExpiredNotice, sendReminder, type RequestContext } from './messages.ts';
import { nextReminderAt } from './reminders.ts';
import * as repo from './repository.ts';
import { emitRequestEvent } from './facts.ts';
import { findContext } from './workflow.ts';

/**
 * The periodic sweep (every minute): expires requests past their date, then sends the reminders that are due.
 * Bounded per run; what is left waits for the next minute. Uses the platform clock (tests drive it).
 */
export const sweepQueue = 'signature-sweep';
const batchSize = 100;

export async function runSignatureSweep(platform: Platform): Promise<{ expired: number; reminders: number }> {
  const now = platform.clock();
  let expired = 0;
  let reminders = 0;
  for (const request of await platform.database.inSystem((tx) => repo.expiredRequests(tx, now, batchSize))) {
    if (await platform.database.inTenant(request.appId, (tx) => expireRequest(tx, platform, request, now))) expired++;
  }
  const due = await platform.database.inSystem((tx) => repo.dueReminders(tx, now, batchSize));
  const byRequest = new Map<string, typeof due>();
  for (const d of due) byRequest.set(d.requestId, [...(byRequest.get(d.requestId) ?? []), d]);
  for (const signers of byRequest.values()) {
    const { appId, requestId } = signers[0]!;
    reminders += await platform.database.inTenant(appId, (tx) => remindSigners(tx, platform, appId, requestId, new Set(signers.map((s) => s.id)), now));
  }
  return { expired, reminders };
}

const stillOpen = signerStatuses.filter((s) => !finalSignerStatuses.includes(s));

async function expireRequest(tx: Tx, platform: Platform, ids: { id: string; appId: string }, now: Date): Promise<boolean> {
  const ctx = await findContext(tx, ids.appId, ids.id);
  // Re-checked under the lock: a signature may have landed (or the request gone) since the lookup.
  if (!ctx || !inProgressSignatureStatuses.includes(ctx.request.status) || !ctx.request.expiresAt || ctx.request.expiresAt > now) return false;
  await repo.updateRequest(tx, ids.appId, ids.id, { status: 'expired', updatedAt: now });
  await repo.updateSignersInStatus(tx, ids.appId, ids.id, stillOpen, { status: 'expired', nextMailReminderAt: null, nextSmsReminderAt: null });
  await emitRequestEvent(tx, platform, ctx.request, 'signature.expired', {});
  const owner = ctx.request.ownerUserId ? await findUserById(tx, ctx.request.ownerUserId) : undefined;
  if (owner) await sendExpiredNotice(tx, platform, ctx, owner);
  await audit(tx, { appId: ids.appId, actorUserId: null, action: 'signature.expired', targetType: 'signature_request', targetId: ids.id });
  return true;
}

/** Sends each due reminder once and plans the next one; a signer who acted meanwhile only loses their plan. */
async function remindSigners(tx: Tx, platform: Platform, appId: string, requestId: string, signerIds: Set<string>, now: Date): Promise<number> {
  const ctx: RequestContext | null = await findContext(tx, appId, requestId);
  if (!ctx) return 0;
  // No reminder for a suspended tenant: the due ones wait an hour (keeping the sweep's batch for other tenants)
  // and go out once the tenant is enabled again.
  if (!ctx.application.enabled) {
    const later = new Date(now.getTime() + 3_600_000);
    for (const signer of ctx.signers.filter((s) => signerIds.has(s.id))) {
      const patch: Partial<repo.SignerRow> = {};
      if (signer.nextMailReminderAt && signer.nextMailReminderAt <= now) patch.nextMailReminderAt = later;
      if (signer.nextSmsReminderAt && signer.nextSmsReminderAt <= now) patch.nextSmsReminderAt = later;
      if (Object.keys(patch).length) await repo.updateSigner(tx, appId, signer.id, patch);
    }
    return 0;
  }
  const open = ctx.request.status === 'ready' || ctx.request.status === 'wait_cosigner';
  const { reminders: schedule } = ctx.request.options;
  let sent = 0;
  for (const signer of ctx.signers.filter((s) => signerIds.has(s.id))) {
    if (!open || !invitedSignerStatuses.includes(signer.status) || !signer.invitedAt) {
      await repo.updateSigner(tx, appId, signer.id, { nextMailReminderAt: null, nextSmsReminderAt: null });
      continue;
    }
    const patch: Partial<repo.SignerRow> = {};
    if (signer.nextMailReminderAt && signer.nextMailReminderAt <= now) {
      await sendReminder(tx, platform, ctx, signer, 'email', { manual: false });
      patch.mailReminders = signer.mailReminders + 1;
      patch.nextMailReminderAt = nextReminderAt(signer.invitedAt, patch.mailReminders, schedule.mail);
      sent++;
    }
    if (signer.nextSmsReminderAt && signer.nextSmsReminderAt <= now && signer.phone) {
      await sendReminder(tx, platform, ctx, signer, 'sms', { manual: false });
      patch.smsReminders = signer.smsReminders + 1;
      patch.nextSmsReminderAt = nextReminderAt(signer.invitedAt, patch.smsReminders, schedule.sms);
      sent++;
    }
    // A concurrent sweep may have sent it already (the signer is re-read under the request lock): then nothing changes.
    if (Object.keys(patch).length) await repo.updateSigner(tx, appId, signer.id, { ...patch, lastReminderAt: now });
  }
  return sent;
}
