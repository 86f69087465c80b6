import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ContactImport, StartImportInput } from '@paraphe/contracts';
import { assignField, initialMapping, mappingProblem, previewRows, type FieldMapping } from '../importMapping.ts';
import { ColumnMappingTable } from './ColumnMappingTable.tsx';
import { ImportPreviewTable } from './ImportPreviewTable.tsx';

type Props = {
  /** The uploaded file's columns, guesses and first rows (the address book's and a campaign's imports share it). */
  preview: ContactImport['preview'];
  onStart: (input: StartImportInput) => void;
  starting: boolean;
  onRestart: () => void;
};

/** Step 2: a field for each column (prefilled from the server's guesses), the header choice, a live preview, Start. */
export function ImportMappingStep({ preview, onStart, starting, onRestart }: Props) {
  const { t } = useTranslation('contacts');
  const [mapping, setMapping] = useState<FieldMapping>(() => initialMapping(preview.columns));
  const [ignoreFirstLine, setIgnoreFirstLine] = useState(preview.firstLineIsHeader);
  const problem = mappingProblem(mapping);
  const startImport = () => onStart({ mapping, ignoreFirstLine });
  const rows = useMemo(() => previewRows(preview.sampleRows, mapping, ignoreFirstLine), [preview.sampleRows, mapping, ignoreFirstLine]);

  return (
    <Stack>
      <Text size="sm">
        {t('import.mapping.fileRead', { name: preview.fileName, format: preview.format.toUpperCase() })}
        {preview.format === 'csv' && preview.encoding && ` ${t('import.mapping.csvDetails', { encoding: preview.encoding, delimiter: preview.delimiter ?? ',' })}`}
      </Text>
      <Text size="sm" c="dimmed">{t('import.mapping.help')}</Text>
      <Checkbox
        label={t('import.mapping.firstLineIsHeader')}
        checked={ignoreFirstLine}
        onChange={(e) => setIgnoreFirstLine(e.currentTarget.checked)}
      />
      <ColumnMappingTable
        columns={preview.columns}
        sampleRows={preview.sampleRows}
        mapping={mapping}
        ignoreFirstLine={ignoreFirstLine}
        onAssign={(column, field) => setMapping((current) => assignField(current, column, field))}
      />
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>{t(`import.mapping.problems.${problem}`)}</Alert>
      )}
      <Title order={4}>{t('import.preview.title')}</Title>
      <Text size="sm" c="dimmed">{t('import.preview.help')}</Text>
      <ImportPreviewTable rows={rows} />
      <Group justify="space-between">
        <Button variant="default" onClick={onRestart}>{t('import.mapping.otherFile')}</Button>
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          disabled={problem !== null}
          loading={starting}
          onClick={startImport}
        >
          {t('import.mapping.start')}
        </Button>
      </Group>
    </Stack>
  );
}
