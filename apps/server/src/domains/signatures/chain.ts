import { finalSignerStatuses, type SignerRole, type SignerStatus } from '@paraphe/contracts';

export interface ChainMember {
  id: string;
  role: SignerRole;
  coSigner: boolean;
  signerIndex: number;
  status: SignerStatus;
}

/**
 * The order participants act in: signers and validators (observers only watch), co-signers as one group first
 * when `coSignersSignFirst`, otherwise last; by signerIndex inside each group. A validator thus acts before
 * the participants with a greater signerIndex.
 */
export function actingSequence<T extends ChainMember>(members: readonly T[], coSignersSignFirst: boolean): T[] {
  const acting = members.filter((m) => m.role !== 'observer').sort((a, b) => a.signerIndex - b.signerIndex);
  const cosigners = acting.filter((m) => m.coSigner);
  const others = acting.filter((m) => !m.coSigner);
  return coSignersSignFirst ? [...cosigners, ...others] : [...others, ...cosigners];
}

/** The participant whose turn it is: the first in the sequence who has not finished (null: everybody acted). */
export function currentParticipant<T extends ChainMember>(members: readonly T[], coSignersSignFirst: boolean): T | null {
  return actingSequence(members, coSignersSignFirst).find((m) => !finalSignerStatuses.includes(m.status)) ?? null;
}

/** How a not-yet-invited participant waits: for the co-signers' group, or simply for their turn. */
export function waitingStatus(member: ChainMember, current: ChainMember | null): SignerStatus {
  return current?.coSigner && !member.coSigner ? 'waitcosigner' : 'waiting';
}
