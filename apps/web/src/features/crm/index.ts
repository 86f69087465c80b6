/**
 * Public surface of the CRM feature (HubSpot, docs/connectors.md): the Marketplace panel of the settings, the HubSpot
 * contact picker of the signer forms, the administrator's view of a tenant's connection, and whether the tenant is
 * connected. Lazy: components and texts (namespace `crm`) load when first shown; render them inside a Suspense.
 */
import { lazy } from 'react';
import { loadNamespaces } from '../../shared/i18n/i18n.ts';
import type { FeatureModule } from '../../shared/routing.ts';

export const crmFeature: FeatureModule = { namespace: 'crm', routes: {} };

const withTexts = <T>(load: () => Promise<T>) => Promise.all([load(), loadNamespaces('crm')]).then(([m]) => m);

export const CrmConnectorPanel = lazy(() => withTexts(() => import('./components/CrmConnectorPanel.tsx')).then((m) => ({ default: m.CrmConnectorPanel })));
export const CrmContactPicker = lazy(() => withTexts(() => import('./components/CrmContactPicker.tsx')).then((m) => ({ default: m.CrmContactPicker })));
export const CrmAdminState = lazy(() => withTexts(() => import('./components/CrmAdminState.tsx')).then((m) => ({ default: m.CrmAdminState })));
/** Whether the tenant's HubSpot connection can be used (the signer forms show the HubSpot picker then). */
export { useCrmState } from './api.ts';
