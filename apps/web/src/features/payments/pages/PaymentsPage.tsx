import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { formatEuros, useRefreshPayment, useTenantPayments } from '../api.ts';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge.tsx';

const pageSize = 20;

/** `billing/payments`: the tenant's payments; one waiting for 3-D Secure shows its link (back here after it). */
export function PaymentsPage() {
  const { t, i18n } = useTranslation('payments');
  const [page, setPage] = useState(1);
  const list = useTenantPayments((page - 1) * pageSize);
  const refresh = useRefreshPayment();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const back = params.get('payment');
  useEffect(() => {
    if (!back || handled.current) return;
    handled.current = true;
    refresh.mutate(back, { onError: notifyApiError });
    setParams({}, { replace: true });
  }, [back, refresh, setParams]);

  const data = list.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('payments.title')}</Title>
        <Button component={Link} to="/billing/payment-methods" variant="default">{t('methods.title')}</Button>
      </Group>
      {!data ? (
        <Loader />
      ) : data.data.length === 0 ? (
        <Text c="dimmed">{t('payments.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments.date')}</Table.Th>
                <Table.Th>{t('payments.invoices')}</Table.Th>
                <Table.Th>{t('payments.amount')}</Table.Th>
                <Table.Th>{t('payments.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{new Date(p.createdAt).toLocaleDateString(i18n.language)}</Table.Td>
                  <Table.Td>{p.invoices.map((i) => i.number).join(', ')}</Table.Td>
                  <Table.Td>{formatEuros(p.amountCents, i18n.language)}</Table.Td>
                  <Table.Td>
                    <PaymentStatusBadge payment={p} />
                    {p.actionUrl && (
                      <Anchor href={p.actionUrl} display="block" size="sm">
                        {t('payments.authenticate')}
                      </Anchor>
                    )}
                    {p.failureReason && <Text size="xs" c="red">{p.failureReason}</Text>}
                    {p.refundedCents > 0 && <Text size="xs" c="dimmed">{t('payments.refunded', { amount: formatEuros(p.refundedCents, i18n.language) })}</Text>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.countAll > pageSize && <Pagination total={Math.ceil(data.countAll / pageSize)} value={page} onChange={setPage} />}
    </Stack>
  );
}
