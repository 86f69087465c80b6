import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes, locales, permissions, validationRules } from '@paraphe/contracts';
import { completeLanguages, fallbackLanguages, fallbacksOf, localeFromTag, pickLanguage } from './language.ts';

const srcDir = new URL('../../', import.meta.url).pathname;
const featuresDir = join(srcDir, 'features');
const commonDir = new URL('./locales/', import.meta.url).pathname;
const layoutDir = join(srcDir, 'app', 'shell', 'locales');

/** Every namespace and its folder: `common` (shared) and one per feature that has translations. */
const namespaceDirs: Record<string, string> = {
  common: commonDir,
  layout: layoutDir,
  ...Object.fromEntries(
    readdirSync(featuresDir)
      .filter((name) => existsSync(join(featuresDir, name, 'locales')))
      .map((name) => [name, join(featuresDir, name, 'locales')]),
  ),
};
const namespaces = Object.keys(namespaceDirs);

function load(namespace: string, locale: string): Record<string, unknown> | undefined {
  const file = join(namespaceDirs[namespace]!, `${locale}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;
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

const keys = (namespace: string, locale: string) => keysOf(load(namespace, locale) ?? {});
const isPermission = (key: string) => (permissions as readonly string[]).includes(key);
/** What precedes a form path: Mantine form calls, error maps, and `{ ERROR_CODE: 'field' }` maps. */
const formPathContext = /(getInputProps\(|setFieldValue\(|errors\[|startsWith\(|[A-Z_]{3,}:\s*)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('locales', () => {
  it('has a common file for each of the 12 languages', () => {
    for (const locale of locales) expect(load('common', locale), locale).toBeDefined();
  });

  it('declares fr and en complete, and each namespace has their files', () => {
    expect([...completeLanguages]).toEqual(expect.arrayContaining(['fr', 'en']));
    for (const language of completeLanguages) expect(locales).toContain(language);
    expect(namespaces).toEqual(
      expect.arrayContaining(['common', 'auth', 'profile', 'users', 'applications', 'outbox', 'signatures', 'signing', 'notifications']),
    );
    for (const namespace of namespaces) for (const locale of completeLanguages) expect(load(namespace, locale), `${namespace}/${locale}`).toBeDefined();
  });

  it('has every key of French in every complete language, per namespace (and no key French lacks)', () => {
    for (const namespace of namespaces) {
      const fr = keys(namespace, 'fr');
      for (const locale of completeLanguages) {
        const other = keys(namespace, locale);
        expect(
          [...fr].filter((k) => !other.has(k)),
          `${namespace}: missing in ${locale}`,
        ).toEqual([]);
        expect(
          [...other].filter((k) => !fr.has(k)),
          `${namespace}: only in ${locale}`,
        ).toEqual([]);
      }
    }
  });

  it('gives the partial languages no key French does not have', () => {
    for (const namespace of namespaces) {
      const fr = keys(namespace, 'fr');
      for (const locale of locales)
        expect(
          [...keys(namespace, locale)].filter((k) => !fr.has(k)),
          `${namespace}/${locale}`,
        ).toEqual([]);
    }
  });

  it('translates every validation rule and every error code of the contracts in every complete language', () => {
    for (const locale of completeLanguages) {
      const common = keys('common', locale);
      // The codes only the authenticated screens can meet (billing, payments, users…) are the shell's texts (layout).
      const layout = keys('layout', locale);
      for (const rule of validationRules) expect(common.has(`validation.${rule}`), `${locale}: ${rule}`).toBe(true);
      for (const code of errorCodes) expect(common.has(`errors.${code}`) || layout.has(`errors.${code}`), `${locale}: ${code}`).toBe(true);
    }
  });

  it('has every literal key used by the screens, in the namespaces they use (then common)', () => {
    const french = Object.fromEntries(namespaces.map((ns) => [ns, keys(ns, 'fr')]));
    const firstSegments = (ns: string) => new Set([...french[ns]!].map((k) => k.split('.')[0]));
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(srcDir)) {
      const source = readFileSync(file, 'utf8');
      const declared = [...source.matchAll(/useTranslation\(\s*['"`](\w+)['"`]/g)].map((m) => m[1]!);
      for (const ns of declared) expect(namespaces, `${file}: useTranslation('${ns}')`).toContain(ns);
      // A file without useTranslation('ns') translates in common (the default namespace), then layout (the
      // shell's texts: a fallback namespace too).
      const own = declared.length > 0 ? declared : ['common', 'layout'];
      // A key names a text, or a group of texts (a prefix the screen completes, or returnObjects).
      const has = (nsList: string[], key: string) =>
        [...nsList, 'common', 'layout'].some((ns) => french[ns]?.has(key) || [...(french[ns] ?? [])].some((k) => k.startsWith(`${key}.`)));
      // t('key') and t('key', { ns: 'x' }) calls.
      for (const match of source.matchAll(/\bt\(\s*['"]([A-Za-z][\w.]*)['"](?:\s*,\s*\{[^}]*?\bns:\s*['"](\w+)['"])?/g)) {
        const [, key = '', ns] = match;
        checked += 1;
        if (!has(ns ? [ns] : own, key)) missing.push(`${file}: ${ns ?? own.join('|')}:${key}`);
      }
      // Dotted literals elsewhere (keys passed around, e.g. nav labels, coming-soon titles).
      for (const match of source.matchAll(/['"`]([a-z][A-Za-z]*\.[A-Za-z_.]+[A-Za-z])['"`]/g)) {
        const key = match[1] ?? '';
        if (isPermission(key) || !own.some((ns) => firstSegments(ns).has(key.split('.')[0]))) continue;
        // Form paths (`owner.email`, `options.sepa.rum`) look like keys but are not.
        if (formPathContext.test(source.slice(Math.max(0, (match.index ?? 0) - 30), match.index))) continue;
        checked += 1;
        if (!has(own, key)) missing.push(`${file}: ${own.join('|')}:${key}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
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
    // (Once every language is complete — completeLanguages = locales — none is partial.)
    for (const locale of locales) if (!(completeLanguages as readonly string[]).includes(locale)) expect(fallbacksOf(locale), locale).toEqual(['en', 'fr']);
  });
  it('loads no fallback for a complete language (it has every key)', () => {
    expect(fallbacksOf('fr')).toEqual([]);
    expect(fallbacksOf('en')).toEqual([]);
  });
});
