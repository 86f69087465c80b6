import { describe, expect, it } from 'vitest';
import { dayStart, monthsEnding } from './months.ts';

describe('dashboard periods', () => {
  it('lists the months ending with one, across a year boundary', () => {
    expect(monthsEnding('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsEnding('2026-12', 12)).toHaveLength(12);
    expect(monthsEnding('2026-12', 12)[0]).toBe('2026-01');
  });

  it('starts days at midnight UTC, across a month end', () => {
    expect(dayStart(new Date('2026-01-31T23:30:00+00:00')).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(dayStart(new Date('2026-01-31T23:30:00+00:00'), 1).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(dayStart(new Date('2026-02-25T08:00:00Z'), 7).toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });
});
