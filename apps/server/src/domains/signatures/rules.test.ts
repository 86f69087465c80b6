import { describe, expect, it } from 'vitest';
import { actingSequence, currentParticipant, currentStep, stepOf, waitingStatus, type ChainMember } from './chain.ts';
import { nextReminderAt } from './reminders.ts';

const invited = new Date('2026-03-01T10:00:00Z');
const days = (n: number) => new Date(invited.getTime() + n * 86_400_000);

describe('nextReminderAt', () => {
  it('plans the first reminder, then every interval, counted from the invitation', () => {
    const schedule = { firstAfterDays: 2, intervalDays: 3 };
    expect(nextReminderAt(invited, 0, schedule)).toEqual(days(2));
    expect(nextReminderAt(invited, 1, schedule)).toEqual(days(5));
    expect(nextReminderAt(invited, 2, schedule)).toEqual(days(8));
  });
  it('0 days before the first: none; 0 interval: the first only', () => {
    expect(nextReminderAt(invited, 0, { firstAfterDays: 0, intervalDays: 3 })).toBeNull();
    expect(nextReminderAt(invited, 0, { firstAfterDays: 1, intervalDays: 0 })).toEqual(days(1));
    expect(nextReminderAt(invited, 1, { firstAfterDays: 1, intervalDays: 0 })).toBeNull();
    // A maximum count stops the series: 3 at most → the fourth never comes; null = until expiry.
    expect(nextReminderAt(invited, 2, { firstAfterDays: 2, intervalDays: 3, maxCount: 3 })).toEqual(days(8));
    expect(nextReminderAt(invited, 3, { firstAfterDays: 2, intervalDays: 3, maxCount: 3 })).toBeNull();
    expect(nextReminderAt(invited, 3, { firstAfterDays: 2, intervalDays: 3, maxCount: null })).toEqual(days(11));
  });
});

describe('chain order', () => {
  const m = (signerIndex: number, extra: Partial<ChainMember> = {}): ChainMember => ({
    id: `s${signerIndex}`,
    role: 'signer',
    coSigner: false,
    signerIndex,
    status: 'waiting',
    ...extra,
  });
  const members = [m(3), m(0, { coSigner: true }), m(1, { role: 'validator' }), m(2, { role: 'observer' }), m(4)];

  it('keeps observers out, orders by signerIndex, co-signers as a group first or last', () => {
    expect(actingSequence(members, false).map((x) => x.id)).toEqual(['s1', 's3', 's4', 's0']);
    expect(actingSequence(members, true).map((x) => x.id)).toEqual(['s0', 's1', 's3', 's4']);
  });
  it('the current participant is the first who has not finished; waiting for co-signers shows as waitcosigner', () => {
    const progressed = members.map((x) => (x.id === 's0' ? { ...x, status: 'signed' as const } : x));
    expect(currentParticipant(progressed, true)?.id).toBe('s1');
    const current = currentParticipant(members, true)!;
    expect(waitingStatus(members[0]!, current)).toBe('waitcosigner');
    expect(waitingStatus(members[0]!, currentParticipant(members, false))).toBe('waiting');
    const done = members.map((x) => ({ ...x, status: x.role === 'observer' ? ('waiting' as const) : ('signed' as const) }));
    expect(currentParticipant(done, false)).toBeNull();
  });
  it('participants sharing a step act together; the next step waits for all of them', () => {
    // 0 first; 1 and 2 together (step 2); 3 after them; a co-signer with a step stays in its group.
    const parallel = [m(0), m(1, { step: 2 }), m(2, { step: 2 }), m(3, { step: 3 }), m(4, { coSigner: true, step: 2 })];
    expect(actingSequence(parallel, false).map((x) => x.id)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    expect(currentStep(parallel, false).map((x) => x.id)).toEqual(['s0']);
    const first = parallel.map((x) => (x.id === 's0' ? { ...x, status: 'signed' as const } : x));
    expect(currentStep(first, false).map((x) => x.id)).toEqual(['s1', 's2']);
    const oneOfTwo = first.map((x) => (x.id === 's2' ? { ...x, status: 'signed' as const } : x));
    expect(currentStep(oneOfTwo, false).map((x) => x.id)).toEqual(['s1']);
    const both = oneOfTwo.map((x) => (x.id === 's1' ? { ...x, status: 'signed' as const } : x));
    expect(currentStep(both, false).map((x) => x.id)).toEqual(['s3']);
    // A step number smaller than a position moves the participant forward: step 1 signs with signer 0.
    expect(currentStep([m(0), m(1), m(2, { step: 1 })], false).map((x) => x.id)).toEqual(['s0', 's2']);
    expect(stepOf(m(5))).toBe(6);
  });
});
