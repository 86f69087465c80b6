/**
 * Public surface of the customDomains feature: the Settings tab "Domains" (docs/white-label.md), mounted by the
 * settings screen. Lazy: its code and texts (namespace `customDomains`) load when the tab is first shown.
 */
import { lazy } from 'react';
import { loadNamespaces } from '../../shared/i18n/i18n.ts';

export const DomainsSettingsTab = lazy(() =>
  Promise.all([import('./components/DomainsSettingsTab.tsx'), loadNamespaces('customDomains')]).then(([m]) => ({ default: m.DomainsSettingsTab })),
);
