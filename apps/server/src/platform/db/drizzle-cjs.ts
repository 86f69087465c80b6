import { registerHooks } from 'node:module';

/**
 * Loads drizzle-orm through its CommonJS build. Imported as ES modules, drizzle's modules take ≈ 3 s and
 * ≈ 280 MB of transient memory on Node 24 (measured: 350 MB peak RSS for the import alone, against 71 MB and
 * 0.3 s through `require`; the large `exports` map of its package.json is re-read for each of its internal
 * imports — nodejs/node#59733). That cost was most of the embedded default's start-up peak. Resolving
 * `drizzle-orm` and its subpaths with the "require" condition gives the same API (Node exposes a CommonJS
 * module's named exports to `import`) in one instance.
 *
 * Must be registered before anything imports drizzle: the entry points (main.ts, cli.ts) import this module
 * first and load the application with a dynamic import; the test runner loads it as a setup file.
 */
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
      return next(specifier, { ...context, conditions: ['require', 'node', 'default'] });
    }
    return next(specifier, context);
  },
});
