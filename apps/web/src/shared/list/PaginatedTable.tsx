import type { ReactNode } from 'react';
import { Button, Center, Group, Loader, Pagination, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListEnvelope } from '@paraphe/contracts';
import { pageSizes } from './listParams.ts';
import { languageTag } from '@paraphe/contracts';
import { emptyText, type EmptyTexts } from './emptyState.ts';
import { lastNumberedPage } from './cursorPaging.ts';

/** `sortable`: the header sorts the list by the column's key (the endpoint's `orderBy`). */
export type Column<T> = { key: string; header: string; render: (row: T) => ReactNode; visibleFrom?: 'sm' | 'md'; sortable?: boolean };

export type SortOrder = 'ASC' | 'DESC';
export type ListSort = { by: string; order: SortOrder };

type PaginatedTableProps<T> = {
  caption: string;
  /** What the list says when it has no row: its own words, nothing yet vs nothing matching its search or filters. */
  empty: EmptyTexts;
  columns: Column<T>[];
  list: ListEnvelope<T> | undefined;
  loading: boolean;
  rowKey: (row: T) => string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onRowClick?: (row: T) => void;
  /** The current sort, and what a click on a sortable header asks (same column: the other order). */
  sort?: ListSort;
  onSort?: (sort: ListSort) => void;
  /**
   * Lists paged by cursor past their numbered pages (useCursorTrail): how many pages past the last numbered one
   * are shown, and the moves. Without them, or when the list's order has no cursor, the pages are all numbered.
   */
  cursorDepth?: number;
  onNextCursor?: (cursor: string) => void;
  onPreviousCursor?: () => void;
};

function SortableHeader({ header, active, order, onClick }: { header: string; active: boolean; order: SortOrder; onClick: () => void }) {
  const Icon = !active ? IconArrowsSort : order === 'ASC' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton onClick={onClick} fw={700} fz="sm">
      <Group gap={4} wrap="nowrap">
        {header}
        <Icon size={14} aria-hidden opacity={active ? 1 : 0.4} />
      </Group>
    </UnstyledButton>
  );
}

/** Every paginated list of the back-office: a table, the total, the pages and the page size. */
export function PaginatedTable<T>(props: PaginatedTableProps<T>) {
  const { t, i18n } = useTranslation();
  const { list, columns, page, pageSize, sort, onSort } = props;
  // A capped total ("1,000+", docs/lists.md) is a floor: one more page stays reachable past it.
  const capped = list?.countAllCapped === true;
  const counted = list ? Math.max(1, Math.ceil(list.countAll / pageSize) + (capped ? 1 : 0)) : 1;
  // Past offset 1,000 a list with cursors is read page after page ("next" / "previous"), not by number.
  // Such a list takes no offset past 1,000 (a 400), whatever its order: in an order without cursor (by name…) the
  // numbered pages are all there is — a search narrows it.
  const keyset = list?.nextCursor !== undefined && !!props.onNextCursor;
  const depth = keyset ? (props.cursorDepth ?? 0) : 0;
  const pages = props.onNextCursor ? Math.min(counted, lastNumberedPage(pageSize)) : counted;
  const nextCursor = list?.nextCursor ?? null;
  const canGoOn = keyset && nextCursor !== null && (depth > 0 || page >= pages);
  // Rows before this page and on it, when it is a cursor page: the total is at least that ("1,080+"), exact on the last.
  // A total kept by counters (a campaign's signatories) stays exact on a cursor page: it is more than the rows seen.
  const seen = depth && list ? (lastNumberedPage(pageSize) - 1 + depth) * pageSize + list.data.length : 0;
  const locale = languageTag(i18n.language);
  const totalText = !list
    ? ''
    : depth
      ? !capped && list.countAll >= seen
        ? t('common.total', { count: list.countAll })
        : nextCursor !== null
          ? t('common.totalAtLeast', { total: seen.toLocaleString(locale) })
          : t('common.total', { count: seen })
      : capped
        ? t('common.totalAtLeast', { total: list.countAll.toLocaleString(locale) })
        : t('common.total', { count: list.countAll });
  return (
    <>
      <Table.ScrollContainer minWidth={360}>
        <Table striped highlightOnHover={!!props.onRowClick} verticalSpacing="xs" aria-label={props.caption}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  visibleFrom={column.visibleFrom}
                  aria-sort={sort?.by === column.key ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortable && onSort ? (
                    <SortableHeader
                      header={column.header}
                      active={sort?.by === column.key}
                      order={sort?.order ?? 'ASC'}
                      onClick={() => onSort({ by: column.key, order: sort?.by === column.key && sort.order === 'ASC' ? 'DESC' : 'ASC' })}
                    />
                  ) : (
                    column.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list?.data.map((row) => (
              <Table.Tr
                key={props.rowKey(row)}
                onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
                style={props.onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key} visibleFrom={column.visibleFrom}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {props.loading && (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        </Center>
      )}
      {!props.loading && list?.data.length === 0 && (
        <Text c="dimmed" ta="center" py="md" role="status">
          {emptyText(props.empty)}
        </Text>
      )}
      <Group justify="space-between" mt="md" gap="xs">
        {/* No answer yet (loading, or the service unavailable): no total rather than a false "0 items". */}
        <Text size="sm" c="dimmed">
          {totalText}
        </Text>
        <Group gap="xs">
          {depth > 0 ? (
            <>
              <Button variant="default" size="xs" onClick={props.onPreviousCursor}>
                {t('common.previousPage')}
              </Button>
              <Text size="sm" aria-current="page">
                {t('common.pageNumber', { page: (lastNumberedPage(pageSize) + depth).toLocaleString(locale) })}
              </Text>
            </>
          ) : (
            <Pagination total={pages} value={Math.min(page, pages)} onChange={props.onPage} size="sm" aria-label={t('common.pagination')} />
          )}
          {canGoOn && (
            <Button variant="default" size="xs" onClick={() => props.onNextCursor?.(nextCursor!)}>
              {t('common.nextPage')}
            </Button>
          )}
          <Select
            aria-label={t('common.pageSize')}
            data={pageSizes.map((size) => ({ value: String(size), label: t('common.perPage', { count: size }) }))}
            value={String(pageSize)}
            onChange={(value) => value && props.onPageSize(Number(value))}
            allowDeselect={false}
            w={130}
            size="xs"
          />
        </Group>
      </Group>
    </>
  );
}
