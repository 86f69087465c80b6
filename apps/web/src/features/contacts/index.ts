/** Public surface of the contacts feature (the address book, spec "phonebook"): its routes, and the contact picker. */
import { lazy } from 'react';
import type { FeatureModule } from '../../shared/routing.ts';
import { contactsRoutes } from './routes.tsx';

export const contactsFeature: FeatureModule = {
  namespace: 'contacts',
  routes: contactsRoutes,
};

/**
 * An autocomplete over the address book for signer forms: `onPick(contact)` gets the chosen contact. Show it
 * only to users with `phonebook.read`. Lazy: the app imports this index for the routes, and what an index
 * imports statically lands in the first load (render it inside a Suspense).
 */
export const ContactPicker = lazy(() => import('./components/ContactPicker.tsx').then((m) => ({ default: m.ContactPicker })));

/**
 * The spreadsheet import's first two steps, for other imports that follow the address book's rules (a campaign's
 * signatories): the file (`upload` sends it) and the column mapping with its live preview (`onStart` gets the
 * mapping). Lazy, like the picker; their texts are in the `contacts` namespace (load it with the screen).
 */
export const ImportFileStep = lazy(() => import('./components/ImportFileStep.tsx').then((m) => ({ default: m.ImportFileStep })));
export const ImportMappingStep = lazy(() => import('./components/ImportMappingStep.tsx').then((m) => ({ default: m.ImportMappingStep })));
