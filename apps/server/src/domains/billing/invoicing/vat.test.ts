import { describe, expect, it } from 'vitest';
import { exportMention, reverseChargeMention, splitGross, vatCentsOf, vatFor } from './vat.ts';

const seller = { vatNumber: 'FR64443061841' };

describe('vatFor', () => {
  it('charges French VAT at 20 % to a buyer in France, with or without a VAT number, and in Monaco', () => {
    for (const buyer of [
      { country: 'FR', vatNumber: 'FR64443061841' },
      { country: 'FR', vatNumber: null },
      { country: 'MC', vatNumber: null },
    ]) {
      expect(vatFor(seller, buyer)).toEqual({ regime: 'standard', ratePercent: 20, mention: null });
    }
  });

  it('reverse-charges a buyer of another member state that gave its intra-community VAT number', () => {
    expect(vatFor(seller, { country: 'DE', vatNumber: 'DE123456789' })).toEqual({ regime: 'reverse_charge', ratePercent: 0, mention: reverseChargeMention });
    expect(vatFor(seller, { country: 'GR', vatNumber: 'EL123456789' }).regime).toBe('reverse_charge');
    expect(reverseChargeMention.fr).toBe('Autoliquidation – article 196 de la directive 2006/112/CE');
  });

  it('charges French VAT to an EU buyer without a VAT number (blank counts as none)', () => {
    expect(vatFor(seller, { country: 'BE', vatNumber: null })).toEqual({ regime: 'standard', ratePercent: 20, mention: null });
    expect(vatFor(seller, { country: 'IT', vatNumber: '  ' }).regime).toBe('standard');
  });

  it('charges no VAT outside the EU (Switzerland, United Kingdom, Norway, United States), with the CGI mention', () => {
    for (const country of ['CH', 'GB', 'NO', 'US', 'CA']) {
      expect(vatFor(seller, { country, vatNumber: country === 'GB' ? 'GB123456789' : null })).toEqual({
        regime: 'export',
        ratePercent: 0,
        mention: exportMention,
      });
    }
    expect(exportMention.fr).toBe('TVA non applicable – article 259-1 du CGI');
  });

  it('refuses a seller not established in France', () => {
    expect(() => vatFor({ vatNumber: 'DE123456789' }, { country: 'FR', vatNumber: null })).toThrow(/established in France/);
  });
});

describe('VAT amounts', () => {
  it('rounds the VAT half up to the cent on the total', () => {
    expect(vatCentsOf(1000, 20)).toBe(200);
    expect(vatCentsOf(1, 20)).toBe(0); // 0.2 cent
    expect(vatCentsOf(3, 20)).toBe(1); // 0.6 cent
    expect(vatCentsOf(1234567, 20)).toBe(246913); // 246,913.4
    expect(vatCentsOf(5, 10)).toBe(1); // 0.5 → 1
    expect(vatCentsOf(999, 0)).toBe(0);
  });

  it('splits a refund including VAT back into net and VAT, summing to the refund', () => {
    expect(splitGross(1200, 20)).toEqual({ netCents: 1000, vatCents: 200 });
    expect(splitGross(1, 20)).toEqual({ netCents: 1, vatCents: 0 });
    expect(splitGross(999, 0)).toEqual({ netCents: 999, vatCents: 0 });
    for (const total of [7, 101, 12345]) {
      const { netCents, vatCents } = splitGross(total, 20);
      expect(netCents + vatCents).toBe(total);
    }
  });
});
