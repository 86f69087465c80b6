/** UTC calendar months, `YYYY-MM`: the dashboards' periods. */

export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The `count` months ending with `last` (included), oldest first. */
export function monthsEnding(last: string, count: number): string[] {
  const [year, month] = [Number(last.slice(0, 4)), Number(last.slice(5, 7))];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** Midnight UTC of the day of `at`, plus `days`. */
export const dayStart = (at: Date, days = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + days));
