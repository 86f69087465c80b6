import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { loadConfig } from '../../platform/config.ts';
import type { Platform } from '../../platform/context.ts';
import { cardMode, cardProvider } from './card-provider.ts';
import { createStripeProvider } from './provider.ts';
import { refundDeadline } from './refunds.ts';
import { addBusinessDays, isTargetBusinessDay } from './sepa/business-days.ts';
import { buildPain008, centsToDecimal, sepaText, type DirectDebit } from './sepa/pain008.ts';

const debit = (amountCents: number, sequence: 'FRST' | 'RCUR', n = 1): DirectDebit => ({
  endToEndId: `E2E-${n}`,
  amountCents,
  mandateId: `PRF-0000000${n}-1`,
  mandateSignedOn: '2026-01-02',
  sequence,
  debtor: { name: `Débiteur ${n}`, iban: 'FR7630006000011234567890189', bic: null },
  remittance: `F-${n}`,
});
const build = (debits: DirectDebit[]) =>
  buildPain008({
    messageId: 'MSG-1',
    createdAt: new Date('2026-03-02T10:00:00Z'),
    creditor: { name: 'Paraphe', iban: 'FR7630006000011234567890189', creditorId: 'FR72ZZZ123456' },
    collectionDates: { FRST: '2026-03-04', RCUR: '2026-03-03' },
    debits,
  });

describe('pain.008 building', () => {
  it('sums cents exactly (no float drift) in GrpHdr and in each PmtInf', () => {
    const xml = build([debit(10, 'FRST', 1), debit(20, 'FRST', 2), debit(70, 'RCUR', 3), debit(1, 'RCUR', 4)]);
    expect(xml).toMatch(/<GrpHdr><MsgId>MSG-1<\/MsgId><CreDtTm>2026-03-02T10:00:00<\/CreDtTm><NbOfTxs>4<\/NbOfTxs><CtrlSum>1.01<\/CtrlSum>/);
    expect(xml).toMatch(
      /<PmtInfId>MSG-1-FRST<\/PmtInfId><PmtMtd>DD<\/PmtMtd><NbOfTxs>2<\/NbOfTxs><CtrlSum>0.30<\/CtrlSum>.*<SeqTp>FRST<\/SeqTp><\/PmtTpInf><ReqdColltnDt>2026-03-04</,
    );
    expect(xml).toMatch(
      /<PmtInfId>MSG-1-RCUR<\/PmtInfId><PmtMtd>DD<\/PmtMtd><NbOfTxs>2<\/NbOfTxs><CtrlSum>0.71<\/CtrlSum>.*<SeqTp>RCUR<\/SeqTp><\/PmtTpInf><ReqdColltnDt>2026-03-03</,
    );
    expect(centsToDecimal(123_456_789)).toBe('1234567.89');
  });
  it('writes one PmtInf per sequence type present, the unknown BIC as NOTPROVIDED, names in the SEPA character set', () => {
    const xml = build([debit(500, 'RCUR')]);
    expect(xml).not.toContain('FRST');
    expect(xml).toContain('<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>');
    expect(xml).toContain('<Dbtr><Nm>Debiteur 1</Nm></Dbtr>');
    expect(sepaText('Müller & Söhne <GmbH>', 70)).toBe('Muller Sohne GmbH');
    expect(() => build([])).toThrow(/at least one debit/);
    expect(() => build([debit(0, 'FRST')])).toThrow(/positive/);
  });
});

describe('SEPA collection dates (TARGET2 business days)', () => {
  it('skips weekends and TARGET holidays (Good Friday, Easter Monday, 1 May, Christmas)', () => {
    expect(addBusinessDays(new Date('2026-03-06T15:00:00Z'), 1)).toBe('2026-03-09'); // Friday → Monday
    expect(addBusinessDays(new Date('2026-04-02T09:00:00Z'), 2)).toBe('2026-04-08'); // Easter 2026: 3 and 6 April closed
    expect(addBusinessDays(new Date('2026-12-24T09:00:00Z'), 1)).toBe('2026-12-28');
    expect(isTargetBusinessDay(new Date('2026-05-01T00:00:00Z'))).toBe(false);
  });
});

describe('refund deadline (spec §9: 3 months)', () => {
  it('is three calendar months after the issue, the end of a shorter month', () => {
    expect(refundDeadline('2026-01-15T10:00:00.000Z').toISOString()).toBe('2026-04-15T10:00:00.000Z');
    expect(refundDeadline('2025-11-30T00:00:00.000Z').toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});

describe('webhook signature verification (Stripe-Signature, HMAC-SHA256 of t.rawBody, 5 minutes)', () => {
  const secret = 'whsec_unit_test_secret';
  const provider = createStripeProvider({ secretKey: 'sk_test_unit', webhookSecret: secret, apiBase: 'http://127.0.0.1:9', standin: true });
  const body = Buffer.from(
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1', latest_charge: 'ch_1', metadata: { paymentId: 'p1' } } },
    }),
  );
  const sign = (payload: Buffer, t = Math.floor(Date.now() / 1000), key = secret) =>
    `t=${t},v1=${createHmac('sha256', key).update(`${t}.${payload.toString()}`).digest('hex')}`;

  it('accepts a signed event and reads what the payments domain applies', () => {
    expect(provider.verifyEvent(body, sign(body))).toEqual({
      id: 'evt_1',
      type: 'payment_succeeded',
      providerPaymentId: 'pi_1',
      paymentId: 'p1',
      chargeId: 'ch_1',
    });
  });
  it('refuses a wrong secret, a changed body, an old timestamp and a missing header', () => {
    expect(() => provider.verifyEvent(body, sign(body, undefined, 'whsec_other'))).toThrow(/signature/);
    expect(() => provider.verifyEvent(Buffer.from(body.toString().replace('pi_1', 'pi_2')), sign(body))).toThrow(/signature/);
    expect(() => provider.verifyEvent(body, sign(body, Math.floor(Date.now() / 1000) - 301))).toThrow(/signature|tolerance|timestamp/i);
    expect(() => provider.verifyEvent(body, undefined)).toThrow(/Missing Stripe-Signature/);
  });
});

describe('card provider mode', () => {
  const platformWith = (env: Record<string, string>) => ({ config: loadConfig({ SECRET_KEY: 'x'.repeat(40), ...env }) }) as unknown as Platform;
  it('uses Stripe with a key, the stand-in without one, and none in production without one (503)', () => {
    expect(cardMode(platformWith({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh' }))).toBe('stripe');
    expect(cardMode(platformWith({}))).toBe('stripe-standin');
    const production = platformWith({ NODE_ENV: 'production' });
    expect(cardMode(production)).toBe('unavailable');
    expect(() => cardProvider(production)).toThrow(expect.objectContaining({ code: 'PAYMENTS_UNAVAILABLE', status: 503 }));
  });
  it('refuses a key without its webhook secret, and a wrong creditor identifier', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ SEPA_CREDITOR_ID: 'FR00ZZZ123456' })).toThrow(/SEPA_CREDITOR_ID/);
  });
});
