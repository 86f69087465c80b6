import { useEffect, useRef } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Payment } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { usePaging } from '../../../shared/list/usePaging.ts';
import { formatEuros, useRefreshPayment, useTenantPayments } from '../api.ts';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge.tsx';
import { languageTag } from '@paraphe/contracts';

/** `billing/payments`: the tenant's payments; one waiting for 3-D Secure shows its link (back here after it). */
export function PaymentsPage() {
  const { t, i18n } = useTranslation('payments');
  const paging = usePaging(20);
  const list = useTenantPayments({ page: paging.page, pageSize: paging.pageSize });
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

  const columns: Column<Payment>[] = [
    { key: 'date', header: t('payments.date'), render: (p) => new Date(p.createdAt).toLocaleDateString(languageTag(i18n.language)) },
    { key: 'invoices', header: t('payments.invoices'), render: (p) => p.invoices.map((inv) => inv.number).join(', ') },
    { key: 'amount', header: t('payments.amount'), render: (p) => formatEuros(p.amountCents, i18n.language) },
    {
      key: 'status',
      header: t('payments.status'),
      render: (p) => (
        <>
          <PaymentStatusBadge payment={p} />
          {p.actionUrl && (
            <Anchor href={p.actionUrl} display="block" size="sm">
              {t('payments.authenticate')}
            </Anchor>
          )}
          {p.failureReason && (
            <Text size="xs" c="red">
              {p.failureReason}
            </Text>
          )}
          {p.refundedCents > 0 && (
            <Text size="xs" c="dimmed">
              {t('payments.refunded', { amount: formatEuros(p.refundedCents, i18n.language) })}
            </Text>
          )}
        </>
      ),
    },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('payments.title')}</Title>
        <Button component={Link} to="/billing/payment-methods" variant="default">
          {t('methods.title')}
        </Button>
      </Group>
      <PaginatedTable
        caption={t('payments.title')}
        empty={{ nothingYet: t('emptyList.payments.nothingYet') }}
        columns={columns}
        list={list.data}
        loading={list.isPending}
        rowKey={(p) => p.id}
        {...paging.tableProps}
      />
    </Stack>
  );
}
