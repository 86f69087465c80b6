import { useTranslation } from 'react-i18next';
import type { OperationStatus, OrderStatus } from '@paraphe/contracts';
import { StatusBadge } from '../../../shared/ui/StatusBadge.tsx';

export function OperationStatusBadge({ status }: { status: OperationStatus }) {
  const { t } = useTranslation('operations');
  return <StatusBadge status={status} label={t(`statuses.${status}`)} />;
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('operations');
  return <StatusBadge status={status} label={t(`orderStatuses.${status}`)} size="sm" />;
}
