import { describe, expect, it } from 'vitest';
import type { DomainEventOf } from '@paraphe/contracts';
import { linksOf, monthOf, usageOf } from './metering.ts';
import { buildReport, monthsBetween } from './report.ts';
import type { MonthlyRow } from './repository.ts';

const facts = { requestId: '00000000-0000-4000-8000-000000000001', label: 'L', ownerUserId: null, level: 1 as const, testMode: false };
const signer = { ...facts, signerId: '00000000-0000-4000-8000-000000000002', signerIndex: 0, role: 'signer' as const, signerName: 'X' };
const event = <T extends 'signature.signer_invited' | 'signature.sent' | 'signature.signer_signed'>(type: T, data: DomainEventOf<T>['data']) =>
  ({ id: 'e', type, appId: 'a', actorUserId: null, occurredAt: '2026-01-31T23:59:59Z', data }) as DomainEventOf<T>;

describe('metering: what an event consumes', () => {
  it('counts a contacted signer, plus the SMS option when the invitation goes by SMS', () => {
    expect(usageOf(event('signature.signer_invited', { ...signer, channel: 'email' })).map((u) => u.kind)).toEqual(['signer_contacted']);
    expect(usageOf(event('signature.signer_invited', { ...signer, channel: 'sms' })).map((u) => u.kind)).toEqual(['signer_contacted', 'option_sms']);
  });
  it('counts a signature, and the sending option of a simple request or a campaign copy', () => {
    expect(usageOf(event('signature.signer_signed', { ...signer, handwritten: false, documentCount: 1 })).map((u) => u.kind)).toEqual(['signer_signed']);
    expect(usageOf(event('signature.sent', { ...facts, signerCount: 2 })).map((u) => u.kind)).toEqual(['option_simple']);
    expect(usageOf(event('signature.sent', { ...facts, signerCount: 1, campaignId: facts.requestId })).map((u) => u.kind)).toEqual(['option_campaign']);
  });
  it('links a consumption to its request, campaign or operation (an API create of a campaign or an operation has no request yet)', () => {
    const used = (data: Partial<DomainEventOf<'apikey.used'>['data']>) =>
      ({
        id: 'e',
        type: 'apikey.used',
        appId: 'a',
        actorUserId: null,
        occurredAt: '2026-01-31T23:59:59Z',
        data: { keyId: facts.requestId, ownerUserId: facts.requestId, testMode: false, operation: 'request.created', ...data },
      }) as DomainEventOf<'apikey.used'>;
    const id = '00000000-0000-4000-8000-000000000009';
    expect(linksOf(used({ requestId: id }))).toEqual({ requestId: id, campaignId: null, operationId: null });
    expect(linksOf(used({ operation: 'campaign.created', campaignId: id }))).toEqual({ requestId: null, campaignId: id, operationId: null });
    expect(linksOf(used({ operation: 'operation.created', operationId: id }))).toEqual({ requestId: null, campaignId: null, operationId: id });
    expect(linksOf(event('signature.sent', { ...facts, signerCount: 1, operationId: id }))).toEqual({
      requestId: facts.requestId,
      campaignId: null,
      operationId: id,
    });
  });
  it('files an instant in its UTC month', () => {
    expect(monthOf(new Date('2026-01-31T23:59:59Z'))).toBe('2026-01-01');
    expect(monthOf(new Date('2026-02-01T00:30:00+01:00'))).toBe('2026-01-01');
  });
});

describe('consumption report', () => {
  const row = (month: string, userId: string | null, kind: MonthlyRow['kind'], quantity: number, grossCents: number, testQuantity = 0): MonthlyRow => ({
    appId: 'a',
    month: `${month}-01`,
    userId,
    kind,
    quantity,
    grossCents,
    testQuantity,
  });
  const rows = [
    row('2026-01', 'u1', 'signer_contacted', 6, 600),
    row('2026-01', 'u2', 'signer_contacted', 4, 400, 3),
    row('2026-01', 'u1', 'signer_signed', 1, 150),
    row('2026-03', 'u2', 'signer_contacted', 2, 200),
  ];
  const discounts = [{ threshold: 10, percent: 10 }];
  const names = new Map([
    ['u1', 'ONE Ann'],
    ['u2', 'TWO Bob'],
  ]);

  it('lists every month of the range, empty ones included', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(buildReport({ from: '2026-01', to: '2026-03', rows, discounts, names }).months.map((m) => [m.month, m.lines.length])).toEqual([
      ['2026-01', 2],
      ['2026-02', 0],
      ['2026-03', 1],
    ]);
  });

  it("applies the discount the tenant's monthly volume of a kind reached, to that kind's whole amount", () => {
    const report = buildReport({ from: '2026-01', to: '2026-03', rows, discounts, names });
    expect(report.months[0]!.lines).toEqual([
      { kind: 'signer_contacted', quantity: 10, testQuantity: 3, grossCents: 1000, discountPercent: 10, discountCents: 100, netCents: 900 },
      { kind: 'signer_signed', quantity: 1, testQuantity: 0, grossCents: 150, discountPercent: 0, discountCents: 0, netCents: 150 },
    ]);
    // March's 2 units reach no threshold.
    expect(report.months[2]!.netCents).toBe(200);
    expect(report.totals).toMatchObject({ grossCents: 1350, discountCents: 100, netCents: 1250 });
    expect(report.totals.lines[0]).toMatchObject({ kind: 'signer_contacted', quantity: 12, grossCents: 1200, discountCents: 100, discountPercent: 8.33 });
  });

  it("gives each user their share of the month's discount; a user's report keeps the tenant's percent", () => {
    const report = buildReport({ from: '2026-01', to: '2026-03', rows, discounts, names });
    expect(report.users).toEqual([
      { userId: 'u1', name: 'ONE Ann', quantity: 7, testQuantity: 0, grossCents: 750, discountCents: 60, netCents: 690 },
      { userId: 'u2', name: 'TWO Bob', quantity: 6, testQuantity: 3, grossCents: 600, discountCents: 40, netCents: 560 },
    ]);
    const mine = buildReport({ from: '2026-01', to: '2026-01', rows, discounts, names, userId: 'u2' });
    expect(mine.months[0]!.lines).toEqual([
      { kind: 'signer_contacted', quantity: 4, testQuantity: 3, grossCents: 400, discountPercent: 10, discountCents: 40, netCents: 360 },
    ]);
  });
});
