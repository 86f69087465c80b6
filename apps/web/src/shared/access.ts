import { permissionFeature, type Feature, type FeatureFlags, type Permission } from '@paraphe/contracts';

/** What a route or a menu entry needs: a permission of the profile and, maybe, a feature of the tenant. */
export type Access = { permission: Permission; feature?: Feature };
export type AccessVerdict = 'allowed' | 'forbidden' | 'featureDisabled';
/** The part of the identity (`Me`) that access depends on. */
export type AccessSubject = { permissions: readonly Permission[]; application: { features: FeatureFlags } };

export function requiredFeature(access: Access): Feature | undefined {
  return access.feature ?? permissionFeature[access.permission];
}

export function accessVerdict(me: AccessSubject, access: Access): AccessVerdict {
  if (!me.permissions.includes(access.permission)) return 'forbidden';
  const feature = requiredFeature(access);
  if (feature && !me.application.features[feature]) return 'featureDisabled';
  return 'allowed';
}
