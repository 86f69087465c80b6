import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderImportReport } from '@paraphe/contracts';

/** The rows read: counts, the files not in the pool yet, and each rejected row or row with a warning, with its line and why. */
export function ImportReport({ report }: { report: OrderImportReport }) {
  const { t } = useTranslation('operations');
  return (
    <Stack gap={4}>
      <Text size="sm">{t('import.summary', { rows: report.rows, kept: report.kept, rejected: report.rejected })}</Text>
      {report.missingDocuments.length > 0 && (
        <Alert variant="light" color="orange">
          {t('import.missing', { names: report.missingDocuments.join(', ') })}
        </Alert>
      )}
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('import.line')}</Table.Th>
            <Table.Th>{t('orders.document')}</Table.Th>
            <Table.Th>{t('import.outcome')}</Table.Th>
            <Table.Th>{t('import.reasons')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.lines
            .filter((l) => l.outcome === 'rejected' || l.reasons.length > 0)
            .map((l) => (
              <Table.Tr key={l.line}>
                <Table.Td>{l.line}</Table.Td>
                <Table.Td>{l.document}</Table.Td>
                <Table.Td>
                  <Badge color={l.outcome === 'kept' ? 'teal' : 'red'} variant="light">
                    {t(`import.${l.outcome}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {l.reasons
                    .map(
                      (r) =>
                        `${r.signer === null ? '' : `${t('import.signer', { n: r.signer + 1 })}: `}${t(`import.reasonTexts.${r.reason}`, { defaultValue: r.reason })}`,
                    )
                    .join(' · ')}
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
