import { useTranslation } from 'react-i18next';
import { contactFields, type ContactField } from '@paraphe/contracts';
import { ColumnMappingTable as SheetColumnsTable } from '../../../shared/ui/ColumnMappingTable.tsx';
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
    <SheetColumnsTable
      columns={columns}
      sampleRows={sampleRows}
      firstLine={1}
      firstRowIgnored={ignoreFirstLine}
      fieldOf={(column) => fieldOfColumn(mapping, column)}
      options={options}
      onAssign={(column, value) => onAssign(column, (contactFields as readonly string[]).includes(value ?? '') ? (value as ContactField) : null)}
      labels={{
        table: t('import.mapping.tableLabel'),
        line: t('import.mapping.line'),
        ignored: t('import.mapping.ignored'),
        fieldOf: (column) => t('import.mapping.fieldOf', { column: columnName(column.index), header: column.header }),
      }}
    />
  );
}
