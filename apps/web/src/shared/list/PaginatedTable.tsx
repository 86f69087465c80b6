import type { ReactNode } from 'react';
import { Center, Group, Loader, Pagination, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListEnvelope } from '@paraphe/contracts';
import { pageSizes } from './listParams.ts';

export type Column<T> = { key: string; header: string; render: (row: T) => ReactNode; visibleFrom?: 'sm' | 'md' };

type PaginatedTableProps<T> = {
  caption: string;
  columns: Column<T>[];
  list: ListEnvelope<T> | undefined;
  loading: boolean;
  rowKey: (row: T) => string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onRowClick?: (row: T) => void;
};

/** Every paginated list of the back-office: a table, the total, the pages and the page size. */
export function PaginatedTable<T>(props: PaginatedTableProps<T>) {
  const { t } = useTranslation();
  const { list, columns, page, pageSize } = props;
  const pages = list ? Math.max(1, Math.ceil(list.countAll / pageSize)) : 1;
  return (
    <>
      <Table.ScrollContainer minWidth={360}>
        <Table striped highlightOnHover={!!props.onRowClick} verticalSpacing="xs" aria-label={props.caption}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} visibleFrom={column.visibleFrom}>
                  {column.header}
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
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      )}
      {!props.loading && list?.data.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {t('common.noResults')}
        </Text>
      )}
      <Group justify="space-between" mt="md" gap="xs">
        <Text size="sm" c="dimmed">
          {t('common.total', { count: list?.countAll ?? 0 })}
        </Text>
        <Group gap="xs">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={props.onPage} size="sm" aria-label={t('common.pagination')} />
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
