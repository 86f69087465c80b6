import { Suspense } from 'react';
import { Anchor, Badge, Breadcrumbs, Center, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/apiError.ts';
import { NotFoundPage } from '../../../shared/ui/MessagePage.tsx';
import { useMe } from '../../auth/index.ts';
import { TenantBillingPanel } from '../../billing/index.ts';
import { useApplication } from '../api.ts';
import { GeneralTab } from '../components/GeneralTab.tsx';
import { SettingsTab } from '../components/SettingsTab.tsx';
import { FeaturesTab } from '../components/FeaturesTab.tsx';
import { MarketplaceTab } from '../components/MarketplaceTab.tsx';
import { UsersTab } from '../components/UsersTab.tsx';

const tabs = ['general', 'settings', 'application', 'billing', 'users', 'marketplace'] as const;
type Tab = (typeof tabs)[number];

/** `applications/view/:id`: tabs General, Settings, Application, Billing, Users, Marketplace (spec §2). */
export function ApplicationViewPage() {
  const { t } = useTranslation('applications');
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const application = useApplication(id);
  const me = useMe();
  // Billing and Users need their administration permission: the tab is not offered without it.
  const shown = tabs.filter((name) =>
    name === 'billing' ? me.permissions.includes('admin.billing') : name === 'users' ? me.permissions.includes('admin.applications') : true,
  );
  const asked = searchParams.get('tab');
  const tab: Tab = (shown as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'general';

  if (application.isError && isApiError(application.error, 'NOT_FOUND')) return <NotFoundPage />;
  if (!application.data) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  const app = application.data;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/applications/list">
          {t('screens.applications')}
        </Anchor>
        <span>{app.company}</span>
      </Breadcrumbs>
      <Group gap="sm">
        <Title order={2}>{app.company}</Title>
        <Badge color={app.enabled ? 'teal' : 'red'} variant="light">
          {t(app.enabled ? 'enabled' : 'suspended')}
        </Badge>
        {app.testMode && (
          <Badge color="yellow" variant="light">
            {t('testMode')}
          </Badge>
        )}
      </Group>
      <Tabs value={tab} onChange={(value) => setSearchParams({ tab: value ?? 'general' }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {shown.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          <GeneralTab application={app} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsTab application={app} />
        </Tabs.Panel>
        <Tabs.Panel value="application" pt="md">
          <FeaturesTab application={app} />
        </Tabs.Panel>
        {shown.includes('billing') && (
          <Tabs.Panel value="billing" pt="md">
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader />
                </Center>
              }
            >
              <TenantBillingPanel applicationId={app.id} />
            </Suspense>
          </Tabs.Panel>
        )}
        {shown.includes('users') && (
          <Tabs.Panel value="users" pt="md">
            <UsersTab applicationId={app.id} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="marketplace" pt="md">
          <MarketplaceTab applicationId={app.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
