import type { Executor } from '../../platform/db/client.ts';
import * as repo from './repository.ts';

/**
 * What the GDPR domain asks of the address book (docs/gdpr.md), in the caller's transaction: a person's contact
 * (export), their erasure, and the contacts unchanged for too long (the retention purge). The queries are the
 * repository's.
 */

/** A person's contact as their access export (art. 15) shows it: every field the tenant keeps about them (a type: a sheet's row). */
export type PersonContactView = {
  id: string;
  mail: string;
  firstname: string;
  lastname: string;
  civility: 'M' | 'MME' | 'OTHER' | null;
  title: string | null;
  company: string | null;
  phoneNumber: string | null;
  mobile: string | null;
  lang: string;
  address: string | null;
  additionalAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The contact of this address in the tenant (mail is stored lower-case, unique per tenant): none or one. */
export async function contactsOfEmail(db: Executor, appId: string, email: string): Promise<PersonContactView[]> {
  // Every column but the tenant and the search text: a column added later is the person's data too.
  const rows = await repo.contactsOfEmail(db, appId, email);
  return rows.map(({ searchText: _search, appId: _app, ...contact }) => contact);
}

/** Deletes the contact of this address; answers how many rows went. */
export async function eraseContactsOfEmail(db: Executor, appId: string, email: string): Promise<number> {
  return repo.eraseContactsOfEmail(db, appId, email);
}

/** Up to `limit` contacts not changed since `before`, after the id `afterId` (a run walks them by id). */
export const contactsUnchangedSince = (db: Executor, appId: string, before: Date, limit: number, afterId?: string): Promise<{ id: string; mail: string }[]> =>
  repo.contactsUnchangedSince(db, appId, before, limit, afterId);

/** Deletes these contacts of the tenant; answers how many went. */
export async function deleteContactsById(db: Executor, appId: string, ids: readonly string[]): Promise<number> {
  return repo.deleteContactsById(db, appId, ids);
}
