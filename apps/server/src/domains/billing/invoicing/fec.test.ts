import { describe, expect, it } from 'vitest';
import { customerAccount, fecAmount, fecColumns, fecFileName, fecLines, fecText, latin9Bytes, type FecDocument } from './fec.ts';

const customer = { id: '0b1e2f3a-1111-4222-8333-444455556666', name: 'ACME\tSAS' };
const invoice: FecDocument = {
  kind: 'invoice',
  number: 'F2026-000002',
  issuedAt: new Date('2026-03-01T00:05:00Z'),
  customer,
  netCents: 123456,
  vatCents: 24691,
  totalCents: 148147,
};
const reverseCharged: FecDocument = {
  kind: 'invoice',
  number: 'F2026-000001',
  issuedAt: new Date('2026-03-01T00:05:00Z'),
  customer,
  netCents: 1000,
  vatCents: 0,
  totalCents: 1000,
};
const creditNote: FecDocument = {
  kind: 'credit_note',
  number: 'F2026-000003',
  issuedAt: new Date('2026-03-15T10:00:00Z'),
  customer,
  netCents: 1000,
  vatCents: 200,
  totalCents: 1200,
};

const cents = (amount: string) => Math.round(Number(amount.replace(',', '.')) * 100);

describe('fecLines', () => {
  const lines = fecLines([invoice, creditNote, reverseCharged]);

  it('writes one balanced entry per document, in issue then number order, numbered from 1', () => {
    expect(lines.map((l) => [l.EcritureNum, l.PieceRef, l.CompteNum, l.Debit, l.Credit])).toEqual([
      ['1', 'F2026-000001', '411000', '10,00', '0,00'],
      ['1', 'F2026-000001', '706000', '0,00', '10,00'],
      ['2', 'F2026-000002', '411000', '1481,47', '0,00'],
      ['2', 'F2026-000002', '706000', '0,00', '1234,56'],
      ['2', 'F2026-000002', '445710', '0,00', '246,91'],
      // The credit note reverses: the customer credited, sales and VAT debited.
      ['3', 'F2026-000003', '411000', '0,00', '12,00'],
      ['3', 'F2026-000003', '706000', '10,00', '0,00'],
      ['3', 'F2026-000003', '445710', '2,00', '0,00'],
    ]);
    for (const num of ['1', '2', '3']) {
      const entry = lines.filter((l) => l.EcritureNum === num);
      expect(entry.reduce((s, l) => s + cents(l.Debit), 0)).toBe(entry.reduce((s, l) => s + cents(l.Credit), 0));
    }
  });

  it('fills the 18 columns with the formats of the decree (dates YYYYMMDD, the customer as auxiliary account)', () => {
    const [first] = lines;
    expect(Object.keys(first!)).toEqual([...fecColumns]);
    expect(fecColumns).toHaveLength(18);
    expect(first).toEqual({
      JournalCode: 'VE',
      JournalLib: 'Ventes',
      EcritureNum: '1',
      EcritureDate: '20260301',
      CompteNum: '411000',
      CompteLib: 'Clients',
      CompAuxNum: 'C0B1E2F3A',
      CompAuxLib: 'ACME SAS',
      PieceRef: 'F2026-000001',
      PieceDate: '20260301',
      EcritureLib: 'Facture F2026-000001 ACME SAS',
      Debit: '10,00',
      Credit: '0,00',
      EcritureLet: '',
      DateLet: '',
      ValidDate: '20260301',
      Montantdevise: '',
      Idevise: '',
    });
    // Only the auxiliary line names the customer.
    expect(lines[1]!.CompAuxNum).toBe('');
  });

  it('writes the file tab-separated with a header and CRLF, named <SIREN>FEC<closing date>.txt', () => {
    const text = fecText(lines);
    const records = text.split('\r\n');
    expect(records[0]).toBe(fecColumns.join('\t'));
    expect(records).toHaveLength(lines.length + 2); // header + lines + the final empty string
    expect(records.slice(1, -1).every((r) => r.split('\t').length === 18)).toBe(true);
    expect(fecFileName('443061841', new Date('2026-03-31T00:00:00Z'))).toBe('443061841FEC20260331.txt');
  });

  it('formats amounts with a comma and two decimals, and customer accounts from the tenant id', () => {
    expect([0, 5, 100, 123456, -250].map(fecAmount)).toEqual(['0,00', '0,05', '1,00', '1234,56', '-2,50']);
    expect(customerAccount('abcdef12-0000-0000-0000-000000000000')).toBe('CABCDEF12');
  });

  it('neutralises formula-like free text (the customer name) and never touches amounts, which keep their sign', () => {
    const hostile = [
      { ...invoice, number: 'F2026-000010', customer: { ...customer, name: '=HYPERLINK("http://evil.example","x")' } },
      { ...creditNote, number: 'F2026-000011', customer: { ...customer, name: "+CMD|' /C calc'!A0" } },
      { ...invoice, number: 'F2026-000012', customer: { ...customer, name: '\t@SUM(A1)' } },
    ];
    const out = fecLines(hostile);
    const names = [...new Set(out.filter((l) => l.CompAuxLib).map((l) => l.CompAuxLib))];
    expect(names).toEqual(['\'=HYPERLINK("http://evil.example","x")', "'@SUM(A1)", "'+CMD|' /C calc'!A0"]); // issue order
    // The labels begin with "Facture"/"Avoir": never formula-like, unchanged; no field starts with a trigger.
    expect(out.map((l) => l.EcritureLib)).toContain('Facture F2026-000010 =HYPERLINK("http://evil.example","x")');
    expect(out.flatMap((l) => fecColumns.map((c) => l[c])).filter((v) => /^[=+\-@\t\r]/.test(v))).toEqual([]);
    // Amounts as without the hostile names, and a negative amount keeps its minus sign.
    expect(out.map((l) => [l.Debit, l.Credit])).toEqual(fecLines(hostile.map((d) => ({ ...d, customer }))).map((l) => [l.Debit, l.Credit]));
    expect(fecAmount(-1234)).toBe('-12,34');
    expect(
      fecText(out)
        .split('\r\n')
        .slice(1, -1)
        .every((r) => r.split('\t').length === 18),
    ).toBe(true);
  });

  it('encodes ISO 8859-15: accents and the euro sign on one byte each', () => {
    expect([...latin9Bytes('é€œ✓')]).toEqual([0xe9, 0xa4, 0xbd, 0x3f]);
  });
});
