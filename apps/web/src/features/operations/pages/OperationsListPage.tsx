import { Button, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { operationStatuses, type Operation, languageTag } from '@paraphe/contracts';
import { useMe } from '../../auth/index.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { isNarrowed } from '../../../shared/list/emptyState.ts';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { listQueryOf, oneOf } from '../../../shared/list/listParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useOperationsList } from '../api.ts';
import { percentCompleted, viewPath } from '../operationScreen.ts';
import { OperationStatusBadge } from '../components/StatusBadges.tsx';

const filterNames = ['status'] as const;

/** `batches/list`: search, status filter, pagination; a row opens the operation. */
export function OperationsListPage() {
  const { t, i18n } = useTranslation('operations');
  const me = useMe();
  const navigate = useNavigate();
  const { params, update } = useListParams(filterNames);
  const status = oneOf(params.filters.status, operationStatuses);
  const list = useOperationsList(listQueryOf(params, { status }));

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
    {
      key: 'completed',
      header: t('columns.completed'),
      render: (o) => (
        <Group gap={6} wrap="nowrap" miw={110}>
          <Progress value={percentCompleted(o)} w={60} size="sm" color="teal" aria-label={t('percentCompleted', { percent: percentCompleted(o) })} />
          <Text size="xs">{percentCompleted(o)} %</Text>
        </Group>
      ),
      visibleFrom: 'sm',
    },
    { key: 'created', header: t('columns.created'), render: (o) => formatDateTime(o.createdAt, i18n.language), visibleFrom: 'md' },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        {me.permissions.includes('operations.manage') && (
          <Button component={Link} to="/batches/new" leftSection={<IconPlus size={16} />}>
            {t('new')}
          </Button>
        )}
      </Group>
      <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={t('search')}>
        <Select
          label={t('statusFilter')}
          placeholder={t('common.all', { ns: 'common' })}
          clearable
          w={220}
          data={operationStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          value={status ?? null}
          onChange={(value) => update({ status: value })}
        />
      </ListToolbar>
      <PaginatedTable
        caption={t('title')}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(o) => o.id}
        empty={{
          nothingYet: t('emptyList.operations.nothingYet', { action: t('new') }),
          nothingMatches: t('emptyList.operations.nothingMatches'),
          narrowed: isNarrowed(params.search, status),
        }}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={(o) => void navigate(viewPath(o.id))}
      />
    </Stack>
  );
}
