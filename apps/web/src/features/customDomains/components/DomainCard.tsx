import { Alert, Badge, Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { CustomDomain } from '@paraphe/contracts';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { CopyValueButton } from '../../../shared/ui/CopyValueButton.tsx';
import { useCheckDomain, useRemoveDomain } from '../api.ts';

const statusColor = { pending: 'yellow', verified: 'green', failed: 'red' } as const;

function Copy({ value }: { value: string }) {
  const { t } = useTranslation('customDomains');
  return <CopyValueButton value={value} copyLabel={t('copy')} copiedLabel={t('copied')} />;
}

/** One declared domain: its status and why, the records to publish (copyable), "Check now" and removal. */
export function DomainCard({ domain }: { domain: CustomDomain }) {
  const { t, i18n } = useTranslation('customDomains');
  const check = useCheckDomain();
  const remove = useRemoveDomain();
  const busy = check.isPending || remove.isPending;
  return (
    <Paper withBorder p="md" data-testid={`domain-${domain.host}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{domain.host}</Text>
            <Badge variant="outline">{t(`purpose.${domain.purpose}`)}</Badge>
            <Badge color={statusColor[domain.status]} variant="light">
              {t(`status.${domain.status}`)}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button size="xs" onClick={() => check.mutate(domain.id, { onError: notifyApiError })} loading={check.isPending} disabled={busy}>
              {t('checkNow')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => remove.mutate(domain.id, { onError: notifyApiError })} disabled={busy}>
              {t('remove')}
            </Button>
          </Group>
        </Group>
        {domain.failure && <Alert color={domain.status === 'failed' ? 'red' : 'yellow'}>{t(`failure.${domain.failure}`)}</Alert>}
        {domain.status === 'verified' && domain.cnameOk === false && <Alert color="yellow">{t('cnameWarning')}</Alert>}
        <Text size="sm" c="dimmed">
          {domain.lastCheckedAt ? t('lastChecked', { when: formatDateTime(domain.lastCheckedAt, i18n.language) }) : t('neverChecked')}
        </Text>
        <Text size="sm">{t('recordsIntro')}</Text>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('record.type')}</Table.Th>
              <Table.Th>{t('record.name')}</Table.Th>
              <Table.Th>{t('record.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {domain.records.map((r) => (
              <Table.Tr key={r.type}>
                <Table.Td>{r.type}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Code style={{ wordBreak: 'break-all' }}>{r.name}</Code>
                    <Copy value={r.name} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Code style={{ wordBreak: 'break-all' }}>{r.value}</Code>
                    <Copy value={r.value} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
