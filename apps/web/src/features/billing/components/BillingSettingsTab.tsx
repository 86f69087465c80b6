import { Suspense } from 'react';
import { Loader, Stack } from '@mantine/core';
import { PaymentMethodsPanel } from '../../payments/index.ts';
import { BillingProfileForm } from './BillingProfileForm.tsx';
import { GoLivePanel } from './GoLivePanel.tsx';

/**
 * settings/configuration → Billing (the settings feature shows it): the profile, going live, then how invoices are paid (cards,
 * SEPA mandate: the payments feature), which needs the profile first.
 */
export function BillingSettingsTab({ canManage }: { canManage: boolean }) {
  return (
    <Stack gap="xl">
      <BillingProfileForm />
      <GoLivePanel />
      <Suspense fallback={<Loader size="sm" />}>
        <PaymentMethodsPanel canManage={canManage} />
      </Suspense>
    </Stack>
  );
}
