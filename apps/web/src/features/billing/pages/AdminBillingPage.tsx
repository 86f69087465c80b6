import { useState } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, Menu, Paper, Stack, Tabs, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCash, IconFileInvoice, IconPlayerPlay, IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { DisputeButton } from '../components/DisputeButton.tsx';
import { IncompleteIssuerAlert, IssuingCompaniesPanel } from '../components/IssuingCompaniesPanel.tsx';
import { SalesExports } from '../components/SalesExports.tsx';
import { SalesTable } from '../components/SalesTable.tsx';
import { useAdminSales, useCancelNote, useConvertNotes, usePutToPayment, useRunNotes } from '../invoicingApi.ts';

type Tab = 'invoices' | 'to_invoice' | 'issuers';
const lastMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

/** `applications/billing` (spec §2): the product administrator's Invoices and To be invoiced tabs, actions, exports. */
export function AdminBillingPage() {
  const { t } = useTranslation('billing');
  const [tab, setTab] = useState<Tab>('to_invoice');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  // A run answers at once and makes its notes in jobs: the list refreshes for a while after it (30 s).
  const [runStartedAt, setRunStartedAt] = useState<number | null>(null);
  const following = runStartedAt !== null && Date.now() - runStartedAt < 30_000;
  // The Issuing companies tab lists no sales: the list underneath keeps the to-be-invoiced query (cached).
  const list = useAdminSales(
    { tab: tab === 'issuers' ? 'to_invoice' : tab, search: search.trim().length >= 3 ? search.trim() : undefined },
    following ? 2_000 : undefined,
  );
  const convert = useConvertNotes();
  const cancel = useCancelNote();
  const toPayment = usePutToPayment();
  const runNotes = useRunNotes();
  const sales = list.data?.pages.flatMap((p) => p.data) ?? [];
  const toggle = (id: string, on: boolean) => setSelected((current) => (on ? new Set(current).add(id) : new Set([...current].filter((x) => x !== id))));
  const done = (text: string) => () => {
    setSelected(new Set());
    setMessage(text);
  };
  const start = (input: { month: string } | { upTo: 'now' }) =>
    runNotes.mutate(input, {
      onSuccess: (r) => {
        setRunStartedAt(Date.now());
        setMessage(t('admin.runStarted', { count: r.tenants }));
      },
      onError: notifyApiError,
    });

  const noteActions = (sale: Sale) =>
    sale.kind === 'delivery_note' && sale.status === 'pending' ? (
      <>
        <Tooltip label={t('admin.putToPayment')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('admin.putToPayment')}
            onClick={() => toPayment.mutate(sale.id, { onSuccess: done(t('admin.paymentRequested')), onError: notifyApiError })}
          >
            <IconCash size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('admin.cancel')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('admin.cancel')}
            onClick={() =>
              window.confirm(t('admin.cancelConfirm')) && cancel.mutate(sale.id, { onSuccess: done(t('admin.cancelled')), onError: notifyApiError })
            }
          >
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      </>
    ) : sale.kind === 'invoice' ? (
      <>
        {sale.status === 'pending' && (
          <Tooltip label={t('admin.putToPayment')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('admin.putToPayment')}
              onClick={() => toPayment.mutate(sale.id, { onSuccess: done(t('admin.paymentRequested')), onError: notifyApiError })}
            >
              <IconCash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <DisputeButton sale={sale} />
      </>
    ) : null;

  const salesTab = (
    <>
      <Group justify="space-between" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('admin.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        {tab === 'to_invoice' && (
          <Button
            leftSection={<IconFileInvoice size={16} />}
            disabled={!selected.size}
            loading={convert.isPending}
            onClick={() =>
              convert.mutate([...selected], { onSuccess: (invoices) => done(t('admin.converted', { count: invoices.length }))(), onError: notifyApiError })
            }
          >
            {t('admin.convert', { count: selected.size })}
          </Button>
        )}
      </Group>
      <Paper withBorder p="xs" radius="md">
        {list.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : (
          <SalesTable sales={sales} admin selected={selected} onSelect={tab === 'to_invoice' ? toggle : undefined} actions={noteActions} />
        )}
      </Paper>
      {list.hasNextPage && (
        <Center>
          <Button variant="subtle" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('invoices.more')}
          </Button>
        </Center>
      )}
      {tab === 'invoices' && <SalesExports />}
    </>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('admin.title')}</Title>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button leftSection={<IconPlayerPlay size={16} />} loading={runNotes.isPending}>
              {t('admin.run')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => start({ month: lastMonth() })}>{t('admin.runMonth', { month: lastMonth() })}</Menu.Item>
            <Menu.Item onClick={() => start({ upTo: 'now' })}>{t('admin.runNow')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <IncompleteIssuerAlert onOpen={() => setTab('issuers')} />
      {message && (
        <Alert color="blue" withCloseButton onClose={() => setMessage(null)}>
          {message}
        </Alert>
      )}
      <Tabs value={tab} onChange={(v) => (setTab((v as Tab) ?? 'to_invoice'), setSelected(new Set()))}>
        <Tabs.List>
          <Tabs.Tab value="to_invoice">{t('admin.tabToInvoice')}</Tabs.Tab>
          <Tabs.Tab value="invoices">{t('admin.tabInvoices')}</Tabs.Tab>
          <Tabs.Tab value="issuers">{t('issuers.tab')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'issuers' ? <IssuingCompaniesPanel /> : salesTab}
    </Stack>
  );
}
