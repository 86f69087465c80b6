import { amountOf, consumptionKinds, type ConsumptionKind, type ConsumptionLine, type ConsumptionReport, type VolumeDiscount } from '@paraphe/contracts';
import type { MonthlyRow } from './repository.ts';

/**
 * The consumption report (spec §7 conso, users conso) from the monthly figures: per month and kind the tenant's
 * volume decides the discount (docs/billing.md), and each user's share of a month's kind gets the same percent.
 * Pure: the rows in, the report out.
 */

/** `YYYY-MM` of every month from `from` to `to` included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7)); `${y}-${String(m).padStart(2, '0')}` <= to; m === 12 ? ((m = 1), y++) : m++) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
  }
  return months;
}

interface Sum {
  quantity: number;
  testQuantity: number;
  grossCents: number;
}
const add = (into: Sum, row: Sum) => {
  into.quantity += row.quantity;
  into.testQuantity += row.testQuantity;
  into.grossCents += row.grossCents;
};
const emptySum = (): Sum => ({ quantity: 0, testQuantity: 0, grossCents: 0 });
const kindOrder = (a: { kind: ConsumptionKind }, b: { kind: ConsumptionKind }) => consumptionKinds.indexOf(a.kind) - consumptionKinds.indexOf(b.kind);
const totalsOf = (lines: ConsumptionLine[]) => ({
  grossCents: lines.reduce((s, l) => s + l.grossCents, 0),
  discountCents: lines.reduce((s, l) => s + l.discountCents, 0),
  netCents: lines.reduce((s, l) => s + l.netCents, 0),
});
/** The discount of a part of a month's kind (one user's) at the percent the whole kind reached. */
export const discountShare = (grossCents: number, percent: number) => (percent ? amountOf(0, grossCents, [{ threshold: 0, percent }]).discountCents : 0);
const lineOf = (kind: ConsumptionKind, sum: Sum, percent: number): ConsumptionLine => {
  const discountCents = discountShare(sum.grossCents, percent);
  return {
    kind,
    quantity: sum.quantity,
    testQuantity: sum.testQuantity,
    grossCents: sum.grossCents,
    discountPercent: percent,
    discountCents,
    netCents: sum.grossCents - discountCents,
  };
};

export function buildReport(opts: {
  from: string;
  to: string;
  /** The tenant's monthly rows of the range (every user: the volumes decide the discounts). */
  rows: readonly MonthlyRow[];
  discounts: readonly VolumeDiscount[];
  names: ReadonlyMap<string, string>;
  /** Only this user's share (users conso). */
  userId?: string;
}): ConsumptionReport {
  const { rows, discounts, names, userId } = opts;
  const monthKey = (row: MonthlyRow) => row.month.slice(0, 7);
  // The tenant's volume per month and kind → the discount percent it reached.
  const volumes = new Map<string, Sum>();
  for (const row of rows) {
    const key = `${monthKey(row)}|${row.kind}`;
    add(volumes.get(key) ?? volumes.set(key, emptySum()).get(key)!, row);
  }
  const percentOf = (month: string, kind: ConsumptionKind) => {
    const volume = volumes.get(`${month}|${kind}`);
    return volume ? amountOf(volume.quantity, volume.grossCents, discounts).discountPercent : 0;
  };

  const mine = userId ? rows.filter((r) => r.userId === userId) : rows;
  const perMonth = new Map<string, Map<ConsumptionKind, Sum>>();
  const perUser = new Map<string | null, { sum: Sum; discountCents: number }>();
  for (const row of mine) {
    const kinds = perMonth.get(monthKey(row)) ?? perMonth.set(monthKey(row), new Map()).get(monthKey(row))!;
    add(kinds.get(row.kind) ?? kinds.set(row.kind, emptySum()).get(row.kind)!, row);
    const user = perUser.get(row.userId) ?? perUser.set(row.userId, { sum: emptySum(), discountCents: 0 }).get(row.userId)!;
    add(user.sum, row);
    user.discountCents += discountShare(row.grossCents, percentOf(monthKey(row), row.kind));
  }

  const months = monthsBetween(opts.from, opts.to).map((month) => {
    const lines = [...(perMonth.get(month) ?? new Map<ConsumptionKind, Sum>())].map(([kind, sum]) => lineOf(kind, sum, percentOf(month, kind))).sort(kindOrder);
    return { month, lines, ...totalsOf(lines) };
  });

  const byKind = new Map<ConsumptionKind, ConsumptionLine>();
  for (const line of months.flatMap((m) => m.lines)) {
    const total = byKind.get(line.kind);
    if (!total) byKind.set(line.kind, { ...line });
    else {
      total.quantity += line.quantity;
      total.testQuantity += line.testQuantity;
      total.grossCents += line.grossCents;
      total.discountCents += line.discountCents;
      total.netCents += line.netCents;
      // Over several months the percent is the effective one (each month has its own).
      total.discountPercent = total.grossCents ? Math.round((total.discountCents / total.grossCents) * 10000) / 100 : 0;
    }
  }
  const totalLines = [...byKind.values()].sort(kindOrder);

  const users = [...perUser]
    .map(([id, u]) => ({
      userId: id,
      name: id ? (names.get(id) ?? null) : null,
      quantity: u.sum.quantity,
      testQuantity: u.sum.testQuantity,
      grossCents: u.sum.grossCents,
      discountCents: u.discountCents,
      netCents: u.sum.grossCents - u.discountCents,
    }))
    .sort((a, b) => b.netCents - a.netCents || b.quantity - a.quantity || (a.name ?? '').localeCompare(b.name ?? ''));

  return { from: opts.from, to: opts.to, months, totals: { lines: totalLines, ...totalsOf(totalLines) }, users };
}
