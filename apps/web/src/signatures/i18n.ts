import { i18n } from '../i18n/i18n.ts';
import fr from './locales/fr.json';
import en from './locales/en.json';

/** The 'signatures' namespace; the other locales fall back to English, then French (like the app). */
i18n.addResourceBundle('fr', 'signatures', fr, true, true);
i18n.addResourceBundle('en', 'signatures', en, true, true);
