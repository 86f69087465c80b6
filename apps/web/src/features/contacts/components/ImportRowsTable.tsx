import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportRowOutcome } from '@paraphe/contracts';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { usePaging } from '../../../shared/list/usePaging.ts';
import { useImportRows } from '../api.ts';
import { ImportOutcome } from './ImportOutcome.tsx';

/** The skipped and warned rows of a finished import, their reasons in words, the cells as read. */
export function ImportRowsTable({ importId }: { importId: string }) {
  const { t } = useTranslation('contacts');
  const paging = usePaging(10);
  const rows = useImportRows(importId, { limit: paging.limit, offset: paging.offset }, true);

  const columns: Column<ImportRowOutcome>[] = [
    { key: 'line', header: t('import.mapping.line'), render: (r) => r.line },
    { key: 'outcome', header: t('import.preview.outcome'), render: (r) => <ImportOutcome outcome={r.outcome} reasons={r.reasons} /> },
    {
      key: 'cells',
      header: t('import.report.cells'),
      render: (r) => (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {r.cells.filter((cell) => cell.trim() !== '').join(' · ')}
        </Text>
      ),
      visibleFrom: 'sm',
    },
  ];
  return (
    <PaginatedTable
      caption={t('import.report.rowsTitle')}
      empty={{ nothingYet: t('emptyList.importRows.nothingYet') }}
      columns={columns}
      list={rows.data}
      loading={rows.isFetching}
      rowKey={(r) => String(r.line)}
      {...paging.tableProps}
    />
  );
}
