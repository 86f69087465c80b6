import { Button, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ListEnvelope } from '@paraphe/contracts';
import { ListToolbar } from './ListToolbar.tsx';
import { PaginatedTable, type Column } from './PaginatedTable.tsx';
import { isNarrowed } from './emptyState.ts';
import { useListParams } from './useListParams.ts';
import { oneOf, type ListParams } from './listParams.ts';

const filterNames = ['status'] as const;

/** The address's list parameters of a holders' list (campaigns, operations): search, page, and the status filter. */
export function useHoldersListParams<S extends string>(statuses: readonly S[]) {
  const { params, update } = useListParams(filterNames);
  return { params, update, status: oneOf(params.filters.status, statuses) };
}
export type HoldersListParams<S extends string> = {
  params: ListParams;
  update: (changes: Record<string, string | number | null>) => void;
  status: S | undefined;
};

type HoldersListPageProps<R extends { id: string }, S extends string> = {
  listParams: HoldersListParams<S>;
  list: { data: ListEnvelope<R> | undefined; isFetching: boolean };
  title: string;
  /** The "new" button, for who may create one. */
  create: { label: string; to: string } | null;
  columns: Column<R>[];
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  /** The search box's and the status filter's labels, what an empty list says. */
  texts: { search: string; status: string; nothingYet: string; nothingMatches: string };
  onOpen: (row: R) => void;
};

/**
 * A list of bulk holders (campaigns of a kind, operations): the title and its "new" button, a search box and a status
 * filter kept in the address, a page at a time; a row opens the holder.
 */
export function HoldersListPage<R extends { id: string }, S extends string>(props: HoldersListPageProps<R, S>) {
  const { t } = useTranslation();
  const { listParams, list, texts } = props;
  const { params, update, status } = listParams;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>{props.title}</Title>
        {props.create && (
          <Button component={Link} to={props.create.to} leftSection={<IconPlus size={16} />}>
            {props.create.label}
          </Button>
        )}
      </Group>
      <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={texts.search}>
        <Select
          label={texts.status}
          placeholder={t('common.all', { ns: 'common' })}
          clearable
          w={220}
          data={props.statuses.map((s) => ({ value: s, label: props.statusLabel(s) }))}
          value={status ?? null}
          onChange={(value) => update({ status: value })}
        />
      </ListToolbar>
      <PaginatedTable
        caption={props.title}
        columns={props.columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(row) => row.id}
        empty={{ nothingYet: texts.nothingYet, nothingMatches: texts.nothingMatches, narrowed: isNarrowed(params.search, status) }}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={props.onOpen}
      />
    </Stack>
  );
}

/** A column of how far a holder went (signed, completed): a bar and its percentage. */
export function progressColumn<R>(column: { key: string; header: string; percentOf: (row: R) => number; label: (percent: number) => string }): Column<R> {
  return {
    key: column.key,
    header: column.header,
    render: (row) => {
      const percent = column.percentOf(row);
      return (
        <Group gap={6} wrap="nowrap" miw={110}>
          <Progress value={percent} w={60} size="sm" color="teal" aria-label={column.label(percent)} />
          <Text size="xs">{percent} %</Text>
        </Group>
      );
    },
    visibleFrom: 'sm',
  };
}
