import type { InvitationDelivery } from '@paraphe/contracts';

/** While some invitations wait, their figures are read again this often (the mail server may come back any time). */
export const invitationPollMs = 15_000;
export const invitationsWaiting = (delivery: InvitationDelivery | undefined): boolean => (delivery?.waiting ?? 0) > 0;
