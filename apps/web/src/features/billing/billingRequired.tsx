import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../../shared/i18n/i18n.ts';

/**
 * A live send refused for want of a billing profile (BILLING_REQUIRED): says so and offers to open settings →
 * Billing, instead of a dead-end toast. The `billing` namespace is loaded by the caller (index.ts).
 */
export function openBillingRequired(openSettings: () => void, canManageBilling: boolean) {
  const t = i18n.t.bind(i18n);
  if (!canManageBilling) {
    modals.open({ title: t('required.title', { ns: 'billing' }), children: <Text size="sm">{t('required.askDirector', { ns: 'billing' })}</Text> });
    return;
  }
  modals.openConfirmModal({
    title: t('required.title', { ns: 'billing' }),
    children: <Text size="sm">{t('required.text', { ns: 'billing' })}</Text>,
    labels: { confirm: t('required.open', { ns: 'billing' }), cancel: t('required.later', { ns: 'billing' }) },
    onConfirm: openSettings,
  });
}
