import { Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MailSender } from '@paraphe/contracts';
import { CopyValueButton } from '../../../shared/ui/CopyValueButton.tsx';

type RecordKey = keyof MailSender['records'];
const recordKeys: readonly RecordKey[] = ['dkim', 'spf', 'dmarc'];

/** The colour of a record's last check: found (green), wrong (red when required, orange otherwise), not checked (grey). */
function stateColor(state: string | null, required: boolean): string {
  if (state === null) return 'gray';
  if (state === 'ok') return 'green';
  return required ? 'red' : 'orange';
}

function Copy({ value }: { value: string }) {
  const { t } = useTranslation('settings');
  return <CopyValueButton value={value} copyLabel={t('mailSender.copy')} copiedLabel={t('mailSender.copied')} />;
}

/** The three TXT records to publish (name, value, each with a copy button) and what the last check found of each. */
export function MailSenderRecords({ sender }: { sender: MailSender }) {
  const { t } = useTranslation('settings');
  return (
    <Table withTableBorder layout="fixed" verticalSpacing="sm" data-testid="mail-sender-records">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={110}>{t('mailSender.record')}</Table.Th>
          <Table.Th>{t('mailSender.nameAndValue')}</Table.Th>
          <Table.Th w={170}>{t('mailSender.state')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {recordKeys.map((key) => {
          const record = sender.records[key];
          return (
            <Table.Tr key={key} data-testid={`mail-sender-record-${key}`}>
              <Table.Td>
                <Stack gap={2}>
                  <Text fw={600}>{t(`mailSender.records.${key}`)}</Text>
                  <Text size="xs" c="dimmed">
                    TXT · {record.required ? t('mailSender.required') : t('mailSender.advised')}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={6}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Code style={{ wordBreak: 'break-all' }}>{record.name}</Code>
                    <Copy value={record.name} />
                  </Group>
                  {record.value ? (
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1 }}>
                        {record.value}
                      </Code>
                      <Copy value={record.value} />
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('mailSender.spfNoInclude')}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Badge color={stateColor(record.state, record.required)} variant="light">
                  {t(`mailSender.states.${key}.${record.state ?? 'unchecked'}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
