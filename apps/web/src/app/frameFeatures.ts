import { authFeature } from '../features/auth/index.ts';
import { requestTemplatesFeature } from '../features/requestTemplates/index.ts';
import { signaturesFeature } from '../features/signatures/index.ts';
import { signingFeature } from '../features/signing/index.ts';
import { supportFeature } from '../features/support/index.ts';
import { timestampsFeature } from '../features/timestamps/index.ts';
import type { FeatureModule } from '../shared/routing.ts';

/**
 * The features with screens outside the authenticated area (public or standalone routes: login and sign-up, the
 * signing page, the verification page, the embedded draft and template editors). The router holds their routes from the start; every other feature's
 * routes are loaded only when a path needs them (router.tsx), so the login route does not carry them.
 * A feature that gains a public or standalone route must be listed here (features.test.ts checks it).
 */
export const frameFeatures: readonly FeatureModule[] = [
  authFeature,
  requestTemplatesFeature,
  signaturesFeature,
  signingFeature,
  supportFeature,
  timestampsFeature,
];
