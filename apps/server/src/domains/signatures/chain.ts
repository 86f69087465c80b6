import { finalSignerStatuses, type SignerRole, type SignerStatus } from '@paraphe/contracts';

export interface ChainMember {
  id: string;
  role: SignerRole;
  coSigner: boolean;
  signerIndex: number;
  /** Participants of a group sharing a step act in parallel (docs/signatures.md "Order"); null = their own step. */
  step?: number | null;
  status: SignerStatus;
}

/** The step a participant acts in: the one given, else their position (signerIndex + 1: one after the other). */
export const stepOf = (member: Pick<ChainMember, 'signerIndex' | 'step'>) => member.step ?? member.signerIndex + 1;

/**
 * The order participants act in: signers and validators (observers only watch), co-signers as one group first
 * when `coSignersSignFirst`, otherwise last; inside each group by step, then signerIndex. A validator thus acts
 * before the participants of a later step.
 */
export function actingSequence<T extends ChainMember>(members: readonly T[], coSignersSignFirst: boolean): T[] {
  const acting = members.filter((m) => m.role !== 'observer').sort((a, b) => stepOf(a) - stepOf(b) || a.signerIndex - b.signerIndex);
  const cosigners = acting.filter((m) => m.coSigner);
  const others = acting.filter((m) => !m.coSigner);
  return coSignersSignFirst ? [...cosigners, ...others] : [...others, ...cosigners];
}

/**
 * The participants whose turn it is: those of the first step (in the sequence) where someone has not finished —
 * every one of them who has not finished, as they act in parallel. Empty: everybody acted.
 */
export function currentStep<T extends ChainMember>(members: readonly T[], coSignersSignFirst: boolean): T[] {
  const waiting = actingSequence(members, coSignersSignFirst).filter((m) => !finalSignerStatuses.includes(m.status));
  const first = waiting[0];
  if (!first) return [];
  return waiting.filter((m) => m.coSigner === first.coSigner && stepOf(m) === stepOf(first));
}

/** The first participant whose turn it is (face to face hands the device to them); null: everybody acted. */
export function currentParticipant<T extends ChainMember>(members: readonly T[], coSignersSignFirst: boolean): T | null {
  return currentStep(members, coSignersSignFirst)[0] ?? null;
}

/** How a not-yet-invited participant waits: for the co-signers' group, or simply for their turn. */
export function waitingStatus(member: ChainMember, current: ChainMember | null): SignerStatus {
  return current?.coSigner && !member.coSigner ? 'waitcosigner' : 'waiting';
}
