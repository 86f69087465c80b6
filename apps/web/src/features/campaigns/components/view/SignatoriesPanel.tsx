import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { signatoryStatuses, type Campaign, type Signatory, type SignatoryStatus } from '@paraphe/contracts';
import { ApiError } from '../../../../shared/api/apiError.ts';
import { notify } from '../../../../shared/api/notify.ts';
import type { Column } from '../../../../shared/list/PaginatedTable.tsx';
import { RowAction } from '../../../../shared/list/RowAction.tsx';
import { RowsPanel } from '../../../../shared/list/RowsPanel.tsx';
import { useRowsQuery } from '../../../../shared/list/useRowsQuery.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { useCancelSignatory, useSignatories } from '../../api.ts';
import { canCancelSignatory } from '../../campaignScreen.ts';
import { SignatoryStatusBadge } from '../StatusBadges.tsx';

/** The signatories, a page at a time, with their status (and why, when their copy failed); cancel one. */
export function SignatoriesPanel({ campaign, canManage }: { campaign: Campaign; canManage: boolean }) {
  const { t, i18n } = useTranslation('campaigns');
  const rows = useRowsQuery<SignatoryStatus>();
  const list = useSignatories(campaign.id, rows.query, campaign.status);
  const cancel = useCancelSignatory(campaign.id);
  const draft = campaign.status === 'draft';

  const askCancel = (s: Signatory) =>
    modals.openConfirmModal({
      title: t(draft ? 'confirm.removeSignatoryTitle' : 'confirm.cancelSignatoryTitle'),
      children: <Text size="sm">{t(draft ? 'confirm.removeSignatoryText' : 'confirm.cancelSignatoryText', { email: s.emailAddress })}</Text>,
      labels: { confirm: t(draft ? 'actions.removeSignatory' : 'actions.cancelSignatory'), cancel: t('confirm.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(s.id, {
          onSuccess: () => notify(t(draft ? 'done.signatoryRemoved' : 'done.signatoryCanceled'), 'success'),
          onError: (error) =>
            notify(error instanceof ApiError ? t(`errorsByCode.${error.code}`, { defaultValue: error.message }) : t('failed.action'), 'error'),
        }),
    });

  const columns: Column<Signatory>[] = [
    { key: 'row', header: '#', render: (s) => s.rowIndex + 1, visibleFrom: 'md' },
    { key: 'name', header: t('signatories.name'), render: (s) => <Text size="sm" fw={500}>{`${s.lastname.toUpperCase()} ${s.firstname}`}</Text> },
    { key: 'email', header: t('signatories.email'), render: (s) => s.emailAddress },
    {
      key: 'status',
      header: t('columns.status'),
      render: (s) => (
        <Stack gap={2}>
          <SignatoryStatusBadge status={s.status} />
          {s.status === 'failed' && s.error && (
            <Text size="xs" c="red" maw={280}>
              {s.error}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'sent', header: t('signatories.sentAt'), render: (s) => formatDateTime(s.sentAt, i18n.language), visibleFrom: 'sm' },
    {
      key: 'actions',
      header: '',
      render: (s) =>
        canManage && canCancelSignatory(campaign.status, s.status) ? (
          <RowAction
            label={t(draft ? 'actions.removeSignatory' : 'actions.cancelSignatory')}
            rowName={s.emailAddress}
            icon={<IconBan size={16} />}
            onClick={() => askCancel(s)}
          />
        ) : null,
    },
  ];

  return (
    <RowsPanel
      rows={rows}
      list={list}
      columns={columns}
      statuses={signatoryStatuses}
      statusLabel={(s) => t(`signatoryStatuses.${s}`)}
      texts={{
        caption: t('form.tabs.signatories'),
        search: t('signatories.search'),
        status: t('statusFilter'),
        nothingYet: t('emptyList.signatories.nothingYet'),
        nothingMatches: t('emptyList.signatories.nothingMatches'),
      }}
    />
  );
}
