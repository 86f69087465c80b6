import { Suspense } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrmConnectorPanel } from '../../crm/index.ts';
import { SurveyConnectorPanel } from '../../surveys/index.ts';

/** Settings → Marketplace (spec §1): the tenant's connectors, each its feature's own panel with connect and disconnect. */
export function MarketplaceSettingsTab() {
  const { t } = useTranslation('settings');
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('marketplace.intro')}
      </Text>
      <Suspense fallback={<Loader size="sm" />}>
        <CrmConnectorPanel />
      </Suspense>
      <SurveyConnectorPanel />
    </Stack>
  );
}
