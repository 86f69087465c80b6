import { Group, Select, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListEnvelope } from '@paraphe/contracts';
import { isNarrowed } from './emptyState.ts';
import { PaginatedTable, type Column } from './PaginatedTable.tsx';
import type { RowsQuery } from './useRowsQuery.ts';

type RowsPanelProps<S extends string, R extends { id: string }> = {
  /** The panel's query, paging and filters (useRowsQuery). */
  rows: RowsQuery<S>;
  list: { data: ListEnvelope<R> | undefined; isFetching: boolean };
  columns: Column<R>[];
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  /** The table's caption, the search box's and the status filter's labels, what an empty list says. */
  texts: { caption: string; search: string; status: string; nothingYet: string; nothingMatches: string };
};

/**
 * A holder's rows (a campaign's signatories, an operation's orders), a page at a time in their order: a search box
 * and a status filter above the table; each change of either starts again at the first page.
 */
export function RowsPanel<S extends string, R extends { id: string }>({ rows, list, columns, statuses, statusLabel, texts }: RowsPanelProps<S, R>) {
  const { t } = useTranslation();
  const { filters, paging, cursors, query } = rows;
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <TextInput
          label={texts.search}
          leftSection={<IconSearch size={14} />}
          value={filters.text}
          w={280}
          onChange={(e) => {
            filters.setText(e.currentTarget.value);
            paging.restart();
          }}
        />
        <Select
          label={texts.status}
          placeholder={t('common.all', { ns: 'common' })}
          clearable
          w={200}
          data={statuses.map((s) => ({ value: s, label: statusLabel(s) }))}
          value={query.status ?? null}
          onChange={(v) => {
            filters.setStatus((v as S | null) ?? undefined);
            paging.restart();
          }}
        />
      </Group>
      <PaginatedTable
        caption={texts.caption}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(r) => r.id}
        empty={{ nothingYet: texts.nothingYet, nothingMatches: texts.nothingMatches, narrowed: isNarrowed(query.search, query.status) }}
        {...paging.tableProps}
        {...cursors.tableProps}
      />
    </Stack>
  );
}
