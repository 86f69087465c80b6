import { Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contactFields, type ContactField } from '@paraphe/contracts';
import { fieldOfColumn, type FieldMapping } from '../importMapping.ts';

type Props = {
  columns: { index: number; header: string }[];
  sampleRows: string[][];
  mapping: FieldMapping;
  ignoreFirstLine: boolean;
  onAssign: (column: number, field: ContactField | null) => void;
};

/**
 * The file's first rows as read, with the contact field of each column above it. A field already given to
 * another column stays offered: choosing it moves it here (each field feeds one column at most).
 */
export function ColumnMappingTable({ columns, sampleRows, mapping, ignoreFirstLine, onAssign }: Props) {
  const { t } = useTranslation('contacts');
  const columnName = (index: number) => t('import.mapping.column', { n: index + 1 });
  const options = (column: number) =>
    contactFields.map((field) => {
      const elsewhere = mapping[field] !== undefined && mapping[field] !== column;
      const label = t(`contactFields.${field}`);
      return { value: field, label: elsewhere ? t('import.mapping.takenFrom', { field: label, column: columnName(mapping[field] ?? 0) }) : label };
    });

  return (
    <Table.ScrollContainer minWidth={Math.max(480, columns.length * 170)}>
      <Table withTableBorder withColumnBorders verticalSpacing={6} fz="sm" aria-label={t('import.mapping.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={50}>{t('import.mapping.line')}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.index} miw={160}>
                <Select
                  size="xs"
                  aria-label={t('import.mapping.fieldOf', { column: columnName(column.index), header: column.header })}
                  placeholder={t('import.mapping.ignored')}
                  clearable
                  data={options(column.index)}
                  value={fieldOfColumn(mapping, column.index)}
                  onChange={(value) => onAssign(column.index, (contactFields as readonly string[]).includes(value ?? '') ? (value as ContactField) : null)}
                  comboboxProps={{ withinPortal: true }}
                />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sampleRows.map((cells, row) => {
            const ignored = row === 0 && ignoreFirstLine;
            return (
              <Table.Tr key={row} c={ignored ? 'dimmed' : undefined} style={ignored ? { textDecoration: 'line-through' } : undefined}>
                <Table.Td><Text size="xs" c="dimmed">{row + 1}</Text></Table.Td>
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
