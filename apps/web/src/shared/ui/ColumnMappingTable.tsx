import { Select, Table, Text, type ComboboxData } from '@mantine/core';

type Column = { index: number; header: string };

type Props = {
  columns: Column[];
  /** The first rows as read, one cell per column. */
  sampleRows: string[][];
  /** The sheet line of the first sample row (1 when the header is among them, 2 when it is not). */
  firstLine: number;
  /** The field a column gives (null: ignored) and the fields offered for it. */
  fieldOf: (column: number) => string | null;
  options: (column: number) => ComboboxData;
  onAssign: (column: number, field: string | null) => void;
  /** Translated texts of the feature using it. */
  labels: { table: string; line: string; ignored: string; fieldOf: (column: Column) => string };
  /** The first sample row crossed out (a header the import skips). */
  firstRowIgnored?: boolean;
  /** Type to filter the fields (a long list: an order's ten signers). */
  searchable?: boolean;
};

/**
 * A sheet's first rows with, above each column, the field it gives (imports that map columns to fields: the
 * address book, operation orders). A field already given to another column may stay offered: choosing it moves it.
 */
export function ColumnMappingTable({ columns, sampleRows, firstLine, fieldOf, options, onAssign, labels, firstRowIgnored = false, searchable = false }: Props) {
  return (
    <Table.ScrollContainer minWidth={Math.max(480, columns.length * 170)}>
      <Table withTableBorder withColumnBorders verticalSpacing={6} fz="sm" aria-label={labels.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={50}>{labels.line}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.index} miw={160}>
                <Select
                  size="xs"
                  aria-label={labels.fieldOf(column)}
                  placeholder={labels.ignored}
                  clearable
                  searchable={searchable}
                  data={options(column.index)}
                  value={fieldOf(column.index)}
                  onChange={(value) => onAssign(column.index, value || null)}
                  comboboxProps={{ withinPortal: true }}
                />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sampleRows.map((cells, row) => {
            const ignored = row === 0 && firstRowIgnored;
            return (
              <Table.Tr key={row} c={ignored ? 'dimmed' : undefined} style={ignored ? { textDecoration: 'line-through' } : undefined}>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {row + firstLine}
                  </Text>
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.index} style={{ whiteSpace: 'nowrap', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {cells[column.index] ?? ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
