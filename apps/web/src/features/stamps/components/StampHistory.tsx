import { Anchor, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Stamp } from '@paraphe/contracts';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { usePaging } from '../../../shared/list/usePaging.ts';
import { downloadSealed, useStampHistory } from '../api.ts';
import { languageTag } from '@paraphe/contracts';

/** The sealed files, newest first, each downloadable again (the shared list: page size, capped total, empty state). */
export function StampHistory() {
  const { t, i18n } = useTranslation('stamps');
  const paging = usePaging(20);
  const history = useStampHistory(paging.offset, paging.limit);
  const sealsOf = (stamp: Stamp) =>
    stamp.seals
      .map((s) => {
        const notes = [
          s.visible && s.page !== null ? t('history.visibleOn', { page: s.page }) : null,
          s.certify ? t('history.certified', { level: s.certify }) : null,
        ].filter(Boolean);
        return `${s.accountLabel}${notes.length ? ` (${notes.join(', ')})` : ''}`;
      })
      .join(', ');
  const columns: Column<Stamp>[] = [
    { key: 'date', header: t('history.date'), render: (s) => new Date(s.createdAt).toLocaleString(languageTag(i18n.language)) },
    {
      key: 'file',
      header: t('history.file'),
      render: (s) => (
        <Anchor component="button" onClick={() => void downloadSealed(s.id, s.fileName)}>
          {s.fileName}
        </Anchor>
      ),
    },
    { key: 'format', header: t('history.format'), render: (s) => t(`formats.${s.format}`), visibleFrom: 'sm' },
    { key: 'seals', header: t('history.seals'), render: sealsOf },
    {
      key: 'origin',
      header: t('history.origin'),
      render: (s) => t(s.seals[0]?.requestId || s.seals[0]?.campaignId ? 'history.beforeSigning' : 'history.sealScreen'),
      visibleFrom: 'md',
    },
  ];
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>{t('history.title')}</Title>
        <PaginatedTable
          caption={t('history.title')}
          empty={{ nothingYet: t('emptyList.nothingYet') }}
          columns={columns}
          list={history.data}
          loading={history.isPending}
          rowKey={(s) => s.id}
          {...paging.tableProps}
        />
      </Stack>
    </Paper>
  );
}
