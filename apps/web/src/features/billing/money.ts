/** Shared with the dashboards (shared/format.ts). */
export { formatCents, monthLabel } from '../../shared/format.ts';

/** `YYYY-MM` of a date (local calendar: the screen's month picker). */
export const monthKeyOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;

/** The month `n` months before `month` (`YYYY-MM`). */
export function monthsBefore(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
