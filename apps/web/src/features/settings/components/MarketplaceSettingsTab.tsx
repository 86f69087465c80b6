import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SurveyConnectorPanel } from '../../surveys/index.ts';

/** Settings → Marketplace: the tenant's connectors, each its feature's own panel (here the survey tool, Typeform). */
export function MarketplaceSettingsTab() {
  const { t } = useTranslation('settings');
  return (
    <Stack>
      <Text size="sm" c="dimmed">{t('marketplace.intro')}</Text>
      <SurveyConnectorPanel />
    </Stack>
  );
}
