import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'users';
const listPage = lazyPage(ns, () => import('./pages/UsersListPage.tsx').then((m) => m.UsersListPage));
const formPage = lazyPage(ns, () => import('./pages/UserFormPage.tsx').then((m) => m.UserFormPage));

export const usersRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'users/list', handle: { access: { permission: 'users.read' } }, lazy: listPage },
    { path: 'users/new', handle: { access: { permission: 'users.create' } }, lazy: formPage },
    { path: 'users/edit/:id', handle: { access: { permission: 'users.update' } }, lazy: formPage },
  ],
};
