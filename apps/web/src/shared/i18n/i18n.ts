import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageTag, locales, type Locale } from '@paraphe/contracts';
import { fallbacksOf, languageStorageKey, pickLanguage } from './language.ts';

/**
 * Translations are i18next namespaces: `common` (shell, menus, validation rules, error codes, common buttons:
 * shared/i18n/locales/<lang>.json) and one per feature (features/<f>/locales/<lang>.json, namespace = the
 * feature's name). Nothing is bundled: each (language, namespace) file is a static JSON file of the build, fetched the first time
 * a screen needs it — `common` before the first render, a feature's namespace by its routes (routing.ts) —
 * together with its fallback languages (fallbacksOf: none for a complete language). Changing the language
 * loads every namespace already used, in the new language, before switching.
 */
export const commonNamespace = 'common';
/**
 * The authenticated shell's texts (menu, screen titles, banners, coming-soon: app/shell/locales), loaded by the
 * authenticated layout before it renders, not by the login page. A fallback namespace like `common`, so the
 * features' screens use its keys (`nav.users` as a page title) without naming it.
 */
export const layoutNamespace = 'layout';

/**
 * A namespace's files by language, as `import.meta.glob('./locales/*.json', { import: 'default' })` gives them.
 * Only tests register them (the app fetches the built files: see `lazyLocales`).
 */
export type LocaleLoaders = Record<string, () => Promise<unknown>>;

const loadersByNamespace = new Map<string, Map<string, () => Promise<unknown>>>();

/** Declares where a namespace's files are (tests, which have no server to fetch from). */
export function registerNamespace(namespace: string, loaders: LocaleLoaders): void {
  const byLanguage = new Map<string, () => Promise<unknown>>();
  for (const [path, load] of Object.entries(loaders)) {
    const language = /([a-z]{2})\.json$/.exec(path)?.[1];
    if (language) byLanguage.set(language, load);
  }
  loadersByNamespace.set(namespace, byLanguage);
}

declare const __LOCALES_VERSION__: string;
declare const __LOCALE_FILES__: Record<string, string>;

/** Whether the build has `locales/<namespace>/<language>.json` (scripts/localesPlugin.ts). */
function builtFileExists(namespace: string, language: string): boolean {
  if (typeof __LOCALE_FILES__ === 'undefined') return false;
  const present = __LOCALE_FILES__[namespace];
  return present === '*' || (present?.split(',').includes(language) ?? false);
}

async function fetchLocale(namespace: string, language: string): Promise<unknown> {
  const response = await fetch(`${import.meta.env.BASE_URL}locales/${namespace}/${language}.json?v=${__LOCALES_VERSION__}`);
  if (!response.ok) throw new Error(`Translations ${namespace}/${language}: HTTP ${response.status}`);
  return response.json();
}

/**
 * The i18next backend: a namespace's file in a language is fetched from the build's static `locales/` folder
 * (scripts/localesPlugin.ts: one URL pattern in the first load, whatever the number of languages and features),
 * or read from the loaders a test registered. No request for a file that does not exist: its keys fall back.
 */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const registered = loadersByNamespace.get(namespace);
    const load = registered ? registered.get(language) : builtFileExists(namespace, language) ? () => fetchLocale(namespace, language) : undefined;
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function storedChoice(): string | null {
  try {
    return localStorage.getItem(languageStorageKey);
  } catch {
    return null;
  }
}

export const i18n = i18next.createInstance();

/** Resolves once `common` is loaded in the starting language (and its fallbacks): render after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: pickLanguage(storedChoice(), typeof navigator === 'undefined' ? [] : navigator.languages),
    supportedLngs: [...locales],
    fallbackLng: fallbacksOf,
    load: 'currentOnly',
    ns: [commonNamespace],
    defaultNS: commonNamespace,
    // A feature's screens also use the shared keys (fields, buttons, validation rules) without a prefix.
    fallbackNS: [commonNamespace, layoutNamespace],
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

/** `<html lang>` follows the interface language, as its BCP 47 tag (screen readers, hyphenation, spell-check). */
const tagDocument = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = languageTag(language);
};
tagDocument(i18n.language);
i18n.on('languageChanged', tagDocument);

/** Loads namespaces in the current language and its fallbacks (already loaded ones resolve at once). */
export function loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
  const wanted = [commonNamespace, ...(typeof namespaces === 'string' ? [namespaces] : namespaces)];
  return i18nReady.then(() => (wanted.every((ns) => i18n.hasLoadedNamespace(ns)) ? undefined : i18n.loadNamespaces(wanted)));
}

/** Switches the interface language and remembers it for the next visit (before login). */
export function applyLanguage(locale: Locale): void {
  try {
    localStorage.setItem(languageStorageKey, locale);
  } catch {
    // Private mode: the choice only lasts for this page.
  }
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}
