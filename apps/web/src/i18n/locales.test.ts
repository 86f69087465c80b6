import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes, locales, permissions, validationRules } from '@paraphe/contracts';
import { fallbackLanguages, localeFromTag, pickLanguage } from './language.ts';

const localesDir = new URL('./locales/', import.meta.url);
const srcDir = new URL('../', import.meta.url).pathname;

function load(locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${locale}.json`, localesDir), 'utf8')) as Record<string, unknown>;
}

/** Flattened keys; i18next plural forms (`x_one`, `x_other`) count as the key `x`. */
function keysOf(tree: Record<string, unknown>, prefix = ''): Set<string> {
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(tree)) {
    const key = `${prefix}${name.replace(/_(one|other)$/, '')}`;
    if (value && typeof value === 'object') for (const k of keysOf(value as Record<string, unknown>, `${key}.`)) keys.add(k);
    else keys.add(key);
  }
  return keys;
}

const isPermission = (key: string) => (permissions as readonly string[]).includes(key);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('locales', () => {
  const en = keysOf(load('en'));
  const fr = keysOf(load('fr'));

  it('has a file for each of the 12 languages', () => {
    for (const locale of locales) expect(() => load(locale)).not.toThrow();
  });

  it('has the same keys in French and English (both complete)', () => {
    expect([...en].filter((k) => !fr.has(k))).toEqual([]);
    expect([...fr].filter((k) => !en.has(k))).toEqual([]);
  });

  it('translates every validation rule and every error code of the contracts', () => {
    for (const rule of validationRules) expect(en.has(`validation.${rule}`), rule).toBe(true);
    for (const code of errorCodes) expect(en.has(`errors.${code}`), code).toBe(true);
  });

  it('has every literal key used by the screens', () => {
    const namespaces = new Set([...en].map((k) => k.split('.')[0]));
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      const source = readFileSync(file, 'utf8');
      // Domains with their own i18next namespace (useTranslation('ns')) have their own locale files.
      if (/useTranslation\(\s*['"`]|addResourceBundle\(/.test(source)) continue;
      for (const match of source.matchAll(/['"`]([a-z][A-Za-z]*\.[A-Za-z_.]+[A-Za-z])['"`]/g)) {
        const key = match[1] ?? '';
        // Permission names ('users.read'…) look like keys but are not.
        if (isPermission(key) || !namespaces.has(key.split('.')[0])) continue;
        used.add(key);
      }
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !en.has(k))).toEqual([]);
  });
});

describe('language choice', () => {
  it('maps browser tags onto the product locales', () => {
    expect(localeFromTag('da-DK')).toBe('dk');
    expect(localeFromTag('el')).toBe('gr');
    expect(localeFromTag('sv-SE')).toBe('se');
    expect(localeFromTag('nb')).toBe('no');
    expect(localeFromTag('en-GB')).toBe('en');
    expect(localeFromTag('ja')).toBeUndefined();
  });
  it("prefers the user's language, then the browser's, else French", () => {
    expect(pickLanguage('de', ['en-US'])).toBe('de');
    expect(pickLanguage(null, ['ja', 'it-IT'])).toBe('it');
    expect(pickLanguage(undefined, ['ja'])).toBe('fr');
  });
  it('falls back to English then French for the partial locales', () => {
    expect(fallbackLanguages.default).toEqual(['en', 'fr']);
  });
});
