import { useState } from 'react';
import { ActionIcon, Alert, FileButton, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { maxFilesPerRequest, type Operation } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { useOperationCommand, useSaveOperation } from '../api.ts';
import { filesPerBatch, uploadBatches } from '../uploadBatches.ts';

/**
 * The pool: PDFs uploaded once (a file of the same name replaces it), each used by the orders naming it. Any number
 * of files is sent in batches with a progress bar; a failure stays on screen, saying how many files went in.
 */
export function DocumentsPool({ operation, canManage }: { operation: Operation; canManage: boolean }) {
  const { t } = useTranslation('operations');
  const save = useSaveOperation(operation.id);
  const command = useOperationCommand(operation.id);
  const documents = operation.documents ?? [];
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const upload = async (files: File[]) => {
    if (!files.length) return;
    const total = files.length;
    let done = 0;
    setStopped(null);
    setProgress({ done, total });
    try {
      for (const batch of uploadBatches(files)) {
        const form = new FormData();
        for (const file of batch) form.append('files', file, file.name);
        await save.mutateAsync(form);
        done += batch.length;
        setProgress({ done, total });
      }
      notify(t('done.documentsAdded', { count: total }), 'success');
    } catch (error) {
      setStopped(t('documents.stopped', { done, total, error: error instanceof ApiError ? error.message : t('failed.save') }));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap="xs">
      {canManage && (
        <Stack gap={4}>
          <Group>
            <FileButton onChange={(files) => void upload(files)} accept="application/pdf,application/zip" multiple>
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={progress !== null}>
                  {t('documents.upload')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('documents.help')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('documents.limit', { batch: filesPerBatch, zip: maxFilesPerRequest })}
          </Text>
          {progress && (
            <Stack gap={2}>
              <Text size="sm" role="status">
                {t('documents.uploading', progress)}
              </Text>
              <Progress value={(100 * progress.done) / progress.total} aria-label={t('documents.uploading', progress)} />
            </Stack>
          )}
          {stopped && (
            <Alert color="red" variant="light" withCloseButton onClose={() => setStopped(null)}>
              {stopped}
            </Alert>
          )}
        </Stack>
      )}
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('documents.none')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('documents.fileName')}</Table.Th>
              <Table.Th>{t('documents.pages')}</Table.Th>
              <Table.Th>{t('documents.orders')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.fileName}</Table.Td>
                <Table.Td>{d.pageCount}</Table.Td>
                <Table.Td>{d.orders}</Table.Td>
                <Table.Td>
                  {canManage && operation.status === 'draft' && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('actions.removeDocument')} ${d.fileName}`}
                      onClick={() => command.mutate({ kind: 'deleteDocument', documentId: d.id })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
