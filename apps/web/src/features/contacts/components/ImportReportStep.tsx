import { useState } from 'react';
import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconInfoCircle, IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContactImport } from '@paraphe/contracts';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { downloads } from '../api.ts';
import { ImportRowsTable } from './ImportRowsTable.tsx';

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} role="group" aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Paper>
  );
}

/** Step 3: the progress while the job runs (the page asks every second), then the report. */
export function ImportReportStep({ contactImport, onRestart }: { contactImport: ContactImport; onRestart: () => void }) {
  const { t } = useTranslation('contacts');
  const { id, status, processedRows, totalRows } = contactImport;
  // Rows whose missing name became "-" carry the legal warning (the report counts each reason).
  const namesReplaced = (contactImport.reasonCounts?.name_missing ?? 0) > 0;
  const [downloading, setDownloading] = useState(false);

  if (status === 'queued' || status === 'running' || status === 'uploaded') {
    const percent = totalRows ? Math.round((processedRows / totalRows) * 100) : 0;
    return (
      <Stack>
        <Text>{totalRows ? t('import.progress.rows', { processed: processedRows, total: totalRows }) : t('import.progress.reading')}</Text>
        <Progress value={percent} animated size="lg" aria-label={t('import.progress.label')} />
      </Stack>
    );
  }
  if (status === 'failed') {
    return (
      <Stack>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('import.report.failed')}>
          {contactImport.error ?? t('errors.generic')}
        </Alert>
        <Group>
          <Button onClick={onRestart}>{t('import.report.another')}</Button>
        </Group>
      </Stack>
    );
  }

  const downloadRejected = () => {
    setDownloading(true);
    downloads
      .rejected(id)
      .then((given) => !given && notify(t('import.report.noRejected'), 'info'))
      .catch(notifyApiError)
      .finally(() => setDownloading(false));
  };

  return (
    <Stack>
      <Text>{t('import.report.summary', { name: contactImport.fileName, count: totalRows ?? processedRows })}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Count label={t('import.report.imported')} value={contactImport.imported} color="teal" />
        <Count label={t('import.report.updated')} value={contactImport.updated} />
        <Count label={t('import.report.skipped')} value={contactImport.skipped} color={contactImport.skipped > 0 ? 'red' : undefined} />
        <Count label={t('import.report.warnings')} value={contactImport.warnings} color={contactImport.warnings > 0 ? 'orange' : undefined} />
      </SimpleGrid>
      {contactImport.domainCheck === 'off' && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('import.report.domainCheckOff')}
        </Alert>
      )}
      {namesReplaced && (
        <Alert color="orange" variant="light" icon={<IconScale size={18} />} title={t('import.report.namesReplacedTitle')}>
          {t('import.report.namesReplaced')}
        </Alert>
      )}
      {contactImport.skipped + contactImport.warnings > 0 && (
        <>
          <Group justify="space-between" mt="sm">
            <Title order={4}>{t('import.report.rowsTitle')}</Title>
            {contactImport.skipped > 0 && (
              <Button variant="light" leftSection={<IconDownload size={16} />} loading={downloading} onClick={downloadRejected}>
                {t('import.report.downloadRejected')}
              </Button>
            )}
          </Group>
          <ImportRowsTable importId={id} />
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onRestart}>
          {t('import.report.another')}
        </Button>
        <Button component={Link} to="/phonebooks/list">
          {t('import.report.toList')}
        </Button>
      </Group>
    </Stack>
  );
}
