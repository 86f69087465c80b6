import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createElement, type ComponentType } from 'react';
import { campaignStatuses, type Campaign, type CampaignType, languageTag } from '@paraphe/contracts';
import { useMe } from '../../auth/index.ts';
import { HoldersListPage, progressColumn, useHoldersListParams } from '../../../shared/list/HoldersListPage.tsx';
import type { Column } from '../../../shared/list/PaginatedTable.tsx';
import { listQueryOf } from '../../../shared/list/listParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useCampaignsList } from '../api.ts';
import { percentSigned } from '../campaignScreen.ts';
import { basePathOf, newKeyOf, titleKeyOf, viewPath } from '../campaignKinds.ts';
import { CampaignStatusBadge } from '../components/StatusBadges.tsx';

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
  const listParams = useHoldersListParams(listedStatuses);
  // light=1: no documents in each row, the list does not show them.
  const list = useCampaignsList(listQueryOf(listParams.params, { status: listParams.status, light: '1' as const, type }));

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
    progressColumn({ key: 'signed', header: t('columns.signed'), percentOf: percentSigned, label: (percent) => t('percentSigned', { percent }) }),
    { key: 'created', header: t('columns.created'), render: (c) => formatDateTime(c.createdAt, i18n.language), visibleFrom: 'md' },
  ];

  return (
    <HoldersListPage
      listParams={listParams}
      list={list}
      title={t(titleKeyOf[type])}
      create={me.permissions.includes('campaigns.manage') ? { label: t(newKeyOf[type]), to: `${basePathOf[type]}/new` } : null}
      columns={columns}
      statuses={listedStatuses}
      statusLabel={(s) => t(`statuses.${s}`)}
      texts={{
        search: t('search'),
        status: t('statusFilter'),
        nothingYet: t('emptyList.campaigns.nothingYet', { action: t(newKeyOf[type]) }),
        nothingMatches: t('emptyList.campaigns.nothingMatches'),
      }}
      onOpen={(c) => void navigate(viewPath(type, c.id))}
    />
  );
}
