import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '@paraphe/contracts';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { usePaging } from '../../../shared/list/usePaging.ts';
import { formatEuros, useAdminPayments } from '../api.ts';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge.tsx';
import { RefundForm } from '../components/RefundForm.tsx';
import { RejectDebitMenu, SepaBatchesPanel } from '../components/SepaBatchesPanel.tsx';
import { languageTag } from '@paraphe/contracts';

/**
 * `applications/payments` (admin.billing): every payment, refunds, the SEPA batches. A tenant that does not pay can
 * be suspended from its application page (the existing suspension).
 */
export function AdminPaymentsPage() {
  const { t, i18n } = useTranslation('payments');
  const paging = usePaging(20);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const list = useAdminPayments({ page: paging.page, pageSize: paging.pageSize });
  const columns: Column<Payment>[] = [
    {
      key: 'client',
      header: t('admin.client'),
      render: (p) => (
        <>
          <Anchor component={Link} to={`/applications/view/${p.appId}`} size="sm">
            {p.company || p.appId}
          </Anchor>
          <Text size="xs" c="dimmed">{`${t(`method.${p.method}`)} · ${new Date(p.createdAt).toLocaleDateString(languageTag(i18n.language))}`}</Text>
        </>
      ),
    },
    { key: 'invoices', header: t('payments.invoices'), render: (p) => p.invoices.map((i) => i.number).join(', ') },
    {
      key: 'amount',
      header: t('payments.amount'),
      render: (p) => (
        <>
          {formatEuros(p.amountCents, i18n.language)}
          {p.refundedCents > 0 && (
            <Text size="xs" c="dimmed">
              {t('payments.refunded', { amount: formatEuros(p.refundedCents, i18n.language) })}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t('payments.status'),
      render: (p) => (
        <>
          <PaymentStatusBadge payment={p} />
          {p.failureReason && (
            <Text size="xs" c="red">
              {p.failureReason}
            </Text>
          )}
          {p.status === 'failed' && p.trigger === 'auto' && (
            <Anchor component={Link} to={`/applications/view/${p.appId}`} size="xs" display="block">
              {t('admin.suspend')}
            </Anchor>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: '',
      render: (p) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {p.status === 'succeeded' && (
            <Button size="xs" variant="default" onClick={() => setRefunding(p)}>
              {t('admin.refund')}
            </Button>
          )}
          {p.method === 'sepa' && p.status === 'pending' && p.sepaBatchId && <RejectDebitMenu paymentId={p.id} />}
        </Group>
      ),
    },
  ];
  return (
    <Stack>
      <Title order={2}>{t('admin.title')}</Title>
      <SepaBatchesPanel />
      <PaginatedTable
        caption={t('admin.title')}
        empty={{ nothingYet: t('emptyList.clientPayments.nothingYet') }}
        columns={columns}
        list={list.data}
        loading={list.isPending}
        rowKey={(p) => p.id}
        {...paging.tableProps}
      />
      <Modal opened={!!refunding} onClose={() => setRefunding(null)} title={t('admin.refundTitle')}>
        {refunding && <RefundForm payment={refunding} onDone={() => setRefunding(null)} />}
      </Modal>
    </Stack>
  );
}
