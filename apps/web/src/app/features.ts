import { applicationsFeature } from '../features/applications/index.ts';
import { authFeature } from '../features/auth/index.ts';
import { billingFeature } from '../features/billing/feature.ts';
import { campaignsFeature } from '../features/campaigns/index.ts';
import { contactsFeature } from '../features/contacts/index.ts';
import { dashboardsFeature } from '../features/dashboards/index.ts';
import { notificationsFeature } from '../features/notifications/index.ts';
import { operationsFeature } from '../features/operations/index.ts';
import { outboxFeature } from '../features/outbox/index.ts';
import { paymentsFeature } from '../features/payments/feature.ts';
import { profileFeature } from '../features/profile/index.ts';
import { settingsFeature } from '../features/settings/feature.ts';
import { signaturesFeature } from '../features/signatures/index.ts';
import { requestTemplatesFeature } from '../features/requestTemplates/index.ts';
import { signingFeature } from '../features/signing/index.ts';
import { timestampsFeature } from '../features/timestamps/index.ts';
import { stampsFeature } from '../features/stamps/index.ts';
import { certificatesFeature } from '../features/certificates/index.ts';
import { searchFeature } from '../features/search/feature.ts';
import { supportFeature } from '../features/support/index.ts';
import { usersFeature } from '../features/users/feature.ts';
import type { FeatureModule, GuardedRoute } from '../shared/routing.ts';

/**
 * The features of the app: each brings its routes (pages loaded lazily) and its translations (namespace =
 * its name, loaded per language on demand). Adding a feature is one line here (see README).
 */
export const features: readonly FeatureModule[] = [
  authFeature,
  profileFeature,
  usersFeature,
  applicationsFeature,
  outboxFeature,
  signaturesFeature,
  requestTemplatesFeature,
  contactsFeature,
  campaignsFeature,
  operationsFeature,
  signingFeature,
  notificationsFeature,
  billingFeature,
  settingsFeature,
  dashboardsFeature,
  paymentsFeature,
  timestampsFeature,
  stampsFeature,
  certificatesFeature,
  supportFeature,
  searchFeature,
];

let loaded: Promise<readonly GuardedRoute[]> | undefined;
/**
 * Every feature's screens of the authenticated area (the router mounts them; the shell prefetches them): the same
 * route objects each time, in the order of `features`.
 */
export const loadAuthenticatedRoutes = (): Promise<readonly GuardedRoute[]> =>
  (loaded ??= Promise.all(
    features.map(async (feature) => [...(feature.routes.authenticated ?? []), ...((await feature.loadAuthenticatedRoutes?.()) ?? [])]),
  ).then((routes) => routes.flat()));
