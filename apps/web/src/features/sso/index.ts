/**
 * Public surface of the sso feature: the Settings tab "Single sign-on" (the settings screen mounts it) and the
 * feature entry (its translations, namespace `sso`). Lazy: the tab's code and texts load when it is first shown.
 * The login page's "Log in with …" entry lives in the auth feature (the first screen stays light).
 */
import { lazy } from 'react';
import { loadNamespaces } from '../../shared/i18n/i18n.ts';
import type { FeatureModule } from '../../shared/routing.ts';

export const ssoFeature: FeatureModule = { namespace: 'sso', routes: {} };

export const SsoSettingsTab = lazy(() =>
  Promise.all([import('./components/SsoSettingsTab.tsx'), loadNamespaces('sso')]).then(([m]) => ({ default: m.SsoSettingsTab })),
);
