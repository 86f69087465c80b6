import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QualifiedCertificate } from '@paraphe/contracts';

const colors: Record<string, string> = {
  open: 'gray',
  submitted: 'blue',
  verified: 'cyan',
  activated: 'green',
  rejected: 'red',
  expired: 'orange',
  completed: 'orange',
};

/** Spec §4 statuses; an open order sent to the operator shows "awaiting verification". */
export function CertificateStatusBadge({ certificate }: { certificate: Pick<QualifiedCertificate, 'status' | 'submittedAt' | 'endReason'> }) {
  const { t } = useTranslation('certificates');
  const shown =
    certificate.status === 'open' && certificate.submittedAt
      ? 'submitted'
      : certificate.status === 'expired' && certificate.endReason === 'signatures'
        ? 'completed'
        : certificate.status;
  return (
    <Badge color={colors[shown]} variant="light">
      {t(`status.${shown}`)}
    </Badge>
  );
}
