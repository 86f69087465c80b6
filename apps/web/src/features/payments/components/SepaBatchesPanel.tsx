import { Button, Group, Loader, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sepaReturnReasons, type SepaReturnReason } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { downloadBatch, formatEuros, useCollectBatch, useCreateBatch, useRejectDebit, useSepaOverview } from '../api.ts';

/** The administrator's SEPA work: debits waiting, a pain.008 batch of them, rejects, then the collection. */
export function SepaBatchesPanel() {
  const { t, i18n } = useTranslation('payments');
  const overview = useSepaOverview();
  const create = useCreateBatch();
  const collect = useCollectBatch();
  const data = overview.data;
  if (!data) return <Loader />;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('admin.sepa')}</Title>
          <Button disabled={!data.pending.length} loading={create.isPending} onClick={() => create.mutate(undefined, { onError: notifyApiError })}>
            {t('admin.createBatch', { count: data.pending.length })}
          </Button>
        </Group>
        {data.batches.length === 0 && <Text c="dimmed">{t('admin.noBatch')}</Text>}
        {data.batches.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Tbody>
                {data.batches.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {b.messageId}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('admin.batchLine', { count: b.numberOfTransactions, amount: formatEuros(b.controlSumCents, i18n.language) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`admin.batch.${b.status}`)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        <Button size="xs" variant="default" onClick={() => void downloadBatch(b.id, b.messageId).catch(notifyApiError)}>
                          {t('admin.downloadXml')}
                        </Button>
                        {b.status === 'exported' && (
                          <Button size="xs" onClick={() => collect.mutate(b.id, { onError: notifyApiError })}>
                            {t('admin.markCollected')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Text size="xs" c="dimmed">
          {t('admin.rejectHelp')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The reject menu of a debit of an exported batch (R-transaction reason codes). */
export function RejectDebitMenu({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation('payments');
  const reject = useRejectDebit();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="subtle" color="red">
          {t('admin.reject')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={300} style={{ overflowY: 'auto' }}>
        {(Object.keys(sepaReturnReasons) as SepaReturnReason[]).map((code) => (
          <Menu.Item key={code} onClick={() => reject.mutate({ id: paymentId, reasonCode: code }, { onError: notifyApiError })}>
            {`${code} — ${sepaReturnReasons[code]}`}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
