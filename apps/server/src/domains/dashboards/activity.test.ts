import { describe, expect, it } from 'vitest';
import { activityMetrics } from '@paraphe/contracts';
import { activityDeltas, type CountedEvent } from './activity.ts';
import { countsPerMonth } from './home.ts';

const app = '11111111-1111-4111-8111-111111111111';
const owner = '22222222-2222-4222-8222-222222222222';
let n = 0;
const event = (type: CountedEvent['type'], occurredAt: string, extra: Record<string, unknown> = {}): CountedEvent =>
  ({
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    type,
    appId: app,
    actorUserId: null,
    occurredAt,
    data: { requestId: app, label: 'L', ownerUserId: owner, level: 1, testMode: false, ...extra },
  }) as unknown as CountedEvent;

describe('activity deltas', () => {
  it('groups a batch into one delta per tenant, UTC month, owner, source and metric', () => {
    const deltas = activityDeltas([
      event('signature.sent', '2026-03-31T23:59:59.999Z'),
      event('signature.sent', '2026-03-01T00:00:00.000Z'),
      event('signature.sent', '2026-04-01T00:00:00.000Z'),
      event('signature.sent', '2026-03-10T00:00:00.000Z', { campaignId: app }),
      event('signature.signer_signed', '2026-03-10T00:00:00.000Z', { ownerUserId: null }),
    ]);
    expect(deltas).toEqual([
      { appId: app, month: '2026-03-01', userId: owner, source: 'single', metric: 'requests_sent', count: 2 },
      { appId: app, month: '2026-04-01', userId: owner, source: 'single', metric: 'requests_sent', count: 1 },
      { appId: app, month: '2026-03-01', userId: owner, source: 'campaign', metric: 'requests_sent', count: 1 },
      { appId: app, month: '2026-03-01', userId: null, source: 'single', metric: 'signers_signed', count: 1 },
    ]);
  });

  it('maps each counted event to its metric', () => {
    const types = [
      'signature.created',
      'signature.sent',
      'signature.completed',
      'signature.refused',
      'signature.expired',
      'signature.canceled',
      'signature.signer_invited',
      'signature.signer_signed',
    ] as const;
    // In the contracts' order (the screens' order): one metric per counted event type.
    expect(activityDeltas(types.map((t) => event(t, '2026-01-05T00:00:00Z'))).map((d) => d.metric)).toEqual([...activityMetrics]);
  });
});

describe('counts per month', () => {
  it('gives every month of the range every metric, zero when nothing happened, and ignores rows outside it', () => {
    const series = countsPerMonth(
      ['2026-01', '2026-02'],
      [
        { month: '2026-02-01', metric: 'requests_sent', count: 4 },
        { month: '2026-02-01', metric: 'requests_sent', count: 1 },
        { month: '2025-12-01', metric: 'requests_sent', count: 9 },
      ],
    );
    expect(series.map((m) => [m.month, m.counts.requests_sent, m.counts.signers_signed])).toEqual([
      ['2026-01', 0, 0],
      ['2026-02', 5, 0],
    ]);
    expect(Object.keys(series[0]!.counts)).toHaveLength(8);
  });
});
