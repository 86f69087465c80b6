import { useState } from 'react';
import { Anchor, Button, Group, Loader, Modal, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '@paraphe/contracts';
import { formatEuros, useAdminPayments } from '../api.ts';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge.tsx';
import { RefundForm } from '../components/RefundForm.tsx';
import { RejectDebitMenu, SepaBatchesPanel } from '../components/SepaBatchesPanel.tsx';

const pageSize = 20;

/**
 * `applications/payments` (admin.billing): every payment, refunds, the SEPA batches. A tenant that does not pay can
 * be suspended from its application page (the existing suspension).
 */
export function AdminPaymentsPage() {
  const { t, i18n } = useTranslation('payments');
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const list = useAdminPayments((page - 1) * pageSize);
  const data = list.data;
  return (
    <Stack>
      <Title order={2}>{t('admin.title')}</Title>
      <SepaBatchesPanel />
      {!data ? (
        <Loader />
      ) : data.data.length === 0 ? (
        <Text c="dimmed">{t('payments.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.client')}</Table.Th>
                <Table.Th>{t('payments.invoices')}</Table.Th>
                <Table.Th>{t('payments.amount')}</Table.Th>
                <Table.Th>{t('payments.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/applications/view/${p.appId}`} size="sm">{p.company || p.appId}</Anchor>
                    <Text size="xs" c="dimmed">{`${t(`method.${p.method}`)} · ${new Date(p.createdAt).toLocaleDateString(i18n.language)}`}</Text>
                  </Table.Td>
                  <Table.Td>{p.invoices.map((i) => i.number).join(', ')}</Table.Td>
                  <Table.Td>
                    {formatEuros(p.amountCents, i18n.language)}
                    {p.refundedCents > 0 && <Text size="xs" c="dimmed">{t('payments.refunded', { amount: formatEuros(p.refundedCents, i18n.language) })}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <PaymentStatusBadge payment={p} />
                    {p.failureReason && <Text size="xs" c="red">{p.failureReason}</Text>}
                    {p.status === 'failed' && p.trigger === 'auto' && (
                      <Anchor component={Link} to={`/applications/view/${p.appId}`} size="xs" display="block">{t('admin.suspend')}</Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {p.status === 'succeeded' && <Button size="xs" variant="default" onClick={() => setRefunding(p)}>{t('admin.refund')}</Button>}
                      {p.method === 'sepa' && p.status === 'pending' && p.sepaBatchId && <RejectDebitMenu paymentId={p.id} />}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.countAll > pageSize && <Pagination total={Math.ceil(data.countAll / pageSize)} value={page} onChange={setPage} />}
      <Modal opened={!!refunding} onClose={() => setRefunding(null)} title={t('admin.refundTitle')}>
        {refunding && <RefundForm payment={refunding} onDone={() => setRefunding(null)} />}
      </Modal>
    </Stack>
  );
}
