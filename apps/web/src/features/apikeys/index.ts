/**
 * Public surface of the API keys feature. `ApiKeysSettingsTab` is for settings → API keys (permission
 * apikeys.manage, feature api): lazy, with its texts (the `apikeys` namespace): render it inside a Suspense.
 */
import { lazy } from 'react';
import { loadNamespaces } from '../../shared/i18n/i18n.ts';

export const ApiKeysSettingsTab = lazy(() =>
  Promise.all([import('./components/ApiKeysSettingsTab.tsx'), loadNamespaces('apikeys')]).then(([m]) => ({ default: m.ApiKeysSettingsTab })),
);
