import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@paraphe/contracts';

const colors: Record<Payment['status'], string> = { pending: 'gray', requires_action: 'orange', succeeded: 'green', failed: 'red' };

export function PaymentStatusBadge({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  return (
    <>
      <Badge color={colors[payment.status]}>{t(`status.${payment.status}`)}</Badge>
      {payment.dispute && (
        <Badge color="grape" ml={4}>
          {t(`dispute.${payment.dispute}`)}
        </Badge>
      )}
    </>
  );
}
