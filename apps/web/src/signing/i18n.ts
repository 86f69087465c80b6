import { i18n } from '../i18n/i18n.ts';
import fr from './locales/fr.json';
import en from './locales/en.json';

/** The 'signing' namespace: fr and en are complete; the other languages fall back to English (app setting). */
export const signingNamespace = 'signing';
i18n.addResourceBundle('fr', signingNamespace, fr, true, true);
i18n.addResourceBundle('en', signingNamespace, en, true, true);
