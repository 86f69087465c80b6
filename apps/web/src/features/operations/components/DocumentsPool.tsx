import { ActionIcon, FileButton, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Operation } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { useOperationCommand, useSaveOperation } from '../api.ts';

/** The pool: PDFs uploaded once (a file of the same name replaces it), each used by the orders naming it. */
export function DocumentsPool({ operation, canManage }: { operation: Operation; canManage: boolean }) {
  const { t } = useTranslation('operations');
  const save = useSaveOperation(operation.id);
  const command = useOperationCommand(operation.id);
  const documents = operation.documents ?? [];
  const upload = (files: File[]) => {
    if (!files.length) return;
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    save.mutate(form, {
      onSuccess: () => notify(t('done.documentsAdded', { count: files.length }), 'success'),
      onError: (error) => notify(error instanceof ApiError ? error.message : t('failed.save'), 'error'),
    });
  };
  return (
    <Stack gap="xs">
      {canManage && (
        <Group>
          <FileButton onChange={upload} accept="application/pdf,application/zip" multiple>
            {(props) => <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={save.isPending}>{t('documents.upload')}</Button>}
          </FileButton>
          <Text size="xs" c="dimmed">{t('documents.help')}</Text>
        </Group>
      )}
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">{t('documents.none')}</Text>
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
                    <ActionIcon variant="subtle" color="red" aria-label={`${t('actions.removeDocument')} ${d.fileName}`} onClick={() => command.mutate({ kind: 'deleteDocument', documentId: d.id })}>
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
