import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The tenant's billing screens: consumption and invoices (each its own route). */
export function BillingTabs({ current }: { current: 'conso' | 'invoices' }) {
  // `payments` is the payments feature's screen (billing/payments): the tab only links to it.
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  return (
    <Tabs value={current} onChange={(value) => value && void navigate(`/billing/${value}`)}>
      <Tabs.List>
        <Tabs.Tab value="conso">{t('invoices.tabConso')}</Tabs.Tab>
        <Tabs.Tab value="invoices">{t('invoices.tabInvoices')}</Tabs.Tab>
        <Tabs.Tab value="payments">{t('invoices.tabPayments')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
