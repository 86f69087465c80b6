import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OperationStatus, OrderStatus } from '@paraphe/contracts';
import { operationColors, orderColors } from '../operationScreen.ts';

export function OperationStatusBadge({ status }: { status: OperationStatus }) {
  const { t } = useTranslation('operations');
  return (
    <Badge color={operationColors[status]} variant="light">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('operations');
  return (
    <Badge color={orderColors[status]} variant="light" size="sm">
      {t(`orderStatuses.${status}`)}
    </Badge>
  );
}
