import { describe, expect, it } from 'vitest';
import { languageTag, locales } from '@paraphe/contracts';
import { localeFromTag, pickLanguage } from './language.ts';

describe('pickLanguage: which language the interface opens in', () => {
  it("the user's own language wins over the browser's", () => {
    expect(pickLanguage('de', ['en-US', 'en'])).toBe('de');
    expect(pickLanguage('fr', ['en-GB'])).toBe('fr');
  });

  it("without a choice of their own, the browser's first product language, then French", () => {
    expect(pickLanguage(null, ['ja-JP', 'el-GR', 'en'])).toBe('gr');
    expect(pickLanguage(undefined, ['nb-NO'])).toBe('no');
    expect(pickLanguage('xx', ['sv-SE'])).toBe('se');
    expect(pickLanguage(null, ['ja'])).toBe('fr');
  });
});

describe('languageTag: the BCP 47 tag browsers, mail clients and PDF readers read', () => {
  it('maps the spec codes that are country codes to their language tags, and back', () => {
    expect(languageTag('dk')).toBe('da');
    expect(languageTag('gr')).toBe('el');
    expect(languageTag('se')).toBe('sv');
    expect(languageTag('no')).toBe('nb');
    expect(languageTag('fr')).toBe('fr');
    for (const locale of locales) expect(localeFromTag(languageTag(locale))).toBe(locale);
  });

  it('formats dates in the language the tag names (Danish, not a fallback)', () => {
    const may = new Date('2026-05-14T12:00:00Z');
    expect(may.toLocaleDateString(languageTag('dk'), { month: 'long', timeZone: 'UTC' })).toBe('maj');
    expect(may.toLocaleDateString(languageTag('gr'), { month: 'long', timeZone: 'UTC' })).toBe('Μαΐου');
  });
});
