/**
 * TARGET2 business days (the SEPA clearing calendar): every weekday but 1 January, Good Friday, Easter Monday,
 * 1 May, 25 and 26 December. Dates are UTC calendar days (YYYY-MM-DD).
 */

/** Easter Sunday (Gregorian; anonymous algorithm of Meeus/Jones/Butcher). */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

export function isTargetBusinessDay(date: Date): boolean {
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const md = dayOf(date).slice(5);
  if (md === '01-01' || md === '05-01' || md === '12-25' || md === '12-26') return false;
  const easter = easterSunday(date.getUTCFullYear());
  const day = dayOf(date);
  return day !== dayOf(addDays(easter, -2)) && day !== dayOf(addDays(easter, 1));
}

/** The date `n` business days after `from`'s day (D+n), as YYYY-MM-DD. */
export function addBusinessDays(from: Date, n: number): string {
  let date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = n;
  while (left > 0) {
    date = addDays(date, 1);
    if (isTargetBusinessDay(date)) left--;
  }
  return dayOf(date);
}
