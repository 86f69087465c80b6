import { describe, expect, it } from 'vitest';
import { internationalPhone, judgeRow, parseCivility, parseLanguage, type ImportMapping, type RowContext } from './importRules.ts';

const mapping: ImportMapping = { mail: 0, firstname: 1, lastname: 2, mobile: 3, phoneNumber: 4, lang: 5, civility: 6, company: 7 };
const context = (unresolved: string[] = []): RowContext => ({ seen: new Set(), domainResolves: (d) => !unresolved.includes(d) });
const row = (over: Partial<Record<number, string>> = {}) => {
  const cells = ['Ann@Example.com', 'Ann', 'Lee', '+33 6 12 34 56 78', '', 'en', 'Mme', 'ACME'];
  for (const [i, v] of Object.entries(over)) cells[Number(i)] = v!;
  return cells;
};

describe('contact import rules', () => {
  it('accepts a complete row, e-mail lower-cased, mobile compacted', () => {
    const verdict = judgeRow(row(), mapping, context());
    expect(verdict).toEqual({
      kind: 'accepted',
      warnings: [],
      contact: {
        mail: 'ann@example.com',
        firstname: 'Ann',
        lastname: 'Lee',
        civility: 'MME',
        title: null,
        company: 'ACME',
        phoneNumber: null,
        mobile: '+33612345678',
        lang: 'en',
        address: null,
        additionalAddress: null,
      },
    });
  });

  it('ignores blank rows (spaces included)', () => {
    expect(judgeRow([], mapping, context())).toEqual({ kind: 'blank' });
    expect(judgeRow(['', '  ', '\t'], mapping, context())).toEqual({ kind: 'blank' });
  });

  it('skips a missing or invalid e-mail', () => {
    expect(judgeRow(row({ 0: '' }), mapping, context())).toEqual({ kind: 'skipped', reasons: ['invalid_email'] });
    expect(judgeRow(row({ 0: 'not-an-email' }), mapping, context())).toEqual({ kind: 'skipped', reasons: ['invalid_email'] });
    expect(judgeRow(row({ 0: 'a@b' }), mapping, context())).toEqual({ kind: 'skipped', reasons: ['invalid_email'] });
  });

  it('skips the later row of the same e-mail (any case)', () => {
    const ctx = context();
    expect(judgeRow(row(), mapping, ctx).kind).toBe('accepted');
    expect(judgeRow(row({ 0: ' ANN@example.COM ' }), mapping, ctx)).toEqual({ kind: 'skipped', reasons: ['duplicate_in_file'] });
  });

  it('skips a domain that does not resolve', () => {
    expect(judgeRow(row(), mapping, context(['example.com']))).toEqual({ kind: 'skipped', reasons: ['domain_unresolved'] });
  });

  it('replaces a missing name by nothing given (null → "-" for a new contact) with a warning', () => {
    const verdict = judgeRow(row({ 1: '', 2: ' ' }), mapping, context());
    expect(verdict.kind === 'accepted' && verdict.contact.firstname).toBeNull();
    expect(verdict.kind === 'accepted' && verdict.warnings).toEqual(['name_missing']);
  });

  it('drops a mobile or phone not in international format, with a warning', () => {
    const verdict = judgeRow(row({ 3: '06 12 34 56 78', 4: '01.23' }), mapping, context());
    expect(verdict).toMatchObject({ kind: 'accepted', contact: { mobile: null, phoneNumber: null }, warnings: ['mobile_invalid', 'phone_invalid'] });
    expect(internationalPhone('0033 6 12 34 56 78')).toBe('+33612345678');
    expect(internationalPhone('+33 (0)6')).toBeNull();
  });

  it('reads languages in any case, with a region, or by name; unknown → default with a warning', () => {
    for (const [text, lang] of [
      ['FR', 'fr'],
      ['fr-FR', 'fr'],
      ['en_GB', 'en'],
      ['Français', 'fr'],
      ['german', 'de'],
      ['Deutsch', 'de'],
      ['Español', 'es'],
      ['BG', 'bg'],
      ['ca-ES', 'ca'],
      ['pl', 'pl'],
      ['ro_RO', 'ro'],
      ['Română', 'ro'],
      ['Polski', 'pl'],
      ['Català', 'ca'],
      ['Български', 'bg'],
    ] as const) {
      expect(parseLanguage(text), text).toBe(lang);
    }
    // The spec's import list only (section 5): Greek, Danish, Swedish… get the default with a warning, never another language.
    for (const text of ['el', 'EL', 'el-GR', 'gr', 'da', 'dk', 'sv', 'se', 'fi', 'no', 'nb', 'Greek', 'Danish']) {
      expect(parseLanguage(text), text).toBeNull();
      expect(judgeRow(row({ 5: text }), mapping, context()), text).toMatchObject({ kind: 'accepted', contact: { lang: null }, warnings: ['language_unknown'] });
    }
    expect(parseLanguage('klingon')).toBeNull();
    const verdict = judgeRow(row({ 5: 'Klingon' }), mapping, context());
    expect(verdict).toMatchObject({ kind: 'accepted', contact: { lang: null }, warnings: ['language_unknown'] });
    expect(judgeRow(row({ 5: '' }), mapping, context())).toMatchObject({ kind: 'accepted', contact: { lang: null }, warnings: [] });
  });

  it('maps civilities; an unknown one is left empty with a warning', () => {
    for (const text of ['M', 'M.', 'Mr', 'mr.', 'Monsieur']) expect(parseCivility(text), text).toBe('M');
    for (const text of ['Mme', 'Mrs', 'MADAME', 'Mlle', 'Ms']) expect(parseCivility(text), text).toBe('MME');
    expect(parseCivility('Autre')).toBe('OTHER');
    expect(judgeRow(row({ 6: 'Dr' }), mapping, context())).toMatchObject({ kind: 'accepted', contact: { civility: null }, warnings: ['civility_unknown'] });
  });

  it('cuts a text longer than its field, with a warning', () => {
    const verdict = judgeRow(row({ 7: 'x'.repeat(250), 1: 'y'.repeat(101) }), mapping, context());
    expect(verdict).toMatchObject({ kind: 'accepted', warnings: ['text_truncated'] });
    if (verdict.kind !== 'accepted') throw new Error('accepted expected');
    expect(verdict.contact.company).toHaveLength(200);
    expect(verdict.contact.firstname).toHaveLength(100);
  });

  it('gives several warnings at once, each once', () => {
    const verdict = judgeRow(row({ 1: '', 3: '123', 5: '??', 7: 'x'.repeat(300) }), mapping, context());
    expect(verdict.kind === 'accepted' && [...verdict.warnings].sort()).toEqual(['language_unknown', 'mobile_invalid', 'name_missing', 'text_truncated']);
  });
});
