import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { locales, type Locale } from '@paraphe/contracts';
import { fallbackLanguages, languageStorageKey, pickLanguage } from './language.ts';
import fr from './locales/fr.json';
import en from './locales/en.json';
import de from './locales/de.json';
import dk from './locales/dk.json';
import es from './locales/es.json';
import fi from './locales/fi.json';
import gr from './locales/gr.json';
import it from './locales/it.json';
import nl from './locales/nl.json';
import no from './locales/no.json';
import pt from './locales/pt.json';
import se from './locales/se.json';

const resources = { fr, en, de, dk, es, fi, gr, it, nl, no, pt, se } satisfies Record<Locale, object>;

function storedChoice(): string | null {
  try {
    return localStorage.getItem(languageStorageKey);
  } catch {
    return null;
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(resources).map(([lng, translation]) => [lng, { translation }])),
  lng: pickLanguage(storedChoice(), typeof navigator === 'undefined' ? [] : navigator.languages),
  supportedLngs: [...locales],
  fallbackLng: fallbackLanguages,
  interpolation: { escapeValue: false },
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** Switches the interface language and remembers it for the next visit (before login). */
export function applyLanguage(locale: Locale): void {
  try {
    localStorage.setItem(languageStorageKey, locale);
  } catch {
    // Private mode: the choice only lasts for this page.
  }
  document.documentElement.lang = locale;
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}
