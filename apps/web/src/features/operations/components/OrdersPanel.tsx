import { Stack, Text } from '@mantine/core';
import { IconBan, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { orderStatuses, type Operation, type Order, type OrderStatus } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import type { Column } from '../../../shared/list/PaginatedTable.tsx';
import { RowAction } from '../../../shared/list/RowAction.tsx';
import { RowsPanel } from '../../../shared/list/RowsPanel.tsx';
import { useRowsQuery } from '../../../shared/list/useRowsQuery.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useOperationCommand, useOrders } from '../api.ts';
import { OrderStatusBadge } from './StatusBadges.tsx';

/** The orders, a page at a time: status filter, search (signer, e-mail, file name); delete a draft's, cancel a sent one. */
export function OrdersPanel({ operation, canManage }: { operation: Operation; canManage: boolean }) {
  const { t, i18n } = useTranslation('operations');
  const rows = useRowsQuery<OrderStatus>();
  const list = useOrders(operation.id, rows.query, operation.status);
  const command = useOperationCommand(operation.id);
  const draft = operation.status === 'draft';
  const cancellable = (o: Order) => !draft && operation.allowedActions.includes('cancelOrder') && ['beforeSend', 'ready', 'pending'].includes(o.status);
  const act = (o: Order) =>
    command.mutate(draft ? { kind: 'deleteOrder', orderId: o.id } : { kind: 'cancelOrder', orderId: o.id }, {
      onSuccess: () => notify(t(draft ? 'done.orderRemoved' : 'done.orderCanceled'), 'success'),
      onError: (error) => notify(error instanceof ApiError ? error.message : t('failed.action'), 'error'),
    });

  const columns: Column<Order>[] = [
    { key: 'row', header: '#', render: (o) => o.rowIndex + 1, visibleFrom: 'md' },
    {
      key: 'document',
      header: t('orders.document'),
      render: (o) => (
        <Text size="sm" fw={500}>
          {o.document}
        </Text>
      ),
    },
    {
      key: 'signers',
      header: t('orders.signers'),
      render: (o) => o.transactionSigners.map((s) => `${s.lastname.toUpperCase()} ${s.firstname} <${s.emailAddress}>`).join(', '),
    },
    {
      key: 'status',
      header: t('columns.status'),
      render: (o) => (
        <Stack gap={2}>
          <OrderStatusBadge status={o.status} />
          {o.error && (
            <Text size="xs" c="red" maw={280}>
              {o.error}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'sent', header: t('orders.sentAt'), render: (o) => formatDateTime(o.sentAt, i18n.language), visibleFrom: 'sm' },
    {
      key: 'actions',
      header: '',
      render: (o) =>
        canManage && (draft || cancellable(o)) ? (
          <RowAction
            label={t(draft ? 'actions.removeOrder' : 'actions.cancelOrder')}
            rowName={`#${o.rowIndex + 1}`}
            icon={draft ? <IconTrash size={16} /> : <IconBan size={16} />}
            onClick={() => act(o)}
          />
        ) : null,
    },
  ];

  return (
    <RowsPanel
      rows={rows}
      list={list}
      columns={columns}
      statuses={orderStatuses}
      statusLabel={(s) => t(`orderStatuses.${s}`)}
      texts={{
        caption: t('form.tabs.signatures'),
        search: t('orders.search'),
        status: t('statusFilter'),
        nothingYet: t('emptyList.orders.nothingYet'),
        nothingMatches: t('emptyList.orders.nothingMatches'),
      }}
    />
  );
}
