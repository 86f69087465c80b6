import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { operationStatuses, type Operation, languageTag } from '@paraphe/contracts';
import { useMe } from '../../auth/index.ts';
import { HoldersListPage, progressColumn, useHoldersListParams } from '../../../shared/list/HoldersListPage.tsx';
import type { Column } from '../../../shared/list/PaginatedTable.tsx';
import { listQueryOf } from '../../../shared/list/listParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useOperationsList } from '../api.ts';
import { percentCompleted, viewPath } from '../operationScreen.ts';
import { OperationStatusBadge } from '../components/StatusBadges.tsx';

/** `batches/list`: search, status filter, pagination; a row opens the operation. */
export function OperationsListPage() {
  const { t, i18n } = useTranslation('operations');
  const me = useMe();
  const navigate = useNavigate();
  const listParams = useHoldersListParams(operationStatuses);
  const list = useOperationsList(listQueryOf(listParams.params, { status: listParams.status }));

  const columns: Column<Operation>[] = [
    {
      key: 'label',
      header: t('columns.label'),
      render: (o) => (
        <Text size="sm" fw={500}>
          {o.label || t('untitled')}
        </Text>
      ),
    },
    { key: 'status', header: t('columns.status'), render: (o) => <OperationStatusBadge status={o.status} /> },
    { key: 'orders', header: t('columns.orders'), render: (o) => o.orderCount.toLocaleString(languageTag(i18n.language)), visibleFrom: 'sm' },
    progressColumn({ key: 'completed', header: t('columns.completed'), percentOf: percentCompleted, label: (percent) => t('percentCompleted', { percent }) }),
    { key: 'created', header: t('columns.created'), render: (o) => formatDateTime(o.createdAt, i18n.language), visibleFrom: 'md' },
  ];

  return (
    <HoldersListPage
      listParams={listParams}
      list={list}
      title={t('title')}
      create={me.permissions.includes('operations.manage') ? { label: t('new'), to: '/batches/new' } : null}
      columns={columns}
      statuses={operationStatuses}
      statusLabel={(s) => t(`statuses.${s}`)}
      texts={{
        search: t('search'),
        status: t('statusFilter'),
        nothingYet: t('emptyList.operations.nothingYet', { action: t('new') }),
        nothingMatches: t('emptyList.operations.nothingMatches'),
      }}
      onOpen={(o) => void navigate(viewPath(o.id))}
    />
  );
}
