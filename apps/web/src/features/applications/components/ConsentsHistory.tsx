import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { useApplicationConsents } from '../api.ts';

/** Which version of the terms and of each consent the account's users accepted or declined, when, from where. */
export function ConsentsHistory({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation('applications');
  const consents = useApplicationConsents(applicationId);
  const rows = consents.data ?? [];
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={3}>{t('consents.title')}</Title>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {consents.isPending ? t('consents.loading') : t('consents.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label={t('consents.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('consents.text')}</Table.Th>
                  <Table.Th>{t('consents.version')}</Table.Th>
                  <Table.Th>{t('consents.answer')}</Table.Th>
                  <Table.Th>{t('consents.user')}</Table.Th>
                  <Table.Th>{t('consents.at')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.kind}-${row.version}-${row.at}-${row.user?.id ?? ''}`}>
                    <Table.Td>{t(`consents.kinds.${row.kind}`)}</Table.Td>
                    <Table.Td>{row.version}</Table.Td>
                    <Table.Td>
                      <Badge color={row.accepted ? 'green' : 'gray'} variant="light">
                        {row.accepted ? t('consents.accepted') : t('consents.declined')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.user ? `${row.user.name} (${row.user.email})` : '—'}</Table.Td>
                    <Table.Td>{formatDateTime(row.at, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
