import { useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconCreditCard, IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { useMe } from '../../auth/index.ts';
import { BillingTabs } from '../components/BillingTabs.tsx';
import { SalesTable } from '../components/SalesTable.tsx';
import { exportTenantInvoices, useBillingAccount, usePayInvoices, useSaveBillingAccount, useTenantInvoices } from '../invoicingApi.ts';
import { formatCents } from '../money.ts';

type Filter = 'all' | 'pending' | 'succeeded' | 'credit_note';
const filterQuery = (f: Filter) => (f === 'credit_note' ? { kind: 'credit_note' as const } : f === 'all' ? {} : { kind: 'invoice' as const, status: f });
const payable = (s: Sale) => s.kind === 'invoice' && s.status === 'pending' && s.totalCents > s.refundedCents;

/** `billing/invoices`: the tenant's invoices and credit notes, PDFs, export, paying selected invoices, auto-payment. */
export function InvoicesPage() {
  const { t, i18n } = useTranslation('billing');
  const me = useMe();
  const canManage = me.permissions.includes('billing.manage');
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [requested, setRequested] = useState<number | null>(null);
  const list = useTenantInvoices(filterQuery(filter), requested !== null ? 3_000 : undefined);
  const pay = usePayInvoices();
  const account = useBillingAccount(null);
  const saveAccount = useSaveBillingAccount(null);
  const sales = list.data?.pages.flatMap((p) => p.data) ?? [];
  const selectedTotal = sales.filter((s) => selected.has(s.id)).reduce((sum, s) => sum + s.totalCents - s.refundedCents, 0);
  const toggle = (id: string, on: boolean) => setSelected((current) => (on ? new Set(current).add(id) : new Set([...current].filter((x) => x !== id))));
  const submit = () =>
    pay.mutate([...selected], {
      onSuccess: (answer) => {
        setRequested(answer.amountCents);
        setSelected(new Set());
      },
      onError: notifyApiError,
    });

  return (
    <Stack>
      <BillingTabs current="invoices" />
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('invoices.title')}</Title>
        <Button
          variant="default"
          leftSection={<IconFileExport size={16} />}
          onClick={() => void exportTenantInvoices(filterQuery(filter)).catch(notifyApiError)}
        >
          {t('invoices.export')}
        </Button>
      </Group>
      {account.data && (
        <Switch
          label={t('invoices.autoPayment')}
          description={t('invoices.autoPaymentHelp')}
          checked={account.data.autoPayment}
          disabled={!canManage || saveAccount.isPending}
          onChange={(e) => saveAccount.mutate({ autoPayment: e.currentTarget.checked }, { onError: notifyApiError })}
        />
      )}
      <SegmentedControl
        value={filter}
        onChange={(v) => setFilter(v as Filter)}
        data={(['all', 'pending', 'succeeded', 'credit_note'] as const).map((f) => ({ value: f, label: t(`invoices.filters.${f}`) }))}
        fullWidth
      />
      {requested !== null && (
        <Alert color="green" withCloseButton onClose={() => setRequested(null)}>
          {t('invoices.paymentRequested', { amount: formatCents(requested, i18n.language) })}{' '}
          <Anchor component={Link} to="/billing/payments">
            {t('invoices.followPayment')}
          </Anchor>
        </Alert>
      )}
      {canManage && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {selected.size ? t('invoices.selection', { count: selected.size, amount: formatCents(selectedTotal, i18n.language) }) : t('invoices.selectToPay')}
          </Text>
          <Button leftSection={<IconCreditCard size={16} />} disabled={!selected.size} loading={pay.isPending} onClick={submit}>
            {t('invoices.pay')}
          </Button>
        </Group>
      )}
      <Paper withBorder p="xs" radius="md">
        {list.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : (
          <SalesTable sales={sales} admin={false} selected={selected} onSelect={canManage ? toggle : undefined} selectable={payable} />
        )}
      </Paper>
      {list.hasNextPage && (
        <Center>
          <Button variant="subtle" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('invoices.more')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
