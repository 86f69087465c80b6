import { z } from 'zod';

// In a browser, zod must not compile its parsers with `new Function`: the SPA's Content-Security-Policy forbids
// eval (script-src 'self', docs/security.md), and zod's probe for it would report a CSP violation on every page.
// The server keeps the faster compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** The 12 interface languages of the product; fr is the default. */
export const locales = ['fr', 'en', 'de', 'dk', 'es', 'fi', 'gr', 'it', 'nl', 'no', 'pt', 'se'] as const;
export const localeSchema = z.enum(locales);
export type Locale = z.infer<typeof localeSchema>;
export const defaultLocale: Locale = 'fr';

/** The languages a contact or signer import accepts (spec §5): some the interface has no translation for. */
export const importLanguages = ['bg', 'ca', 'de', 'en', 'es', 'fr', 'it', 'pl', 'nl', 'pt', 'ro'] as const;
export type ImportLanguage = (typeof importLanguages)[number];
/**
 * A person's language (a contact's, a signer's): an interface language or an import language. A person keeps it even
 * when the interface has no translation (bg, ca, pl, ro): their mails, SMS, signing page and PDFs are then in
 * `interfaceFallbackLocale` (docs/languages.md "A language the interface does not have").
 */
export const personLanguages = [...locales, 'bg', 'ca', 'pl', 'ro'] as const;
export const personLanguageSchema = z.enum(personLanguages);
export type PersonLanguage = z.infer<typeof personLanguageSchema>;
/** The interface language of a person whose own language has no translation: English. */
export const interfaceFallbackLocale: Locale = 'en';
/** The interface language that serves a person: their own when the interface has it, else `interfaceFallbackLocale`. */
export const interfaceLocaleOf = (language: string | null | undefined): Locale =>
  (locales as readonly string[]).includes(language ?? '') ? (language as Locale) : interfaceFallbackLocale;

/**
 * The BCP 47 language tag of a product locale, for whatever a browser, a mail client or a PDF reader reads:
 * `<html lang>`, Intl formatting, `Content-Language`, a PDF's /Lang. The spec's codes stay the URL and setting
 * values; `dk`, `gr`, `se` are not the languages' tags (they are Denmark, Greece, Sweden) and Norwegian is written
 * in Bokmål (docs/languages.md).
 */
const languageTags: Partial<Record<Locale, string>> = { dk: 'da', gr: 'el', se: 'sv', no: 'nb' };
export function languageTag(locale: Locale | PersonLanguage | string): string {
  return languageTags[locale as Locale] ?? locale;
}

export const defaultThemeColor = '#009FE3';
export const mobileBreakpointPx = 850;
export const searchMinLength = 3;
export const searchDefaultLimit = 10;

export const uuidSchema = z.uuid();

/** Redirection URLs and the like: a valid URL, HTTPS only (rule url_https). */
export const httpsUrlSchema = z
  .string()
  .trim()
  .url({ message: 'Invalid URL.' })
  .refine((u) => u.startsWith('https://'), { message: 'URL must be HTTPS.', params: { rule: 'url_https' } });

/** Single-item envelope: the body is `{ data }` (the spec's `data.data` seen from an HTTP client). */
export function itemEnvelope<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: item });
}

export const sortOrderSchema = z.enum(['ASC', 'DESC']);

/**
 * List envelope: `{ data, countAll, countAllCapped?, limit, offset, order }`. A list never counts a whole big table
 * (docs/lists.md): past 10,000 matching rows (1,000 for a broad search) counting stops, `countAll` is that floor and
 * `countAllCapped` is true — "10,000+" on screen. Absent (or false): `countAll` is exact.
 */
export function listEnvelope<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    countAll: z.number().int(),
    countAllCapped: z.boolean().optional(),
    limit: z.number().int(),
    offset: z.number().int(),
    order: sortOrderSchema,
    additionnalData: z.record(z.string(), z.unknown()).optional(),
    /** Lists paged by keyset past their numbered pages (docs/lists.md): the `cursor` of the next page, null on the last. */
    nextCursor: z.string().nullable().optional(),
  });
}
export type ListEnvelope<T> = {
  data: T[];
  countAll: number;
  /** countAll is a floor: there are at least that many rows. */
  countAllCapped?: boolean;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
  additionnalData?: Record<string, unknown>;
  nextCursor?: string | null;
};

/** Search shorter than 3 characters is ignored (spec §5), on both sides. */
export function normalizeSearch(search: string | undefined | null): string | undefined {
  const trimmed = (search ?? '').trim();
  return trimmed.length >= searchMinLength ? trimmed : undefined;
}

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(searchDefaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
  order: sortOrderSchema.default('DESC'),
  orderBy: z.string().max(64).optional(),
  search: z.string().max(200).optional().transform(normalizeSearch),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * The lists that reach a million rows (requests, contacts, a campaign's signatories, an operation's orders;
 * docs/lists.md "Deep pages"): pages by number while the offset is at most `maxListOffset` — as far as their total
 * counts, "1,000+" — and past it by `cursor`, the previous page's `nextCursor` (keyset: a page at row 900,000 reads
 * as little as the first). With a cursor the offset is 0.
 */
export const maxListOffset = 1_000;

/**
 * An opaque cursor (base64url). Its message is given as a custom issue with its rule: zod 4 keeps no `params` on a
 * built-in check (`.regex(re, message)`), and the server answers a built-in check with its rule's generic message
 * ("Invalid value."), so the message saying what to do would never reach the client.
 */
const cursorField = (max: number, message: string) =>
  z
    .string()
    .max(max)
    .refine((s) => /^[A-Za-z0-9_-]+$/.test(s), { message, params: { rule: 'invalid_value' } })
    .optional();

export const deepListQuerySchema = listQuerySchema.extend({
  // Refined rather than `.max()`, for the same reason as the cursor: the message says what to do past the cap.
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .refine((offset) => offset <= maxListOffset, {
      message: `Pages past row ${maxListOffset.toLocaleString('en')} are read with the cursor: pass the previous page's nextCursor.`,
      params: { rule: 'out_of_range' },
    }),
  cursor: cursorField(300, 'Not a cursor of this list: start again from the first page.'),
});

/** Keyset paging (invoicing, webhook deliveries): `cursor` is the previous page's `nextCursor`, opaque. */
export const keysetPageFields = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: cursorField(200, 'Not a cursor of this list.'),
};

export const idParamsSchema = z.object({ id: uuidSchema });

export const okSchema = itemEnvelope(z.object({ ok: z.literal(true) }));
