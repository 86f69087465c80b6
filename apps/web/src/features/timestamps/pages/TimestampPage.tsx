import { useState } from 'react';
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileTimestamp } from '@paraphe/contracts';
import { isApiError } from '../../../shared/api/apiError.ts';
import { useStampFile } from '../api.ts';
import { FileDrop } from '../components/FileDrop.tsx';
import { HistoryTable, OutputButtons } from '../components/HistoryTable.tsx';
import { VerifyForm } from '../components/VerifyForm.tsx';
import { languageTag } from '@paraphe/contracts';

/** `#/timestamp` (feature `timestamp`): time-stamp a file, its downloads, the history, and verification. */
export function TimestampPage() {
  const { t, i18n } = useTranslation('timestamps');
  const stampFile = useStampFile();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<FileTimestamp | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const stamp = (file: File) => {
    setBusy(true);
    setProblem(null);
    setCreated(null);
    stampFile(file, i18n.language)
      .then(setCreated)
      .catch((error: unknown) => setProblem(isApiError(error) ? error.message : t('stamp.failed')))
      .finally(() => setBusy(false));
  };

  return (
    <Stack>
      <Title order={2}>{t('stamp.title')}</Title>
      <Tabs defaultValue="stamp">
        <Tabs.List>
          <Tabs.Tab value="stamp">{t('tabs.stamp')}</Tabs.Tab>
          <Tabs.Tab value="verify">{t('tabs.verify')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="stamp" pt="md">
          <Stack>
            <Text size="sm">{t('stamp.intro')}</Text>
            <FileDrop label={t('stamp.choose')} hint={t('stamp.hint')} busy={busy} onFile={stamp} />
            {problem && (
              <Alert color="red" style={{ overflowWrap: 'anywhere' }}>
                {problem}
              </Alert>
            )}
            {created && (
              <Alert color="green" title={t(created.kind === 'pdf' ? 'stamp.donePdf' : 'stamp.doneDetached')}>
                <Stack gap="xs">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('stamp.doneDetail', {
                      file: created.fileName,
                      time: new Date(created.timestampedAt).toLocaleString(languageTag(i18n.language)),
                      serial: created.serial,
                    })}
                  </Text>
                  <OutputButtons stamp={created} />
                </Stack>
              </Alert>
            )}
            <Title order={3}>{t('history.title')}</Title>
            <HistoryTable />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="verify" pt="md">
          <VerifyForm publicPage={false} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
