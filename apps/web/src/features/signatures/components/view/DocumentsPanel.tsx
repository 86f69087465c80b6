import { ActionIcon, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SignatureDocument } from '@paraphe/contracts';
import { activeContentParts } from '../../activeContent.ts';
import { ActiveContentNotice } from '../ActiveContentNotice.tsx';

type Props = { documents: SignatureDocument[]; onDownload: (doc: SignatureDocument) => void };

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Whether any document had active content (the view marks its Documents tab). */
export const hasActiveContent = (documents: readonly SignatureDocument[]) => documents.some((d) => activeContentParts(d.activeContent) !== null);

/** The documents, each downloadable (the original to the requester), after a notice per document with active content. */
export function DocumentsPanel({ documents, onDownload }: Props) {
  const { t } = useTranslation('signatures');
  return (
    <Stack gap="sm">
      {documents.map((d) => (
        <ActiveContentNotice key={d.id} fileName={d.fileName} activeContent={d.activeContent} when="sent" />
      ))}
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing="xs" aria-label={t('view.tabs.documents')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('documents.title')}</Table.Th>
              <Table.Th>{t('documents.type')}</Table.Th>
              <Table.Th>{t('view.size')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {d.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {d.fileName} · {t('view.pages', { count: d.pageCount })} · {t('documents.fieldsCount', { count: d.signatureFields.length })}
                  </Text>
                  {d.checkBoxTexts.map((text) => (
                    <Text key={text} size="xs">
                      ☐ {text}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>{t(`documents.types.${d.documentType}`)}</Table.Td>
                <Table.Td>{formatSize(d.sizeBytes)}</Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" aria-label={t('view.downloadDocument', { name: d.fileName })} onClick={() => onDownload(d)}>
                    <IconDownload size={18} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
