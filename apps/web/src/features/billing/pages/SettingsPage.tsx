import { Suspense, type ReactNode } from 'react';
import { Loader, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Access } from '../../../shared/access.ts';
import { accessVerdict } from '../../../shared/access.ts';
import { useMe } from '../../auth/index.ts';
import { PaymentMethodsPanel } from '../../payments/index.ts';
import { BillingProfileForm } from '../components/BillingProfileForm.tsx';

/**
 * The tabs of settings/configuration (spec §2: General, User, Hierarchy, GDPR, Billing, Parameters). Only Billing
 * is built; another tab is one entry here (its key in `tabs.<value>`, its access, its panel).
 */
const settingsTabs: { value: string; access: Access; panel: (canManage: boolean) => ReactNode }[] = [
  {
    value: 'billing',
    access: { permission: 'billing.read' },
    // The profile, then how invoices are paid (cards, SEPA mandate: the payments feature), which needs the profile first.
    panel: (canManage) => (
      <Stack gap="xl">
        <BillingProfileForm />
        <Suspense fallback={<Loader size="sm" />}>
          <PaymentMethodsPanel canManage={canManage} />
        </Suspense>
      </Stack>
    ),
  },
];

/** `settings/configuration`: the tabs the user may see; `?tab=` names the open one. */
export function SettingsPage() {
  const { t } = useTranslation('billing');
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = settingsTabs.filter((tab) => accessVerdict(me, tab.access) === 'allowed');
  const asked = searchParams.get('tab');
  const open = shown.find((tab) => tab.value === asked)?.value ?? shown[0]?.value;
  return (
    <Stack>
      <Title order={2}>{t('settings.title')}</Title>
      <Tabs value={open} onChange={(value) => setSearchParams({ tab: value ?? '' }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {shown.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>{t(`settings.tabs.${tab.value}`)}</Tabs.Tab>
          ))}
        </Tabs.List>
        {shown.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">{tab.panel(me.permissions.includes('billing.manage'))}</Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
