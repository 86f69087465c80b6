import { lazyPage, type FeatureRoutes } from '../../shared/routing.ts';

const ns = 'contacts';
const listPage = lazyPage(ns, () => import('./pages/ContactsListPage.tsx').then((m) => m.ContactsListPage));
const formPage = lazyPage(ns, () => import('./pages/ContactFormPage.tsx').then((m) => m.ContactFormPage));
const importPage = lazyPage(ns, () => import('./pages/ContactImportPage.tsx').then((m) => m.ContactImportPage));

/** Spec §2 `phonebooks/list`, `phonebooks/new`; the import and a contact's form are their own addresses. */
export const contactsRoutes: FeatureRoutes = {
  authenticated: [
    { path: 'phonebooks/list', handle: { access: { permission: 'phonebook.read' } }, lazy: listPage },
    { path: 'phonebooks/new', handle: { access: { permission: 'phonebook.manage' } }, lazy: formPage },
    { path: 'phonebooks/import', handle: { access: { permission: 'phonebook.manage' } }, lazy: importPage },
    { path: 'phonebooks/:id', handle: { access: { permission: 'phonebook.manage' } }, lazy: formPage },
  ],
};
