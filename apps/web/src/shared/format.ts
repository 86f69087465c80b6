import { languageTag } from '@paraphe/contracts';

/** Dates as the user's locale writes them; an absent date is a dash. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(languageTag(language), { dateStyle: 'short', timeStyle: 'short' });
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(languageTag(language));
}

/** Cents excluding VAT as euros in the user's language (spec §9: prices in euros excluding VAT). */
export const formatCents = (cents: number, language: string) =>
  new Intl.NumberFormat(languageTag(language), { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A month's name for a chart axis or a heading, e.g. "janv. 2026" (`YYYY-MM`, a UTC calendar month). */
export const monthLabel = (month: string, language: string) =>
  new Intl.DateTimeFormat(languageTag(language), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
