import { Suspense, type ComponentType } from 'react';
import { Loader, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Me, TenantSettings } from '@paraphe/contracts';
import { accessVerdict, type Access } from '../../../shared/access.ts';
import { useMe } from '../../auth/index.ts';
import { ApiKeysSettingsTab } from '../../apikeys/index.ts';
import { BillingSettingsTab } from '../../billing/index.ts';
import { GdprSettingsTab } from '../../gdpr/index.ts';
import { HierarchySettingsTab } from '../../users/index.ts';
import { SsoSettingsTab } from '../../sso/index.ts';
import { DomainsSettingsTab } from '../../customDomains/index.ts';
import { WebhooksSettingsTab } from '../../webhooks/index.ts';
import { useTenantSettings } from '../api.ts';
import { GeneralTab } from '../components/GeneralTab.tsx';
import { MarketplaceSettingsTab } from '../components/MarketplaceSettingsTab.tsx';
import { ParametersTab } from '../components/ParametersTab.tsx';
import { UserTab } from '../components/UserTab.tsx';

type TabProps = { me: Me; settings: TenantSettings | undefined };
/** A tab of settings/configuration: who sees it, whether it needs the tenant's settings, and its panel (null: not built yet). */
type SettingsTab = { value: string; access: Access; needsSettings?: boolean; Panel: ComponentType<TabProps> | null };

/** Spec §2: General, User, Hierarchy, GDPR, Billing, Parameters — each shown only when the user's permissions allow. */
export const settingsTabs: readonly SettingsTab[] = [
  { value: 'general', access: { permission: 'settings.configuration' }, needsSettings: true, Panel: ({ settings }) => <GeneralTab settings={settings!} /> },
  { value: 'user', access: { permission: 'settings.profile' }, Panel: UserTab },
  { value: 'hierarchy', access: { permission: 'users.update' }, Panel: HierarchySettingsTab },
  { value: 'gdpr', access: { permission: 'settings.gdpr' }, Panel: GdprSettingsTab },
  { value: 'billing', access: { permission: 'billing.read' }, Panel: ({ me }) => <BillingSettingsTab canManage={me.permissions.includes('billing.manage')} /> },
  {
    value: 'parameters',
    access: { permission: 'settings.configuration' },
    needsSettings: true,
    Panel: ({ settings }) => <ParametersTab settings={settings!} />,
  },
  // Integrators (issue 15): API keys and webhooks, with the feature `api`.
  { value: 'apikeys', access: { permission: 'apikeys.manage' }, Panel: ApiKeysSettingsTab },
  { value: 'webhooks', access: { permission: 'webhooks.manage' }, Panel: WebhooksSettingsTab },
  // Connectors (issue 15): HubSpot and the survey tool (Typeform), for the tenant's managers (connectors.manage).
  { value: 'marketplace', access: { permission: 'connectors.manage' }, Panel: MarketplaceSettingsTab },
  // Single sign-on (issue 29, docs/sso.md): the tenant's identity provider, for its director.
  { value: 'sso', access: { permission: 'settings.configuration' }, Panel: SsoSettingsTab },
  // The tenant's own domains (issue 29, docs/white-label.md): signing pages and back office on its host names.
  { value: 'domains', access: { permission: 'settings.configuration' }, Panel: DomainsSettingsTab },
];

/** `settings/configuration`: the tabs the user may see; `?tab=` names the open one. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = settingsTabs.filter((tab) => tab.Panel && accessVerdict(me, tab.access) === 'allowed');
  const mayConfigure = me.permissions.includes('settings.configuration');
  const settings = useTenantSettings(me.application.id, mayConfigure);
  const asked = searchParams.get('tab');
  const open = shown.find((tab) => tab.value === asked)?.value ?? shown[0]?.value;
  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <Tabs value={open} onChange={(value) => setSearchParams({ tab: value ?? '' }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {shown.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {t(`tabs.${tab.value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {shown.map(({ value, needsSettings, Panel }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Suspense fallback={<Loader size="sm" />}>
              {needsSettings && !settings.data ? <Loader size="sm" /> : Panel && <Panel me={me} settings={settings.data} />}
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
