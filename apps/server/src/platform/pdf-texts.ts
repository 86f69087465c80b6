import { localeSchema, type Locale } from '@paraphe/contracts';

/**
 * The texts of a server-made PDF, in each of the 12 languages (the type asks for all of them; scripts/check-locales.ts
 * also checks that every language has every key with the same `{placeholders}`).
 */
export type PdfTexts<T> = Record<Locale, T>;

/** The language a PDF is written in: a product locale, English for anything else. */
export const pdfLanguageOf = (language: string | null | undefined): Locale => {
  const parsed = localeSchema.safeParse(language);
  return parsed.success ? parsed.data : 'en';
};

/** `{name}` placeholders filled from `values` (a missing value prints empty). */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
