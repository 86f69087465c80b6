import type { DomainEventData } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { CertificateRow } from './repository.ts';

type CertificateEventType =
  | 'certificate.ordered'
  | 'certificate.submitted'
  | 'certificate.identity_verified'
  | 'certificate.identity_rejected'
  | 'certificate.activated'
  | 'certificate.expired'
  | 'certificate.completed'
  | 'certificate.renewal_due';
type Extra<T extends CertificateEventType> = Omit<DomainEventData<T>, 'certificateId' | 'holderUserId' | 'fullName'>;

/** Every lifecycle step: its audit row and its domain event, in the caller's transaction. */
export async function recordStep<T extends CertificateEventType>(
  tx: Tx,
  platform: Platform,
  row: CertificateRow,
  type: T,
  extra: Extra<T>,
  by: { actorUserId: string | null; ip?: string },
): Promise<void> {
  const data = { certificateId: row.id, holderUserId: row.userId, fullName: `${row.firstName} ${row.lastName}`.trim(), ...extra };
  await audit(tx, {
    appId: row.appId,
    actorUserId: by.actorUserId,
    action: type,
    targetType: 'qualified_certificate',
    targetId: row.id,
    data: extra as Record<string, unknown>,
    ip: by.ip ?? null,
  });
  await platform.events.emit(tx, { type, appId: row.appId, actorUserId: by.actorUserId, data } as Parameters<Platform['events']['emit']>[1]);
}
