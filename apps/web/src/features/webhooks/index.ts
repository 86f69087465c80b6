/**
 * Public surface of the webhooks feature: the Settings tab (the settings screen mounts it) and the feature entry
 * (its translations, namespace `webhooks`). Lazy: the tab's code and texts load when the tab is first shown.
 */
import { lazy } from 'react';
import { loadNamespaces } from '../../shared/i18n/i18n.ts';
import type { FeatureModule } from '../../shared/routing.ts';

export const webhooksFeature: FeatureModule = { namespace: 'webhooks', routes: {} };

export const WebhooksSettingsTab = lazy(() =>
  Promise.all([import('./components/WebhooksSettingsTab.tsx'), loadNamespaces('webhooks')]).then(([m]) => ({ default: m.WebhooksSettingsTab })),
);
