import { Group, Loader, Paper, Select, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { useAdminSales, useBillingAccount, useIssuingCompanies, useSaveBillingAccount } from '../invoicingApi.ts';
import { SalesTable } from './SalesTable.tsx';
import { TenantPricesPanel } from './TenantPricesPanel.tsx';

/** The application view's Billing tab (product administrator): billing account, prices, the tenant's invoices. */
export function TenantBillingPanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('billing');
  const account = useBillingAccount(applicationId);
  const save = useSaveBillingAccount(applicationId);
  const companies = useIssuingCompanies();
  const invoices = useAdminSales({ tab: 'invoices', appId: applicationId });
  const change = (value: { issuingCompanyId?: string; autoPayment?: boolean }) => save.mutate(value, { onError: notifyApiError });
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="xs">
          {t('account.title')}
        </Title>
        {!account.data ? (
          <Loader size="sm" />
        ) : (
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('account.issuingCompany')}
              data={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={account.data.issuingCompanyId}
              onChange={(id) => id && change({ issuingCompanyId: id })}
              allowDeselect={false}
              w={{ base: '100%', sm: 280 }}
            />
            <Switch label={t('invoices.autoPayment')} checked={account.data.autoPayment} onChange={(e) => change({ autoPayment: e.currentTarget.checked })} />
          </Group>
        )}
      </Paper>
      <TenantPricesPanel applicationId={applicationId} />
      <Paper withBorder p="xs" radius="md">
        <Title order={4} m="xs">
          {t('invoices.title')}
        </Title>
        {invoices.isPending ? <Loader size="sm" /> : <SalesTable sales={invoices.data?.pages.flatMap((p) => p.data) ?? []} admin />}
      </Paper>
    </Stack>
  );
}
