import { useState } from 'react';
import { Alert, Anchor, Badge, Button, FileInput, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrderImportReport } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { SheetPicker } from '../../../shared/ui/SheetPicker.tsx';
import { downloads, useImportOrders } from '../api.ts';

/** Orders from a spreadsheet: preview first (each row kept or rejected, and why), then import the kept rows. */
export function ImportOrders({ operationId }: { operationId: string }) {
  const { t } = useTranslation('operations');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<OrderImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useImportOrders(operationId);
  // The sheet of a workbook read: the one it opens on until the user picks another in the report.
  const [sheet, setSheet] = useState<string | undefined>();
  // A workbook refused for its header: the server names the sheet read and the others (to pick the right one).
  const [refusedSheets, setRefusedSheets] = useState<{ sheet: string; sheets: string[] } | null>(null);
  const go = (preview: boolean, chosen = sheet) => {
    if (!file) return;
    setError(null);
    setRefusedSheets(null);
    run.mutate(
      { file, preview, sheet: chosen },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (!preview) notify(t('done.imported', { count: answer.kept }), 'success');
        },
        onError: (e) => {
          setError(e instanceof ApiError ? e.message : t('failed.import'));
          const params = e instanceof ApiError ? e.fields.find((f) => f.params?.sheets)?.params : undefined;
          if (params?.sheets) setRefusedSheets({ sheet: String(params.sheet ?? ''), sheets: JSON.parse(String(params.sheets)) as string[] });
        },
      },
    );
  };
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">{t('import.title')}</Text>
          <Anchor size="xs" component="button" type="button" onClick={() => void downloads.template()}>{t('import.template')}</Anchor>
        </Group>
        <Text size="xs" c="dimmed">{t('import.help')}</Text>
        <Text size="xs" c="dimmed">{t('import.documentsFirst')}</Text>
        <Group align="flex-end">
          <FileInput label={t('import.file')} leftSection={<IconFileSpreadsheet size={14} />} accept=".xlsx,.xls,.ods,.csv" value={file} onChange={(f) => { setFile(f); setReport(null); setSheet(undefined); setRefusedSheets(null); }} w={320} />
          <Button variant="default" disabled={!file} loading={run.isPending} onClick={() => go(true)}>{t('import.preview')}</Button>
          {report?.preview && report.kept > 0 && <Button loading={run.isPending} onClick={() => go(false)}>{t('import.confirm', { count: report.kept })}</Button>}
        </Group>
        {error && <Alert color="red" variant="light">{error}</Alert>}
        {refusedSheets && <SheetPicker sheets={refusedSheets.sheets} current={refusedSheets.sheet} onPick={async (picked) => { setSheet(picked); go(true, picked); }} />}
        {report && (
          <Stack gap={4}>
            <SheetPicker sheets={report.sheets} current={report.sheetName} onPick={async (picked) => { setSheet(picked); go(true, picked); }} />
            <Text size="sm">{t('import.summary', { rows: report.rows, kept: report.kept, rejected: report.rejected })}</Text>
            {report.missingDocuments.length > 0 && <Alert variant="light" color="orange">{t('import.missing', { names: report.missingDocuments.join(', ') })}</Alert>}
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.line')}</Table.Th>
                  <Table.Th>{t('orders.document')}</Table.Th>
                  <Table.Th>{t('import.outcome')}</Table.Th>
                  <Table.Th>{t('import.reasons')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.lines.filter((l) => l.outcome === 'rejected' || l.reasons.length > 0).map((l) => (
                  <Table.Tr key={l.line}>
                    <Table.Td>{l.line}</Table.Td>
                    <Table.Td>{l.document}</Table.Td>
                    <Table.Td><Badge color={l.outcome === 'kept' ? 'teal' : 'red'} variant="light">{t(`import.${l.outcome}`)}</Badge></Table.Td>
                    <Table.Td>{l.reasons.map((r) => `${r.signer === null ? '' : `${t('import.signer', { n: r.signer + 1 })}: `}${t(`import.reasonTexts.${r.reason}`, { defaultValue: r.reason })}`).join(' · ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
