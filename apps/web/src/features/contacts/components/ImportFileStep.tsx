import { useRef, useState } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { importAccept, importFileMessage, localFileProblem } from '../importFile.ts';

type Props = {
  /** Sends the file (the address book's or a campaign's import call) and goes on with what the server answered. */
  upload: (file: File) => Promise<void>;
};

/** Step 1: choose (or drop) a spreadsheet; it is sent at once, a refusal is shown naming the file. */
export function ImportFileStep({ upload }: Props) {
  const { t } = useTranslation('contacts');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = (file: File | undefined) => {
    if (!file) return;
    const local = localFileProblem(file);
    if (local) return setProblem(importFileMessage(local, file.name, t));
    setProblem(null);
    setUploading(true);
    upload(file)
      .catch((error: unknown) => setProblem(importFileMessage(error, file.name, t)))
      .finally(() => setUploading(false));
  };

  return (
    <Stack>
      <Paper
        withBorder
        p="xl"
        onDragOver={(e) => {
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragOver(false);
          send(e.dataTransfer.files[0]);
        }}
        style={{ borderStyle: 'dashed', background: dragOver ? 'var(--mantine-color-blue-light)' : undefined, textAlign: 'center' }}
      >
        <input
          ref={input}
          type="file"
          accept={importAccept}
          hidden
          aria-label={t('import.file.input')}
          onChange={(e) => {
            send(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        <Button leftSection={<IconFileSpreadsheet size={16} />} loading={uploading} onClick={() => input.current?.click()}>
          {t('import.file.choose')}
        </Button>
        <Text size="sm" c="dimmed" mt="sm">
          {t('import.file.help')}
        </Text>
      </Paper>
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('import.file.refused')}>
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
