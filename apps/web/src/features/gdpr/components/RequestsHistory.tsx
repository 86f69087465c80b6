import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GdprRequest } from '@paraphe/contracts';
import { formatDateTime } from '../../../shared/format.ts';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { usePaging } from '../../../shared/list/usePaging.ts';
import { useGdprRequests } from '../api.ts';

const statusColor: Record<GdprRequest['status'], string> = { queued: 'blue', ready: 'green', done: 'green', failed: 'red' };

/** Exports and erasures, newest first: who asked, when, about whom (masked), what it counted. */
export function RequestsHistory() {
  const { t, i18n } = useTranslation('gdpr');
  const paging = usePaging(10);
  const list = useGdprRequests({ limit: paging.limit, offset: paging.offset });
  const columns: Column<GdprRequest>[] = [
    { key: 'createdAt', header: t('history.date'), render: (r) => formatDateTime(r.createdAt, i18n.language) },
    { key: 'kind', header: t('history.kind'), render: (r) => t(`history.kinds.${r.kind}`) },
    { key: 'subject', header: t('history.subject'), render: (r) => r.subject },
    { key: 'requestedBy', header: t('history.requestedBy'), render: (r) => r.requestedBy?.name ?? '—', visibleFrom: 'sm' },
    {
      key: 'status',
      header: t('history.status'),
      render: (r) => (
        <Text size="sm" c={statusColor[r.status]} fw={500} style={{ whiteSpace: 'nowrap' }}>
          {t(`history.statuses.${r.status}`)}
        </Text>
      ),
    },
    {
      key: 'counts',
      header: t('history.counts'),
      visibleFrom: 'md',
      render: (r) => (r.counts ? t('history.countsText', { ...r.counts }) : '—'),
    },
  ];
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={3}>{t('history.title')}</Title>
        <PaginatedTable
          caption={t('history.title')}
          empty={{ nothingYet: t('emptyList.nothingYet') }}
          columns={columns}
          list={list.data}
          loading={list.isFetching}
          rowKey={(r) => r.id}
          {...paging.tableProps}
        />
      </Stack>
    </Paper>
  );
}
