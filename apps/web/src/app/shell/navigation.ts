import { accessVerdict, type Access, type AccessSubject } from '../../shared/access.ts';

export type NavIcon =
  | 'dashboard'
  | 'signatures'
  | 'search'
  | 'campaigns'
  | 'operations'
  | 'mailing'
  | 'adminDashboard'
  | 'users'
  | 'timestamp'
  | 'stamp'
  | 'applications'
  | 'phonebook'
  | 'billing'
  | 'settings'
  | 'profile'
  | 'notifications'
  | 'outbox'
  | 'certificate'
  | 'help';

export type NavEntry = { labelKey: string; path: string; icon: NavIcon; access: Access; children?: NavEntry[] };

/** Side navigation of spec §2, in its order, then the personal and administrator entries. */
export const navigation: NavEntry[] = [
  { labelKey: 'nav.dashboard', path: '/home', icon: 'dashboard', access: { permission: 'dashboard.view' } },
  {
    labelKey: 'nav.signatures',
    path: '/signatures/list',
    icon: 'signatures',
    access: { permission: 'signatures.read' },
    children: [
      { labelKey: 'nav.signaturesList', path: '/signatures/list', icon: 'signatures', access: { permission: 'signatures.read' } },
      { labelKey: 'nav.signaturesNew', path: '/signatures/new', icon: 'signatures', access: { permission: 'signatures.create' } },
      {
        labelKey: 'nav.signaturesNewQualified',
        path: '/signatures/new_qualified',
        icon: 'signatures',
        access: { permission: 'signatures.create', feature: 'level3' },
      },
      { labelKey: 'nav.templates', path: '/templates/list', icon: 'signatures', access: { permission: 'signatures.create' } },
    ],
  },
  { labelKey: 'nav.search', path: '/search', icon: 'search', access: { permission: 'signatures.read' } },
  { labelKey: 'nav.campaigns', path: '/campaigns/list', icon: 'campaigns', access: { permission: 'campaigns.read' } },
  { labelKey: 'nav.operations', path: '/batches/list', icon: 'operations', access: { permission: 'operations.read' } },
  { labelKey: 'nav.mailing', path: '/publipostage/list', icon: 'mailing', access: { permission: 'mailing.manage' } },
  { labelKey: 'nav.adminDashboard', path: '/dashboardAdmin', icon: 'adminDashboard', access: { permission: 'admin.dashboard' } },
  { labelKey: 'nav.users', path: '/users/list', icon: 'users', access: { permission: 'users.read' } },
  { labelKey: 'nav.timestamp', path: '/timestamp', icon: 'timestamp', access: { permission: 'timestamp.create' } },
  { labelKey: 'nav.stamp', path: '/cachet/new', icon: 'stamp', access: { permission: 'stamp.create' } },
  { labelKey: 'nav.applications', path: '/applications/list', icon: 'applications', access: { permission: 'admin.applications' } },
  { labelKey: 'nav.adminBilling', path: '/applications/billing', icon: 'billing', access: { permission: 'admin.billing' } },
  { labelKey: 'nav.payments', path: '/applications/payments', icon: 'billing', access: { permission: 'admin.billing' } },
  { labelKey: 'nav.phonebook', path: '/phonebooks/list', icon: 'phonebook', access: { permission: 'phonebook.read' } },
  { labelKey: 'nav.billing', path: '/billing/conso', icon: 'billing', access: { permission: 'billing.read' } },
  // Every user has the User tab (their own defaults); the other tabs ask their own permission.
  { labelKey: 'nav.configuration', path: '/settings/configuration', icon: 'settings', access: { permission: 'settings.profile' } },
  { labelKey: 'nav.profile', path: '/settings/profile', icon: 'profile', access: { permission: 'settings.profile' } },
  { labelKey: 'nav.certificate', path: '/certificate', icon: 'certificate', access: { permission: 'certificates.order' } },
  { labelKey: 'nav.help', path: '/help', icon: 'help', access: { permission: 'dashboard.view' } },
  { labelKey: 'nav.notifications', path: '/notifications/list', icon: 'notifications', access: { permission: 'notifications.read' } },
  { labelKey: 'nav.outbox', path: '/outbox', icon: 'outbox', access: { permission: 'admin.outbox' } },
  { labelKey: 'nav.supportAdmin', path: '/applications/help', icon: 'help', access: { permission: 'admin.applications' } },
  { labelKey: 'nav.certificateQueue', path: '/certificates/queue', icon: 'certificate', access: { permission: 'certificates.verify' } },
];

/** Entries the user may open: the profile has the permission and the tenant the feature (spec §2, §6). */
export function visibleNavigation(me: AccessSubject, entries: NavEntry[] = navigation): NavEntry[] {
  return entries.flatMap((entry) => {
    if (accessVerdict(me, entry.access) !== 'allowed') return [];
    if (!entry.children) return [entry];
    return [{ ...entry, children: visibleNavigation(me, entry.children) }];
  });
}
