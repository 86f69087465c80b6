import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@paraphe/contracts';
import { signatureKit } from '../../signatureKit.ts';

type CampaignDocument = NonNullable<Campaign['documents']>[number];

/** The documents every copy shares (stored once): type, pages, size and how many signature fields. */
export function CampaignDocuments({ documents }: { documents: CampaignDocument[] }) {
  const { t } = useTranslation('campaigns');
  const { formatSize } = signatureKit();
  if (documents.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('documents.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label={t('form.tabs.documents')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('documents.name')}</Table.Th>
            <Table.Th>{t('documents.type')}</Table.Th>
            <Table.Th>{t('documents.pages')}</Table.Th>
            <Table.Th>{t('documents.fields')}</Table.Th>
            <Table.Th>{t('documents.size')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {d.title || d.fileName}
                </Text>
                {d.title && d.title !== d.fileName && (
                  <Text size="xs" c="dimmed">
                    {d.fileName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray">
                  {t(`documents.types.${d.documentType}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{d.pageCount}</Table.Td>
              <Table.Td>{d.signatureFields.length}</Table.Td>
              <Table.Td>{formatSize(d.sizeBytes)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
