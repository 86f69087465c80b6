import type { Readable } from 'node:stream';
import { contactInputSchema, defaultLocale, errorMessages, normalizeSearch, type Locale } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { xlsxReadable } from '../../platform/spreadsheets/index.ts';
import { cursorNeedsKeyOrder, decodeCursor, decodeNameCursor } from '../../platform/db/cursor.ts';
import * as repo from './repository.ts';
import type { ContactRow, ContactValues } from './repository.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}
type ParsedInput = ReturnType<typeof contactInputSchema.parse>;

/**
 * The language a contact gets when none is given (form or import). Tenants have no language setting yet: the
 * product's default. The one place to change when they get one.
 */
export function tenantDefaultLanguage(): Locale {
  return defaultLocale;
}

export const contactEmailUsed = () => {
  const message = errorMessages.CONTACT_EMAIL_USED!;
  return new AppError('CONTACT_EMAIL_USED', message, { fields: [{ field: 'mail', rule: 'invalid_value', message }] });
};

/** True for the unique index on (app_id, mail) (the driver error may be wrapped by drizzle). */
function isMailUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === 'contacts_app_mail_unique' || e.message?.includes('contacts_app_mail_unique'))) return true;
  }
  return false;
}

/** Two saves of one address may race past the check: the unique index has the last word, read as 409. */
async function withUniqueMail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isMailUniqueViolation(error)) throw contactEmailUsed();
    throw error;
  }
}

const valuesOf = (input: ParsedInput): ContactValues => ({
  mail: input.mail,
  firstname: input.firstname,
  lastname: input.lastname,
  civility: input.civility ?? null,
  title: input.title || null,
  company: input.company || null,
  phoneNumber: input.phoneNumber ?? null,
  mobile: input.mobile ?? null,
  lang: input.lang ?? tenantDefaultLanguage(),
  address: input.address || null,
  additionalAddress: input.additionalAddress || null,
});

/**
 * `filter.cursor`: the back office's cursor past the numbered pages (a tampered one is a 400), in the order by date
 * or by name only (the columns a keyset index serves).
 */
export async function listContacts(opts: Options & { filter: repo.ContactListFilter & { cursor?: string } }) {
  const { platform, actor } = opts;
  const { cursor, ...filter } = opts.filter;
  const key = repo.keysetOf(filter.orderBy);
  if (cursor && !key) throw cursorNeedsKeyOrder('createdAt or lastname');
  const after = key === 'lastname' ? decodeNameCursor(cursor) : decodeCursor(cursor);
  return platform.database.inTenant(actor.appId, (tx) => repo.listContacts(tx, actor.appId, { ...filter, after, offset: after ? 0 : filter.offset }));
}

export async function searchContacts(opts: Options & { q: string; limit: number }): Promise<ContactRow[]> {
  const search = normalizeSearch(opts.q);
  if (!search) return [];
  return (await listContacts({ ...opts, filter: { search, limit: opts.limit, offset: 0, order: 'DESC' } })).rows;
}

export async function getContact(opts: Options & { id: string }): Promise<ContactRow> {
  const { platform, actor } = opts;
  const row = await platform.database.inTenant(actor.appId, (tx) => repo.findContact(tx, actor.appId, opts.id));
  if (!row) throw notFound('Contact');
  return row;
}

export async function createContact(opts: Options & { input: ParsedInput }): Promise<ContactRow> {
  const { platform, actor } = opts;
  const values = valuesOf(opts.input);
  return withUniqueMail(() =>
    platform.database.inTenant(actor.appId, async (tx) => {
      if (await repo.mailTaken(tx, actor.appId, values.mail)) throw contactEmailUsed();
      const row = await repo.insertContact(tx, actor.appId, values);
      await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'contact.created', targetType: 'contact', targetId: row.id, ip: actor.ip });
      return row;
    }),
  );
}

export async function updateContact(opts: Options & { id: string; input: ParsedInput }): Promise<ContactRow> {
  const { platform, actor } = opts;
  const values = valuesOf(opts.input);
  return withUniqueMail(() =>
    platform.database.inTenant(actor.appId, async (tx) => {
      const before = await repo.findContact(tx, actor.appId, opts.id);
      if (!before) throw notFound('Contact');
      if (values.mail !== before.mail && (await repo.mailTaken(tx, actor.appId, values.mail, before.id))) throw contactEmailUsed();
      const row = (await repo.updateContact(tx, actor.appId, before.id, values, platform.clock()))!;
      const changed = (Object.keys(values) as (keyof ContactValues)[]).filter((k) => (values[k] ?? null) !== (before[k] ?? null));
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'contact.updated',
        targetType: 'contact',
        targetId: row.id,
        data: { changed },
        ip: actor.ip,
      });
      return row;
    }),
  );
}

export async function deleteContact(opts: Options & { id: string }): Promise<void> {
  const { platform, actor } = opts;
  await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await repo.deleteContact(tx, actor.appId, opts.id);
    if (!row) throw notFound('Contact');
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'contact.deleted',
      targetType: 'contact',
      targetId: row.id,
      data: { mail: row.mail },
      ip: actor.ip,
    });
  });
}

const exportPageSize = 1000;

/**
 * The address book as an .xlsx file, streamed: pages of 1,000 contacts are read (keyset, newest first, each in its
 * own short transaction) while the file is written, so memory stays flat whatever the size. The list's search
 * applies. The first page is read before returning, so that a refusal is an ordinary error.
 */
export async function exportContacts(opts: Options & { search?: string }): Promise<Readable> {
  const { platform, actor, search } = opts;
  const page = (after?: ContactRow) => platform.database.inTenant(actor.appId, (tx) => repo.exportPage(tx, actor.appId, search, after, exportPageSize));
  const first = await page();
  async function* rows() {
    for (let rows = first; rows.length; rows = rows.length < exportPageSize ? [] : await page(rows.at(-1))) {
      for (const c of rows) {
        yield {
          mail: c.mail,
          firstname: c.firstname,
          lastname: c.lastname,
          civility: c.civility,
          title: c.title,
          company: c.company,
          phoneNumber: c.phoneNumber,
          mobile: c.mobile,
          lang: c.lang,
          address: c.address,
          additionalAddress: c.additionalAddress,
          createdAt: c.createdAt,
        }; // text neutralised by the writer (formula-guard.ts)
      }
    }
  }
  return xlsxReadable({
    sheetName: 'Contacts',
    columns: [
      { header: 'E-mail', key: 'mail', width: 32 },
      { header: 'First name', key: 'firstname', width: 20 },
      { header: 'Last name', key: 'lastname', width: 20 },
      { header: 'Civility', key: 'civility', width: 10 },
      { header: 'Title', key: 'title', width: 20 },
      { header: 'Company', key: 'company', width: 24 },
      { header: 'Phone', key: 'phoneNumber', width: 18 },
      { header: 'Mobile', key: 'mobile', width: 18 },
      { header: 'Language', key: 'lang', width: 10 },
      { header: 'Address', key: 'address', width: 32 },
      { header: 'Additional address', key: 'additionalAddress', width: 24 },
      { header: 'Created', key: 'createdAt', type: 'datetime', width: 20 },
    ],
    rows: rows(),
  });
}
