/** Cents excluding VAT as euros in the user's language (spec §9: prices in euros excluding VAT). */
export const formatCents = (cents: number, language: string) => new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** `YYYY-MM` of a date (local calendar: the screen's month picker). */
export const monthKeyOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;

/** The month `n` months before `month` (`YYYY-MM`). */
export function monthsBefore(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A month's name for a chart axis or a heading, e.g. "janv. 2026". */
export const monthLabel = (month: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
