import { Suspense } from 'react';
import { Loader, Stack } from '@mantine/core';
import { CrmConnectorPanel } from '../../crm/index.ts';

/** Settings → Marketplace (spec §1): the connectors of the tenant, each its own panel with connect and disconnect. */
export function MarketplaceSettingsTab() {
  return (
    <Stack>
      <Suspense fallback={<Loader size="sm" />}>
        <CrmConnectorPanel />
      </Suspense>
    </Stack>
  );
}
