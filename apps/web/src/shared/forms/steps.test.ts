import { describe, expect, it } from 'vitest';
import { parallelGroupsOf, stepsOf, withPreviousOf } from './steps.ts';

describe('parallel steps (signs at the same time as the previous participant)', () => {
  const p = (withPrevious: boolean, extra: { role?: 'signer' | 'observer' | 'validator'; coSigner?: boolean } = {}) => ({
    role: extra.role ?? ('signer' as const),
    coSigner: extra.coSigner ?? false,
    withPrevious,
  });

  it('shares the previous participant’s step, chains through a run, and leaves the others on their own (null)', () => {
    expect(stepsOf([p(false), p(true), p(true), p(false)])).toEqual([null, 1, 1, null]);
    expect(stepsOf([p(false), p(false), p(true)])).toEqual([null, null, 2]);
  });
  it('skips observers and looks for the previous participant of the same group', () => {
    expect(stepsOf([p(false), p(false, { role: 'observer' }), p(true)])).toEqual([null, null, 1]);
    expect(stepsOf([p(false, { coSigner: true }), p(false), p(true, { coSigner: true })])).toEqual([null, null, 1]);
    expect(stepsOf([p(true)])).toEqual([null]);
  });
  it('reads a saved request back the same way', () => {
    const saved = (step: number | null, extra: { role?: 'signer' | 'observer'; coSigner?: boolean } = {}) => ({
      role: extra.role ?? ('signer' as const),
      coSigner: extra.coSigner ?? false,
      step,
    });
    expect(withPreviousOf([saved(null), saved(1), saved(1), saved(null)])).toEqual([false, true, true, false]);
    expect(withPreviousOf([saved(null), saved(null, { role: 'observer' }), saved(1)])).toEqual([false, false, true]);
  });
  it('tells who signs together in a saved request, numbered in order; nobody when every step is its own', () => {
    const s = (signerIndex: number, step: number | null, extra: { role?: 'signer' | 'observer'; coSigner?: boolean } = {}) => ({
      id: `s${signerIndex}`,
      signerIndex,
      step,
      role: extra.role ?? ('signer' as const),
      coSigner: extra.coSigner ?? false,
    });
    expect([...parallelGroupsOf([s(0, null), s(1, 1), s(2, null), s(3, null), s(4, 4)])]).toEqual([
      ['s0', 1],
      ['s1', 1],
      ['s3', 2],
      ['s4', 2],
    ]);
    // Observers and the other group do not count; a step alone is no group.
    expect(parallelGroupsOf([s(0, null), s(1, 1, { role: 'observer' }), s(2, 1, { coSigner: true }), s(3, null)]).size).toBe(0);
  });
});
