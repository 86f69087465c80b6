import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accessVerdict } from '../../../shared/access.ts';
import { useMe } from '../../auth/index.ts';
import { PaymentMethodsPanel } from '../components/PaymentMethodsPanel.tsx';

/** `billing/payment-methods`: the panel on its own page (the hosted card page comes back here). */
export function PaymentMethodsPage() {
  const { t } = useTranslation('payments');
  const me = useMe();
  return (
    <Stack>
      <Title order={2}>{t('methods.title')}</Title>
      <PaymentMethodsPanel canManage={accessVerdict(me, { permission: 'billing.manage' }) === 'allowed'} />
    </Stack>
  );
}
