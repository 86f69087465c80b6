import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Translations are served as static JSON files, `locales/<namespace>/<lang>.json`, fetched by the i18next backend
 * (shared/i18n/i18n.ts) — not bundled as one JavaScript chunk per file. With bundled chunks the entry held one
 * loader per (namespace, language) file: 12 languages × 20 namespaces = 240 loaders, about 3 kB gzipped of the login
 * route's 200 kB budget for files it never loads. Now the entry holds one URL pattern, whatever the number of
 * languages. The sources stay where their feature keeps them:
 *
 *   src/shared/i18n/locales/<lang>.json      → namespace `common`
 *   src/app/shell/locales/<lang>.json        → namespace `layout`
 *   src/features/<feature>/locales/<lang>.json → namespace `<feature>`
 *
 * The build writes them (minified) under dist/locales/; the dev server answers them from the sources. Two
 * constants are given to the app: `__LOCALES_VERSION__` (a hash of every file, added to the URL so that a new
 * build is never read from a stale cache) and `__LOCALE_FILES__` (which languages each namespace has, so that no
 * request is made for a file that does not exist; '*' = all of them).
 */

export type LocaleFile = { namespace: string; language: string; path: string };

const languagePattern = /^([a-z]{2})\.json$/;

function filesIn(folder: string, namespace: string): LocaleFile[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => languagePattern.exec(name)?.[1])
    .filter((language): language is string => Boolean(language))
    .map((language) => ({ namespace, language, path: join(folder, `${language}.json`) }));
}

/** Every translation file of the web app, with its namespace and language. */
export function localeFiles(srcDir: string): LocaleFile[] {
  const featuresDir = join(srcDir, 'features');
  return [
    ...filesIn(join(srcDir, 'shared', 'i18n', 'locales'), 'common'),
    ...filesIn(join(srcDir, 'app', 'shell', 'locales'), 'layout'),
    ...readdirSync(featuresDir).flatMap((feature) => filesIn(join(featuresDir, feature, 'locales'), feature)),
  ];
}

/** `{ namespace: '*' | 'fr,en' }`: the languages of each namespace ('*' when it has all of `languages`). */
export function availability(files: readonly LocaleFile[], languages: readonly string[]): Record<string, string> {
  const byNamespace = new Map<string, string[]>();
  for (const file of files) byNamespace.set(file.namespace, [...(byNamespace.get(file.namespace) ?? []), file.language]);
  return Object.fromEntries(
    [...byNamespace].map(([namespace, present]) => [namespace, languages.every((l) => present.includes(l)) ? '*' : present.sort().join(',')]),
  );
}

const minified = (path: string) => JSON.stringify(JSON.parse(readFileSync(path, 'utf8')));
const urlPattern = /^\/locales\/([a-z]+)\/([a-z]{2})\.json(?:\?.*)?$/;

export function localesPlugin(srcDir: string, languages: readonly string[]): Plugin {
  const version = () => {
    const hash = createHash('sha256');
    for (const file of localeFiles(srcDir)) hash.update(`${relative(srcDir, file.path)}\n`).update(readFileSync(file.path));
    return hash.digest('hex').slice(0, 12);
  };
  return {
    name: 'paraphe-locales',
    config: () => ({
      define: {
        __LOCALES_VERSION__: JSON.stringify(version()),
        __LOCALE_FILES__: JSON.stringify(availability(localeFiles(srcDir), languages)),
      },
    }),
    // A new file in dev needs a restart (the availability map); an edited one is read fresh on each request.
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = urlPattern.exec(request.url ?? '');
        const file = match && localeFiles(srcDir).find((f) => f.namespace === match[1] && f.language === match[2]);
        if (!match) return next();
        if (!file) {
          response.statusCode = 404;
          return response.end();
        }
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.end(minified(file.path));
      });
    },
    generateBundle() {
      for (const file of localeFiles(srcDir)) {
        this.emitFile({ type: 'asset', fileName: `locales/${file.namespace}/${file.language}.json`, source: minified(file.path) });
      }
    },
  };
}
