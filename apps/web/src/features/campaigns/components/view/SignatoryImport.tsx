import { Suspense, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Progress, SimpleGrid, Stack, Stepper, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { signatoryImportFields, type SignatoryImport as SignatoryImportState } from '@paraphe/contracts';
import { notifyApiError } from '../../../../shared/api/notify.ts';
import { ImportFileStep, ImportMappingStep } from '../../../contacts/index.ts';
import { uploadSignatoryImport, useSignatoryImport, useStartSignatoryImport } from '../../api.ts';

/**
 * The address book's wizard on a draft campaign: file → mapping (the contacts feature's steps) → progress and report.
 * For a mail-merge, the columns given to no signatory field are kept as variables (the signatories' data).
 */
export function SignatoryImport({ campaignId, mailMerge, onClose }: { campaignId: string; mailMerge: boolean; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const [importId, setImportId] = useState<string | undefined>();
  const [file, setFile] = useState<File>();
  const send = (picked: File, sheet?: string) => uploadSignatoryImport(campaignId, picked, sheet).then((uploaded) => setImportId(uploaded.id));
  const current = useSignatoryImport(campaignId, importId);
  const start = useStartSignatoryImport(campaignId, importId ?? '');
  const state = current.data;
  const step = !state ? 0 : state.status === 'uploaded' ? 1 : state.status === 'done' ? 3 : 2;

  return (
    <Stack>
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('import.steps.file')} />
        <Stepper.Step label={t('import.steps.mapping')} />
        <Stepper.Step label={t('import.steps.report')} />
      </Stepper>
      <Suspense
        fallback={
          <Center>
            <Loader />
          </Center>
        }
      >
        {importId && !state ? (
          <Center>
            <Loader />
          </Center>
        ) : !state ? (
          <ImportFileStep
            upload={(picked) => {
              setFile(picked);
              return send(picked);
            }}
          />
        ) : state.status === 'uploaded' ? (
          <ImportMappingStep
            key={state.id}
            preview={state.preview}
            starting={start.isPending}
            onRestart={() => setImportId(undefined)}
            variablesBeside={mailMerge ? signatoryImportFields : undefined}
            onStart={(input) => start.mutate(input, { onError: notifyApiError })}
            onSheet={file ? (sheet) => send(file, sheet).catch(notifyApiError) : undefined}
          />
        ) : (
          <ImportReport state={state} onAnother={() => setImportId(undefined)} onClose={onClose} />
        )}
      </Suspense>
    </Stack>
  );
}

function ImportReport({ state, onAnother, onClose }: { state: SignatoryImportState; onAnother: () => void; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  if (state.status === 'queued' || state.status === 'running') {
    const percent = state.totalRows ? Math.round((state.processedRows / state.totalRows) * 100) : 0;
    return (
      <Stack>
        <Text>{state.totalRows ? t('import.rows', { processed: state.processedRows, total: state.totalRows }) : t('import.reading')}</Text>
        <Progress value={percent} animated size="lg" aria-label={t('import.progress')} />
      </Stack>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('import.failed')}>
        {state.error ?? t('failed.action')}
        <Group mt="sm">
          <Button size="xs" onClick={onAnother}>
            {t('import.another')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Stack>
      <SimpleGrid cols={3}>
        <Figure label={t('import.imported')} value={state.imported} color="teal" />
        <Figure label={t('import.skipped')} value={state.skipped} color={state.skipped > 0 ? 'red' : undefined} />
        <Figure label={t('import.warnings')} value={state.warnings} color={state.warnings > 0 ? 'orange' : undefined} />
      </SimpleGrid>
      {state.domainCheck === 'off' && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('import.domainCheckOff')}
        </Alert>
      )}
      {state.rows.length > 0 && (
        <Table.ScrollContainer minWidth={400} mah={260}>
          <Table striped aria-label={t('import.rowsTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.line')}</Table.Th>
                <Table.Th>{t('import.outcome')}</Table.Th>
                <Table.Th>{t('import.reasons')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.rows.map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{t(`import.outcomes.${row.outcome}`)}</Table.Td>
                  <Table.Td>{row.reasons.map((r) => t(`import.reasonTexts.${r}`, { defaultValue: r })).join(' ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onAnother}>
          {t('import.another')}
        </Button>
        <Button onClick={onClose}>{t('import.done')}</Button>
      </Group>
    </Stack>
  );
}

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Stack gap={0} role="group" aria-label={`${label}: ${value}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={24} fw={700} c={color}>
        {value}
      </Text>
    </Stack>
  );
}
