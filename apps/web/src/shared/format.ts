/** Dates as the user's locale writes them; an absent date is a dash. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(localeTag(language), { dateStyle: 'short', timeStyle: 'short' });
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(localeTag(language));
}

/** Product locale codes that are not BCP 47 language tags. */
function localeTag(language: string): string {
  return ({ dk: 'da', gr: 'el', se: 'sv', no: 'nb' } as Record<string, string>)[language] ?? language;
}
