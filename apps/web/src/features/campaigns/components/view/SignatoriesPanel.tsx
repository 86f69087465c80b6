import { useState } from 'react';
import { ActionIcon, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBan, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { normalizeSearch, signatoryStatuses, type Campaign, type Signatory, type SignatoryStatus } from '@paraphe/contracts';
import { ApiError } from '../../../../shared/api/apiError.ts';
import { notify } from '../../../../shared/api/notify.ts';
import { PaginatedTable, type Column } from '../../../../shared/list/PaginatedTable.tsx';
import { isNarrowed } from '../../../../shared/list/emptyState.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { useCancelSignatory, useSignatories } from '../../api.ts';
import { canCancelSignatory } from '../../campaignScreen.ts';
import { SignatoryStatusBadge } from '../StatusBadges.tsx';

/** The signatories, a page at a time, with their status (and why, when their copy failed); cancel one. */
export function SignatoriesPanel({ campaign, canManage }: { campaign: Campaign; canManage: boolean }) {
  const { t, i18n } = useTranslation('campaigns');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [status, setStatus] = useState<SignatoryStatus | undefined>();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 300);
  const query = {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    status,
    search: normalizeSearch(search),
    orderBy: 'rowIndex' as const,
    order: 'ASC' as const,
  };
  const list = useSignatories(campaign.id, query, campaign.status);
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
          <Tooltip label={t(draft ? 'actions.removeSignatory' : 'actions.cancelSignatory')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t(draft ? 'actions.removeSignatory' : 'actions.cancelSignatory')} ${s.emailAddress}`}
              onClick={(e) => {
                e.stopPropagation();
                askCancel(s);
              }}
            >
              <IconBan size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <TextInput
          label={t('signatories.search')}
          leftSection={<IconSearch size={14} />}
          value={text}
          w={280}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label={t('statusFilter')}
          placeholder={t('common.all', { ns: 'common' })}
          clearable
          w={200}
          data={signatoryStatuses.map((s) => ({ value: s, label: t(`signatoryStatuses.${s}`) }))}
          value={status ?? null}
          onChange={(v) => {
            setStatus((v as SignatoryStatus | null) ?? undefined);
            setPage(1);
          }}
        />
      </Group>
      <PaginatedTable
        caption={t('form.tabs.signatories')}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(s) => s.id}
        empty={{
          nothingYet: t('emptyList.signatories.nothingYet'),
          nothingMatches: t('emptyList.signatories.nothingMatches'),
          narrowed: isNarrowed(query.search, status),
        }}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Stack>
  );
}
