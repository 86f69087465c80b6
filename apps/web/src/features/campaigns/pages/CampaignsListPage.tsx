import { Button, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { campaignStatuses, type Campaign } from '@paraphe/contracts';
import { useMe } from '../../auth/index.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { listQueryOf, oneOf } from '../../../shared/list/listParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useCampaignsList } from '../api.ts';
import { percentSigned } from '../campaignScreen.ts';
import { CampaignStatusBadge } from '../components/StatusBadges.tsx';

const filterNames = ['status'] as const;
/** Deleted campaigns are out of the lists (the server leaves them out too). */
const listedStatuses = campaignStatuses.filter((s) => s !== 'deleted');

/** `campaigns/list`: search, status filter, pagination; a row opens the campaign. */
export function CampaignsListPage() {
  const { t, i18n } = useTranslation('campaigns');
  const me = useMe();
  const navigate = useNavigate();
  const { params, update } = useListParams(filterNames);
  const status = oneOf(params.filters.status, listedStatuses);
  // light=1: no documents in each row, the list does not show them.
  const list = useCampaignsList(listQueryOf(params, { status, light: '1' as const, type: 'campain' as const }));
  const canManage = me.permissions.includes('campaigns.manage');

  const columns: Column<Campaign>[] = [
    { key: 'label', header: t('columns.label'), render: (c) => <Text size="sm" fw={500}>{c.label}</Text> },
    { key: 'status', header: t('columns.status'), render: (c) => <CampaignStatusBadge status={c.status} /> },
    { key: 'signatories', header: t('columns.signatories'), render: (c) => c.signatoryCount.toLocaleString(i18n.language), visibleFrom: 'sm' },
    {
      key: 'signed',
      header: t('columns.signed'),
      render: (c) => (
        <Group gap={6} wrap="nowrap" miw={110}>
          <Progress value={percentSigned(c)} w={60} size="sm" color="teal" aria-label={t('percentSigned', { percent: percentSigned(c) })} />
          <Text size="xs">{percentSigned(c)} %</Text>
        </Group>
      ),
      visibleFrom: 'sm',
    },
    { key: 'created', header: t('columns.created'), render: (c) => formatDateTime(c.createdAt, i18n.language), visibleFrom: 'md' },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        {canManage && <Button component={Link} to="/campaigns/new" leftSection={<IconPlus size={16} />}>{t('new')}</Button>}
      </Group>
      <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={t('search')}>
        <Select
          label={t('statusFilter')}
          placeholder={t('common.all', { ns: 'common' })}
          clearable
          data={listedStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          value={status ?? null}
          onChange={(value) => update({ status: value })}
          w={220}
        />
      </ListToolbar>
      <PaginatedTable
        caption={t('title')}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(c) => c.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={(c) => void navigate(`/campaigns/view/${c.id}`)}
      />
    </Stack>
  );
}
