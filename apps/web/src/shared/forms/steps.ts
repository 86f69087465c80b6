import type { SignerRole } from '@paraphe/contracts';

/**
 * Parallel signing steps as forms show them (docs/signatures.md "Chaining"): each participant after the first may
 * "sign at the same time as the previous participant" of their group (co-signers or not, observers aside). The
 * single request form and the operation order editor turn that into the API's `step`, and back.
 */
export interface SteppedParticipant {
  role: SignerRole;
  coSigner: boolean;
  withPrevious: boolean;
}

/**
 * The API's steps: a participant "with the previous one" (of their group, observers aside) shares that one's step;
 * the others keep their own, sent as null (= position + 1, one after the other).
 */
export function stepsOf(signers: readonly SteppedParticipant[]): (number | null)[] {
  const previous = new Map<boolean, number>();
  return signers.map((s, i) => {
    if (s.role === 'observer') return null;
    const shared = s.withPrevious ? previous.get(s.coSigner) : undefined;
    const step = shared ?? i + 1;
    previous.set(s.coSigner, step);
    return step === i + 1 ? null : step;
  });
}

/** The other way, for saved participants in their order: who shares the step of the previous one of their group. */
export function withPreviousOf(signers: readonly (Omit<SteppedParticipant, 'withPrevious'> & { step: number | null })[]): boolean[] {
  const previous = new Map<boolean, number>();
  return signers.map((s, i) => {
    if (s.role === 'observer') return false;
    const step = s.step ?? i + 1;
    const shared = previous.get(s.coSigner) === step;
    previous.set(s.coSigner, step);
    return shared;
  });
}

type SavedParticipant = Omit<SteppedParticipant, 'withPrevious'> & { id: string; signerIndex: number; step: number | null };

/**
 * Who signs together in a saved request: participant id → the number of their parallel group (1, 2, … in signing
 * order; a group = two or more of the same group sharing a step). Empty when the request has no parallel step.
 */
export function parallelGroupsOf(signers: readonly SavedParticipant[]): Map<string, number> {
  const byStep = new Map<string, SavedParticipant[]>();
  for (const s of signers) {
    if (s.role === 'observer') continue;
    const key = `${s.coSigner}:${s.step ?? s.signerIndex + 1}`;
    byStep.set(key, [...(byStep.get(key) ?? []), s]);
  }
  const groups = [...byStep.values()]
    .filter((g) => g.length > 1)
    .sort((a, b) => Math.min(...a.map((s) => s.signerIndex)) - Math.min(...b.map((s) => s.signerIndex)));
  return new Map(groups.flatMap((g, n) => g.map((s) => [s.id, n + 1] as const)));
}
