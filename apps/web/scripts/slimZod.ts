import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * zod 4's classic schemas each carry their JSON Schema conversion (`schema.toJSONSchema()`, the Standard Schema's
 * `jsonSchema`): zod/v4/core/to-json-schema.js and json-schema-processors.js, about 17 kB raw and 5 kB gzipped of the
 * first load, which no screen uses (the server's OpenAPI document is where schemas become JSON Schema). The build
 * gives zod two stand-ins: every converter is a function that throws, and `aggregateChecks` (the only export read
 * outside a conversion: the `minLength` / `maxLength`… getters of the schemas) comes from the real file, the rest of
 * which tree-shaking then drops. Tests and the dev server keep the real files (apply: 'build').
 *
 * zod's English messages (zod/v4/locales/en.js, 1.1 kB gzipped) go too: the web never shows one — a form words each
 * issue from its code in the person's language (shared/forms/validationRules.ts), an API error comes with the
 * server's words. Without them an issue's `message` is zod's fallback, "Invalid input".
 */
const stubbed = /[\\/]node_modules[\\/]zod[\\/]v4[\\/](core[\\/](to-json-schema|json-schema-processors)|locales[\\/]en)\.js$/;
const stubPrefix = '\0slim-zod:';

/** The names a module of zod exports (`export function x`, `export const x`, `export { a as b }`). */
function exportNames(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const m of source.matchAll(/^export (?:async )?(?:function\*?|const|let|class) ([A-Za-z0-9_$]+)/gm)) names.add(m[1]!);
  for (const m of source.matchAll(/^export \{([^}]*)\}/gm))
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  return [...names];
}

export function slimZod(): Plugin {
  return {
    name: 'paraphe:slim-zod',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      // zod's own relative imports of the two files (the stand-in's import of the real file is absolute: kept).
      if (!importer || !source.startsWith('.') || !/[\\/]node_modules[\\/]zod[\\/]/.test(importer)) return null;
      const path = resolve(dirname(importer), source);
      return stubbed.test(path) ? `${stubPrefix}${path}` : null;
    },
    load(id) {
      if (!id.startsWith(stubPrefix)) return null;
      const real = id.slice(stubPrefix.length);
      // The locale: no message of its own (zod falls back to "Invalid input").
      if (/[\\/]locales[\\/]en\.js$/.test(real)) return 'export default function () { return { localeError: () => undefined }; }';
      const lines = [`const unavailable = () => { throw new Error('JSON Schema conversion is not part of the web build (vite.config.ts).'); };`];
      for (const name of exportNames(real)) {
        if (name === 'aggregateChecks') lines.push(`export { aggregateChecks } from ${JSON.stringify(real)};`);
        else if (name.startsWith('create')) lines.push(`export const ${name} = () => unavailable;`);
        else lines.push(`export const ${name} = unavailable;`);
      }
      return lines.join('\n');
    },
  };
}
