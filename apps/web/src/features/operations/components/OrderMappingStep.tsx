import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderImportColumns, OrderImportMapping } from '@paraphe/contracts';
import { ColumnMappingTable } from '../../../shared/ui/ColumnMappingTable.tsx';
import { SheetPicker } from '../../../shared/ui/SheetPicker.tsx';
import { assignColumn, fieldGroups, fieldOfColumn, mappingProblem, signersOffered } from '../orderMapping.ts';

type Props = {
  columns: OrderImportColumns;
  mapping: OrderImportMapping;
  onMapping: (mapping: OrderImportMapping) => void;
  remember: boolean;
  onRemember: (remember: boolean) => void;
  /** Reads the same file from another sheet of the workbook. */
  onSheet: (sheet: string) => Promise<unknown>;
  /** An operation made from a template: a sheet without a document column signs the template's document. */
  documentOptional: boolean;
};

/** Step 2 of the order import: the field of each column (prefilled: remembered, else guessed) over the sheet's first rows. */
export function OrderMappingStep({ columns, mapping, onMapping, remember, onRemember, onSheet, documentOptional }: Props) {
  const { t } = useTranslation('operations');
  const fieldLabel = (key: string) => {
    const [, signer, word] = /^signer(\d+)_(\w+)$/.exec(key) ?? [];
    return signer ? t('import.mapping.fieldLabel', { n: signer, field: t(`import.fields.${word}`) }) : t('import.fields.document');
  };
  const groups = fieldGroups(signersOffered(mapping)).map(({ signer, fields }) => ({
    group: signer === null ? t('import.fields.document') : t('import.mapping.signerGroup', { n: signer }),
    items: fields.map((key) => ({ value: key, label: fieldLabel(key) })),
  }));
  const problem = mappingProblem(mapping, documentOptional);
  const columnName = (index: number) => t('import.mapping.column', { n: index + 1 });
  return (
    <Stack gap="xs">
      <SheetPicker sheets={columns.sheets} current={columns.sheetName} onPick={onSheet} />
      <Text size="sm">{t('import.mapping.rows', { rows: columns.rows })}</Text>
      <Text size="xs" c="dimmed">
        {t('import.mapping.help')}
      </Text>
      {columns.remembered && (
        <Alert variant="light" color="blue">
          {t('import.mapping.remembered')}
        </Alert>
      )}
      <ColumnMappingTable
        columns={columns.columns}
        sampleRows={columns.sampleRows}
        firstLine={2}
        searchable
        fieldOf={(column) => fieldOfColumn(mapping, column)}
        options={() => groups}
        onAssign={(column, field) => onMapping(assignColumn(mapping, column, field))}
        labels={{
          table: t('import.mapping.table'),
          line: t('import.line'),
          ignored: t('import.mapping.ignored'),
          fieldOf: (column) => t('import.mapping.fieldOf', { column: columnName(column.index), header: column.header }),
        }}
      />
      {problem && (
        <Alert color="red" variant="light">
          {problem.problem === 'documentRequired' ? t('import.mapping.documentRequired') : t('import.mapping.emailRequired', { n: problem.signer })}
        </Alert>
      )}
      <Checkbox label={t('import.mapping.remember')} checked={remember} onChange={(e) => onRemember(e.currentTarget.checked)} />
    </Stack>
  );
}
