import type { ReminderSchedule } from '@paraphe/contracts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * When the next reminder of one channel is due, counted from the invitation: the first `firstAfterDays` days
 * after it, the following ones every `intervalDays` days. 0 days before the first = no reminder at all; 0
 * interval = no reminder after the first (spec §5); `maxCount` reminders at most. Null = nothing more to send.
 */
export function nextReminderAt(invitedAt: Date, remindersSent: number, schedule: ReminderSchedule): Date | null {
  if (schedule.firstAfterDays <= 0) return null;
  if (schedule.maxCount && remindersSent >= schedule.maxCount) return null;
  if (remindersSent === 0) return new Date(invitedAt.getTime() + schedule.firstAfterDays * dayMs);
  if (schedule.intervalDays <= 0) return null;
  return new Date(invitedAt.getTime() + (schedule.firstAfterDays + remindersSent * schedule.intervalDays) * dayMs);
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * dayMs);
