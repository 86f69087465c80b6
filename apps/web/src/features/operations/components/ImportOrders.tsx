import { useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrderImportColumns, OrderImportMapping, OrderImportReport } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { downloads, useImportColumns, useImportOrders } from '../api.ts';
import { mappingProblem } from '../orderMapping.ts';
import { ImportReport } from './ImportReport.tsx';
import { OrderMappingStep } from './OrderMappingStep.tsx';

/**
 * Orders from a spreadsheet, as the address book's import: the file's columns with the field of each (remembered or
 * guessed; the user changes them), then the rows checked with that mapping (each kept or rejected, and why), then
 * the kept rows imported.
 */
export function ImportOrders({ operationId, documentOptional }: { operationId: string; documentOptional: boolean }) {
  const { t } = useTranslation('operations');
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<OrderImportColumns | null>(null);
  const [mapping, setMapping] = useState<OrderImportMapping>({});
  const [remember, setRemember] = useState(false);
  const [report, setReport] = useState<OrderImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const read = useImportColumns(operationId);
  const run = useImportOrders(operationId);
  const failed = (e: unknown) => setError(e instanceof ApiError ? e.message : t('failed.import'));

  const readColumns = (sheet?: string) =>
    new Promise<void>((resolve) => {
      if (!file) return resolve();
      setError(null);
      setReport(null);
      read.mutate(
        { file, sheet },
        {
          onSuccess: (answer) => {
            setColumns(answer);
            setMapping(answer.mapping);
          },
          onError: failed,
          onSettled: () => resolve(),
        },
      );
    });
  const importRows = (preview: boolean) => {
    if (!file || !columns) return;
    setError(null);
    run.mutate(
      { file, preview, sheet: columns.sheetName ?? undefined, mapping, remember },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (preview) return;
          notify(t('done.imported', { count: answer.kept }), 'success');
          setColumns(null);
        },
        onError: failed,
      },
    );
  };
  const changeMapping = (next: OrderImportMapping) => {
    setMapping(next);
    setReport(null); // checked with another mapping: check again before importing
  };

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('import.title')}
          </Text>
          <Anchor size="xs" component="button" type="button" onClick={() => void downloads.template()}>
            {t('import.template')}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed">
          {t('import.help')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('import.documentsFirst')}
        </Text>
        <Group align="flex-end">
          <FileInput
            label={t('import.file')}
            leftSection={<IconFileSpreadsheet size={14} />}
            accept=".xlsx,.xls,.ods,.csv"
            value={file}
            onChange={(f) => {
              setFile(f);
              setColumns(null);
              setReport(null);
              setError(null);
            }}
            w={320}
          />
          <Button variant="default" disabled={!file} loading={read.isPending} onClick={() => void readColumns()}>
            {t('import.preview')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        {columns && (
          <>
            <OrderMappingStep
              columns={columns}
              mapping={mapping}
              onMapping={changeMapping}
              remember={remember}
              onRemember={setRemember}
              onSheet={(sheet) => readColumns(sheet)}
              documentOptional={documentOptional}
            />
            <Group>
              <Button
                variant="default"
                disabled={mappingProblem(mapping, documentOptional) !== null}
                loading={run.isPending && run.variables?.preview}
                onClick={() => importRows(true)}
              >
                {t('import.mapping.checkRows')}
              </Button>
              {report?.preview && report.kept > 0 && (
                <Button loading={run.isPending && !run.variables?.preview} onClick={() => importRows(false)}>
                  {t('import.confirm', { count: report.kept })}
                </Button>
              )}
            </Group>
          </>
        )}
        {report && <ImportReport report={report} />}
      </Stack>
    </Paper>
  );
}
