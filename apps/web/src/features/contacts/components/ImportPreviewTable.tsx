import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PreviewRow } from '../importMapping.ts';
import { contactDisplayName } from '../contactName.ts';
import { ImportOutcome } from './ImportOutcome.tsx';

/** The first rows as the chosen mapping would import them (the browser's reading; the import itself decides). */
export function ImportPreviewTable({ rows }: { rows: PreviewRow[] }) {
  const { t } = useTranslation('contacts');
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('import.preview.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing={6} fz="sm" aria-label={t('import.preview.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={50}>{t('import.mapping.line')}</Table.Th>
            <Table.Th>{t('fields.name')}</Table.Th>
            <Table.Th>{t('fields.email')}</Table.Th>
            <Table.Th>{t('fields.company')}</Table.Th>
            <Table.Th>{t('fields.mobile')}</Table.Th>
            <Table.Th>{t('import.preview.outcome')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const mailRefused = row.reasons.includes('invalid_email') || row.reasons.includes('duplicate_in_file');
            return (
              <Table.Tr key={row.line}>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {row.line}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {contactDisplayName({ firstname: row.values.firstname ?? '', lastname: row.values.lastname ?? '' })}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={mailRefused ? 'red' : undefined} td={mailRefused ? 'line-through' : undefined}>
                    {row.values.mail || t('import.preview.noMail')}
                  </Text>
                </Table.Td>
                <Table.Td>{row.values.company ?? ''}</Table.Td>
                <Table.Td>{row.values.mobile ?? ''}</Table.Td>
                <Table.Td>
                  <ImportOutcome outcome={row.outcome} reasons={row.reasons} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
