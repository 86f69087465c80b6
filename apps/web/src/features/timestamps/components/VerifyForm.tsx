import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VerificationReport } from '@paraphe/contracts';
import { isApiError } from '../../../shared/api/apiError.ts';
import { verifyFile } from '../api.ts';
import { FileDrop } from './FileDrop.tsx';
import { VerificationResult } from './VerificationResult.tsx';

/** A PDF alone, or any file with its .tsr: checked by the server, nothing kept. */
export function VerifyForm({ publicPage }: { publicPage: boolean }) {
  const { t } = useTranslation('timestamps');
  const [file, setFile] = useState<File | null>(null);
  const [token, setToken] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<VerificationReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    setReport(null);
    verifyFile(file, token, publicPage)
      .then(setReport)
      .catch((error: unknown) => setProblem(isApiError(error) ? (error.code === 'RATE_LIMITED' ? t('verify.rateLimited') : error.message) : t('verify.failed')))
      .finally(() => setBusy(false));
  };

  return (
    <Stack>
      <FileDrop label={t('verify.chooseFile')} hint={t('verify.fileHint')} chosen={file?.name} onFile={(f) => (setFile(f), setReport(null))} />
      <FileDrop
        label={t('verify.chooseToken')}
        hint={t('verify.tokenHint')}
        accept=".tsr,.tst,.der"
        secondary
        chosen={token?.name}
        onFile={(f) => (setToken(f), setReport(null))}
      />
      <Button onClick={run} disabled={!file} loading={busy}>
        {t('verify.submit')}
      </Button>
      {publicPage && (
        <Text size="xs" c="dimmed">
          {t('verify.nothingKept')}
        </Text>
      )}
      {problem && (
        <Alert color="red" style={{ overflowWrap: 'anywhere' }}>
          {problem}
        </Alert>
      )}
      {report && <VerificationResult report={report} />}
    </Stack>
  );
}
