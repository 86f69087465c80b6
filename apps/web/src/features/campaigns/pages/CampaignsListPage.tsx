import { Button, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createElement, type ComponentType } from 'react';
import { campaignStatuses, type Campaign, type CampaignType, languageTag } from '@paraphe/contracts';
import { useMe } from '../../auth/index.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { isNarrowed } from '../../../shared/list/emptyState.ts';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { listQueryOf, oneOf } from '../../../shared/list/listParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useCampaignsList } from '../api.ts';
import { percentSigned } from '../campaignScreen.ts';
import { basePathOf, newKeyOf, titleKeyOf, viewPath } from '../campaignKinds.ts';
import { CampaignStatusBadge } from '../components/StatusBadges.tsx';

const filterNames = ['status'] as const;
/** Deleted campaigns are out of the lists (the server leaves them out too). */
const listedStatuses = campaignStatuses.filter((s) => s !== 'deleted');

const listPages: Partial<Record<CampaignType, ComponentType>> = {};
/** The list of one kind of campaign (its route's). */
export function listPageOf(type: CampaignType): ComponentType {
  return (listPages[type] ??= () => createElement(CampaignsListPage, { type }));
}

/** `campaigns/list` (classic) or `publipostage/list` (mail-merge): search, status filter, pagination; a row opens the campaign. */
export function CampaignsListPage({ type }: { type: CampaignType }) {
  const { t, i18n } = useTranslation('campaigns');
  const me = useMe();
  const navigate = useNavigate();
  const { params, update } = useListParams(filterNames);
  const status = oneOf(params.filters.status, listedStatuses);
  // light=1: no documents in each row, the list does not show them.
  const list = useCampaignsList(listQueryOf(params, { status, light: '1' as const, type }));
  const canManage = me.permissions.includes('campaigns.manage');

  const columns: Column<Campaign>[] = [
    {
      key: 'label',
      header: t('columns.label'),
      render: (c) => (
        <Text size="sm" fw={500}>
          {c.label}
        </Text>
      ),
    },
    { key: 'status', header: t('columns.status'), render: (c) => <CampaignStatusBadge status={c.status} /> },
    { key: 'signatories', header: t('columns.signatories'), render: (c) => c.signatoryCount.toLocaleString(languageTag(i18n.language)), visibleFrom: 'sm' },
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
        <Title order={2}>{t(titleKeyOf[type])}</Title>
        {canManage && (
          <Button component={Link} to={`${basePathOf[type]}/new`} leftSection={<IconPlus size={16} />}>
            {t(newKeyOf[type])}
          </Button>
        )}
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
        caption={t(titleKeyOf[type])}
        empty={{
          nothingYet: t('emptyList.campaigns.nothingYet', { action: t(newKeyOf[type]) }),
          nothingMatches: t('emptyList.campaigns.nothingMatches'),
          narrowed: isNarrowed(params.search, status),
        }}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(c) => c.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={(c) => void navigate(viewPath(type, c.id))}
      />
    </Stack>
  );
}
