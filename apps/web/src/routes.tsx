import type { ReactNode } from 'react';
import { Navigate, createHashRouter, type RouteObject } from 'react-router';
import { RootLayout } from './shell/RootLayout.tsx';
import { PublicLayout } from './shell/PublicLayout.tsx';
import { AuthenticatedLayout } from './shell/AuthenticatedLayout.tsx';
import { Guarded } from './shell/Guarded.tsx';
import { ComingSoon } from './shell/ComingSoon.tsx';
import { ForbiddenPage, NotFoundPage } from './shell/MessagePage.tsx';
import { RouteErrorPage } from './shell/RouteErrorPage.tsx';
import type { Access } from './shell/access.ts';
import { LoginPage } from './auth/LoginPage.tsx';
import { SignUpPage } from './auth/SignUpPage.tsx';
import { ConfirmPage } from './auth/ConfirmPage.tsx';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './auth/ResetPasswordPage.tsx';
import { LogoutPage } from './auth/LogoutPage.tsx';
import { ProfilePage } from './profile/ProfilePage.tsx';
import { UsersListPage } from './users/UsersListPage.tsx';
import { UserFormPage } from './users/UserFormPage.tsx';
import { ApplicationsListPage } from './applications/ApplicationsListPage.tsx';
import { ApplicationNewPage } from './applications/ApplicationNewPage.tsx';
import { ApplicationViewPage } from './applications/ApplicationViewPage.tsx';
import { OutboxPage } from './outbox/OutboxPage.tsx';
import { SignaturesListPage } from './signatures/SignaturesListPage.tsx';
import { SignatureNewPage } from './signatures/new/SignatureNewPage.tsx';
import { QualifiedSignaturePage } from './signatures/QualifiedSignaturePage.tsx';
import { SignatureViewPage } from './signatures/view/SignatureViewPage.tsx';
import { NotificationsListPage } from './notifications/NotificationsListPage.tsx';
import { SigningPage, SigningRouteError } from './signing/SigningPage.tsx';

function guarded(path: string, access: Access, element: ReactNode): RouteObject {
  return { path, element: <Guarded access={access}>{element}</Guarded> };
}

/** A screen of spec §2 that a later issue builds: it exists, is guarded, and says so honestly. */
function comingSoon(path: string, titleKey: string, access: Access): RouteObject {
  return guarded(path, access, <ComingSoon titleKey={titleKey} />);
}

const authenticatedRoutes: RouteObject[] = [
  comingSoon('home', 'screens.home', { permission: 'dashboard.view' }),
  comingSoon('dashboardAdmin', 'screens.dashboardAdmin', { permission: 'admin.dashboard' }),
  guarded('settings/profile', { permission: 'settings.profile' }, <ProfilePage />),
  comingSoon('settings/configuration', 'screens.configuration', { permission: 'settings.configuration' }),
  { path: 'billing', element: <Navigate to="/billing/conso" replace /> },
  comingSoon('billing/conso', 'screens.billing', { permission: 'billing.read' }),
  guarded('notifications/list', { permission: 'notifications.read' }, <NotificationsListPage />),
  guarded('applications/list', { permission: 'admin.applications' }, <ApplicationsListPage />),
  guarded('applications/new', { permission: 'admin.applications' }, <ApplicationNewPage />),
  guarded('applications/view/:id', { permission: 'admin.applications' }, <ApplicationViewPage />),
  comingSoon('applications/billing', 'screens.adminBilling', { permission: 'admin.billing' }),
  comingSoon('phonebooks/list', 'screens.phonebook', { permission: 'phonebook.read' }),
  comingSoon('phonebooks/new', 'screens.phonebookNew', { permission: 'phonebook.manage' }),
  guarded('users/list', { permission: 'users.read' }, <UsersListPage />),
  guarded('users/new', { permission: 'users.create' }, <UserFormPage />),
  guarded('users/edit/:id', { permission: 'users.update' }, <UserFormPage />),
  guarded('signatures/list', { permission: 'signatures.read' }, <SignaturesListPage />),
  guarded('signatures/new', { permission: 'signatures.create' }, <SignatureNewPage />),
  guarded('signatures/new_qualified', { permission: 'signatures.create', feature: 'level3' }, <QualifiedSignaturePage />),
  guarded('signatures/new/:firstname/:lastname/:mail/:phone?', { permission: 'signatures.create' }, <SignatureNewPage />),
  guarded('signatures/view/:id', { permission: 'signatures.read' }, <SignatureViewPage />),
  comingSoon('search', 'screens.search', { permission: 'signatures.read' }),
  comingSoon('batches/list', 'screens.operations', { permission: 'operations.read' }),
  comingSoon('batches/new', 'screens.operationNew', { permission: 'operations.manage' }),
  comingSoon('batches/view/:id', 'screens.operationView', { permission: 'operations.read' }),
  comingSoon('campaigns/list', 'screens.campaigns', { permission: 'campaigns.read' }),
  comingSoon('campaigns/new', 'screens.campaignNew', { permission: 'campaigns.manage' }),
  comingSoon('campaigns/view/:id', 'screens.campaignView', { permission: 'campaigns.read' }),
  comingSoon('publipostage/list', 'screens.mailing', { permission: 'mailing.manage' }),
  comingSoon('publipostage/new', 'screens.mailingNew', { permission: 'mailing.manage' }),
  comingSoon('publipostage/view/:id', 'screens.mailingView', { permission: 'mailing.manage' }),
  comingSoon('cachet/new', 'screens.stamp', { permission: 'stamp.create' }),
  comingSoon('timestamp', 'screens.timestamp', { permission: 'timestamp.create' }),
  comingSoon('help', 'screens.help', { permission: 'dashboard.view' }),
  guarded('outbox', { permission: 'admin.outbox' }, <OutboxPage />),
];

const publicRoutes: RouteObject[] = [
  { index: true, element: <LoginPage /> },
  { path: 'signup', element: <SignUpPage /> },
  { path: 'confirm', element: <ConfirmPage /> },
  { path: 'forgot', element: <ForgotPasswordPage /> },
  { path: 'reset', element: <ResetPasswordPage /> },
  { path: 'logout', element: <LogoutPage /> },
  { path: 'new', element: <ComingSoon titleKey="screens.publicNew" /> },
  { path: 'maintenance', element: <Navigate to="/" replace /> },
  { path: '403', element: <ForbiddenPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/** Routes of spec §2 on the address hash. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      // The signing page has its own white-label frame (the tenant's name, not the product's).
      { path: 'sign/:encodedData', element: <SigningPage />, errorElement: <SigningRouteError /> },
      { element: <PublicLayout />, children: publicRoutes },
      { element: <AuthenticatedLayout />, children: authenticatedRoutes },
    ],
  },
];

export const router = createHashRouter(routes);
