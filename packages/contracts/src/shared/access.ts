import { z } from 'zod';

/** Customer user profiles (spec §6). */
export const profiles = ['GERANT', 'COMPTABLE', 'MANAGER', 'COMMERCIAL'] as const;
export const profileSchema = z.enum(profiles);
export type Profile = z.infer<typeof profileSchema>;
/** Profiles allowed as a line manager, and the "sales users" list (spec §6). */
export const managerProfiles: Profile[] = ['GERANT', 'MANAGER'];
export const salesProfiles: Profile[] = ['COMMERCIAL', 'GERANT', 'MANAGER'];
/** GERANT and COMPTABLE see every user of the tenant; the others only their (recursive) descendants. */
export const seesAllUsers = (profile: Profile) => profile === 'GERANT' || profile === 'COMPTABLE';

/** Tenant feature flags (spec §3). */
export const features = [
  'timestamp',
  'operation',
  'preprocessing',
  'api',
  'campaign',
  'mailing',
  'stamp',
  'genericStamp',
  'multiStamp',
  'sms',
  'reminders',
  'handwritten',
  'customerJourney',
  'level2',
  'level3',
] as const;
export const featureSchema = z.enum(features);
export type Feature = z.infer<typeof featureSchema>;
export type FeatureFlags = Record<Feature, boolean>;
export const featureFlagsSchema = z.object(Object.fromEntries(features.map((f) => [f, z.boolean()])) as Record<Feature, z.ZodBoolean>);
/** A new tenant (pack free) starts with the basics on; the administrator enables the rest. */
export const defaultFeatureFlags: FeatureFlags = {
  timestamp: true,
  operation: false,
  preprocessing: false,
  api: false,
  campaign: false,
  mailing: false,
  stamp: true,
  genericStamp: false,
  multiStamp: false,
  sms: true,
  reminders: true,
  handwritten: true,
  customerJourney: false,
  level2: true,
  level3: false,
};

/**
 * Permission actions. The matrix below is the single source of truth: the server authorizes with it,
 * `/me` serves the caller's list, the web menu hides what is not allowed. docs/permissions.md explains it.
 */
export const permissions = [
  'dashboard.view',
  'signatures.read',
  'signatures.create',
  'signatures.manage', // cancel, relaunch, delete requests of users they see
  'campaigns.read',
  'campaigns.manage',
  'operations.read',
  'operations.manage',
  'mailing.manage',
  'stamp.create',
  'timestamp.create',
  'phonebook.read',
  'phonebook.manage',
  'users.read',
  'users.create',
  'users.update',
  'users.delete',
  'users.commute',
  'billing.read',
  'billing.manage',
  'settings.configuration',
  /** The GDPR tab: retention periods, exports and erasures of a person's data (docs/gdpr.md). */
  'settings.gdpr',
  'settings.profile',
  'notifications.read',
  'apikeys.manage',
  'webhooks.manage',
  'connectors.manage',
  'certificates.order', // order one's own qualified certificate (feature level3)
  // product administrator only
  'admin.dashboard',
  'admin.applications',
  'admin.billing',
  'admin.outbox',
  'certificates.verify', // the operator: checks identities, activates or rejects qualified certificates
] as const;
export const permissionSchema = z.enum(permissions);
export type Permission = z.infer<typeof permissionSchema>;

const everyone: Permission[] = ['dashboard.view', 'certificates.order', 'settings.profile', 'notifications.read', 'signatures.read', 'phonebook.read'];
const senders: Permission[] = [
  'signatures.create',
  'signatures.manage',
  'campaigns.read',
  'campaigns.manage',
  'operations.read',
  'operations.manage',
  'mailing.manage',
  'stamp.create',
  'timestamp.create',
  'phonebook.manage',
];

export const permissionMatrix: Record<Profile, Permission[]> = {
  GERANT: [
    ...everyone,
    ...senders,
    'users.read',
    'users.create',
    'users.update',
    'users.delete',
    'users.commute',
    'billing.read',
    'billing.manage',
    'settings.configuration',
    'settings.gdpr',
    'apikeys.manage',
    'webhooks.manage',
    'connectors.manage',
  ],
  // The accountant follows consumption and invoices and sees users and requests, but sends nothing.
  COMPTABLE: [...everyone, 'campaigns.read', 'operations.read', 'users.read', 'billing.read', 'billing.manage'],
  MANAGER: [...everyone, ...senders, 'users.read', 'users.create', 'users.update', 'users.delete'],
  COMMERCIAL: [...everyone, ...senders],
};
export const productAdminPermissions: Permission[] = [
  'admin.dashboard',
  'admin.applications',
  'admin.billing',
  'admin.outbox',
  'certificates.verify',
  'users.commute',
];

export function permissionsFor(profile: Profile, isProductAdmin: boolean): Permission[] {
  const own = permissionMatrix[profile];
  return isProductAdmin ? [...new Set([...own, ...productAdminPermissions])] : own;
}

/**
 * Who may give a profile (docs/permissions.md): only a GERANT gives GERANT or COMPTABLE, and nobody gives a profile
 * with a right they lack. The spec's "COMPTABLE listed as disabled" is this rule as the profile list shows it: the
 * option is there for everyone, enabled only for those who may give it. Server and web ask the same function.
 */
export const directorOnlyProfiles: readonly Profile[] = ['GERANT', 'COMPTABLE'];
export function mayGiveProfile(actor: { profile: Profile; permissions: Iterable<Permission> }, profile: Profile): boolean {
  if (directorOnlyProfiles.includes(profile) && actor.profile !== 'GERANT') return false;
  const held = new Set(actor.permissions);
  return permissionMatrix[profile].every((p) => held.has(p));
}

/** Which feature a permission also needs from the tenant (a disabled feature → "contact sales"). */
export const permissionFeature: Partial<Record<Permission, Feature>> = {
  'campaigns.read': 'campaign',
  'campaigns.manage': 'campaign',
  'operations.read': 'operation',
  'operations.manage': 'operation',
  'mailing.manage': 'mailing',
  'stamp.create': 'stamp',
  'timestamp.create': 'timestamp',
  'apikeys.manage': 'api',
  'webhooks.manage': 'api',
  'certificates.order': 'level3',
};

export const packs = ['free', 'small', 'medium', 'large'] as const;
export const packSchema = z.enum(packs);
export type Pack = z.infer<typeof packSchema>;

/** Access tokens are minted per API audience; each endpoint declares the audience it accepts. */
export const audiences = ['user', 'application', 'notification', 'history', 'outbox', 'phonebook', 'campaign', 'operation', 'template', 'billing'] as const;
export const audienceSchema = z.enum(audiences);
export type Audience = z.infer<typeof audienceSchema>;
