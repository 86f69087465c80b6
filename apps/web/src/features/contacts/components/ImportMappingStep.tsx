import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ContactField, ContactImport, StartImportInput } from '@paraphe/contracts';
import { assignField, initialMapping, mappingProblem, previewRows, variableColumns, type FieldMapping } from '../importMapping.ts';
import { SheetPicker } from '../../../shared/ui/SheetPicker.tsx';
import { ColumnMappingTable } from './ColumnMappingTable.tsx';
import { ImportPreviewTable } from './ImportPreviewTable.tsx';

type Props = {
  /** The uploaded file's columns, guesses and first rows (the address book's and a campaign's imports share it). */
  preview: ContactImport['preview'];
  /** With `variables`: the columns kept as variables, by name (offered only with `variablesBeside`). */
  onStart: (input: StartImportInput & { variables?: Record<string, number> }) => void;
  /**
   * The fields this import keeps: every other column is offered as a variable (checked by default, named by its
   * header), e.g. a mail-merge campaign's signatories' data. Absent: no variables (the address book).
   */
  variablesBeside?: readonly ContactField[];
  starting: boolean;
  onRestart: () => void;
  /** Reads the same file from another sheet of the workbook (absent: the file is no longer at hand, e.g. after a reload). */
  onSheet?: (sheet: string) => Promise<unknown>;
};

/** Step 2: a field for each column (prefilled from the server's guesses), the header choice, a live preview, Start. */
export function ImportMappingStep({ preview, onStart, starting, onRestart, variablesBeside, onSheet }: Props) {
  const { t } = useTranslation('contacts');
  const [mapping, setMapping] = useState<FieldMapping>(() => initialMapping(preview.columns));
  const [ignoreFirstLine, setIgnoreFirstLine] = useState(preview.firstLineIsHeader);
  const problem = mappingProblem(mapping);
  // Unchecked by the user (the others are kept): a column that becomes a candidate again starts checked.
  const [dropped, setDropped] = useState<ReadonlySet<number>>(new Set());
  const candidates = variablesBeside ? variableColumns(preview.columns, mapping, variablesBeside, ignoreFirstLine) : [];
  const startImport = () =>
    onStart(
      variablesBeside
        ? { mapping, ignoreFirstLine, variables: Object.fromEntries(candidates.filter((c) => !dropped.has(c.index)).map((c) => [c.name, c.index])) }
        : { mapping, ignoreFirstLine },
    );
  const rows = useMemo(() => previewRows(preview.sampleRows, mapping, ignoreFirstLine), [preview.sampleRows, mapping, ignoreFirstLine]);

  return (
    <Stack>
      <Text size="sm">
        {t('import.mapping.fileRead', { name: preview.fileName, format: preview.format.toUpperCase() })}
        {preview.format === 'csv' &&
          preview.encoding &&
          ` ${t('import.mapping.csvDetails', { encoding: preview.encoding, delimiter: preview.delimiter ?? ',' })}`}
      </Text>
      {onSheet && <SheetPicker sheets={preview.sheets} current={preview.sheetName} onPick={onSheet} />}
      <Text size="sm" c="dimmed">
        {t('import.mapping.help')}
      </Text>
      <Checkbox label={t('import.mapping.firstLineIsHeader')} checked={ignoreFirstLine} onChange={(e) => setIgnoreFirstLine(e.currentTarget.checked)} />
      <ColumnMappingTable
        columns={preview.columns}
        sampleRows={preview.sampleRows}
        mapping={mapping}
        ignoreFirstLine={ignoreFirstLine}
        onAssign={(column, field) => setMapping((current) => assignField(current, column, field))}
      />
      {candidates.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('import.variables.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('import.variables.help')}
          </Text>
          <Group gap="md">
            {candidates.map((c) => (
              <Checkbox
                key={c.index}
                size="sm"
                label={c.name}
                aria-label={t('import.variables.keep', { name: c.name })}
                checked={!dropped.has(c.index)}
                onChange={(e) => {
                  const keep = e.currentTarget.checked;
                  setDropped((current) => {
                    const next = new Set(current);
                    if (keep) next.delete(c.index);
                    else next.add(c.index);
                    return next;
                  });
                }}
              />
            ))}
          </Group>
        </Stack>
      )}
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t(`import.mapping.problems.${problem}`)}
        </Alert>
      )}
      <Title order={4}>{t('import.preview.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('import.preview.help')}
      </Text>
      <ImportPreviewTable rows={rows} />
      <Group justify="space-between">
        <Button variant="default" onClick={onRestart}>
          {t('import.mapping.otherFile')}
        </Button>
        <Button leftSection={<IconPlayerPlay size={16} />} disabled={problem !== null} loading={starting} onClick={startImport}>
          {t('import.mapping.start')}
        </Button>
      </Group>
    </Stack>
  );
}
