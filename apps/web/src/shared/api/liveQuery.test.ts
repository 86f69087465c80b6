import { describe, expect, it } from 'vitest';
import { liveAlong, liveViewPollMs, liveWhile } from './liveQuery.ts';

const state = <T>(data: T | undefined) => ({ state: { data } });

describe('live queries', () => {
  const options = liveWhile((status: string) => status !== 'completed');

  it('polls a view while what it shows can still change, at every focus too', () => {
    expect(options.refetchInterval(state('ready'))).toBe(liveViewPollMs);
    expect(options.refetchOnWindowFocus(state('ready'))).toBe('always');
  });

  it('stops once it is final, and then reads again only a stale copy on focus', () => {
    expect(options.refetchInterval(state('completed'))).toBe(false);
    expect(options.refetchOnWindowFocus(state('completed'))).toBe(true);
  });

  it('waits for a first answer before polling', () => {
    expect(options.refetchInterval(state<string>(undefined))).toBe(false);
  });

  it('follows its parent for the queries read along', () => {
    expect(liveAlong(true)).toEqual({ refetchInterval: liveViewPollMs, refetchOnWindowFocus: 'always' });
    expect(liveAlong(false)).toEqual({ refetchInterval: false, refetchOnWindowFocus: true });
  });
});
