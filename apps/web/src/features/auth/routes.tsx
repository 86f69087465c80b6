import type { FeatureRoutes } from '../../shared/routing.ts';
import { lazyPage } from '../../shared/routing.ts';

const ns = 'auth';

/** Login (2 steps), sign-up, the mailed links (confirmation, e-mail change, password reset), the logged-out page and `new`. */
export const authRoutes: FeatureRoutes = {
  public: [
    { index: true, lazy: lazyPage(ns, () => import('./pages/LoginPage.tsx').then((m) => m.LoginPage)) },
    { path: 'signup', lazy: lazyPage(ns, () => import('./pages/SignUpPage.tsx').then((m) => m.SignUpPage)) },
    { path: 'confirm', lazy: lazyPage(ns, () => import('./pages/ConfirmPage.tsx').then((m) => m.ConfirmPage)) },
    { path: 'confirm-email', lazy: lazyPage(ns, () => import('./pages/ConfirmPage.tsx').then((m) => () => <m.ConfirmPage kind="email" />)) },
    { path: 'forgot', lazy: lazyPage(ns, () => import('./pages/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage)) },
    { path: 'reset', lazy: lazyPage(ns, () => import('./pages/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage)) },
    { path: 'logout', lazy: lazyPage(ns, () => import('./pages/LogoutPage.tsx').then((m) => m.LogoutPage)) },
    // Spec §2 public `new`: the way in to create a signature, for visitors and logged-in users alike.
    { path: 'new', lazy: lazyPage(ns, () => import('./pages/StartSignaturePage.tsx').then((m) => m.StartSignaturePage)) },
  ],
};
