import { defaultLocale, localeSchema, locales, type Locale, type PersonLanguage } from '@paraphe/contracts';

/** Browser language tags whose code differs from the product's locale names. */
const browserAliases: Record<string, Locale> = { da: 'dk', el: 'gr', sv: 'se', nb: 'no', nn: 'no' };

export function localeFromTag(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  const parsed = localeSchema.safeParse(base);
  if (parsed.success) return parsed.data;
  return browserAliases[base];
}

/** The user's own choice first, then the browser's languages, else French (spec §9). */
export function pickLanguage(userChoice: string | null | undefined, browserTags: readonly string[]): Locale {
  const own = localeFromTag(userChoice);
  if (own) return own;
  for (const tag of browserTags) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return defaultLocale;
}

/**
 * The languages every namespace translates completely: all 12 (the locales test and scripts/check-locales.ts hold
 * them to every key of fr, the reference). A complete language loads no fallback file (fallbacksOf).
 */
export const completeLanguages: readonly Locale[] = locales;

/** Untranslated keys fall back to English, then French (the two complete locales). */
export const fallbackLanguages = { fr: ['en'], default: ['en', 'fr'] };

/**
 * The languages i18next falls back to for `code`, as fallbackLanguages says, except that a complete language
 * has none to load: the locales test proves it never misses a key, so fetching English files for a French
 * screen would only add weight.
 */
export function fallbacksOf(code: string): string[] {
  if ((completeLanguages as readonly string[]).includes(code)) return [];
  return (fallbackLanguages as Record<string, string[]>)[code] ?? fallbackLanguages.default;
}

export const languageStorageKey = 'paraphe.lang';

/**
 * Each language's name in itself (the switcher, a contact's or signer's language). bg, ca, pl and ro are signer
 * languages the interface has no translation for (docs/languages.md).
 */
export const languageNames: Record<PersonLanguage, string> = {
  fr: 'Français',
  en: 'English',
  de: 'Deutsch',
  dk: 'Dansk',
  es: 'Español',
  fi: 'Suomi',
  gr: 'Ελληνικά',
  it: 'Italiano',
  nl: 'Nederlands',
  no: 'Norsk',
  pt: 'Português',
  se: 'Svenska',
  bg: 'Български',
  ca: 'Català',
  pl: 'Polski',
  ro: 'Română',
};
