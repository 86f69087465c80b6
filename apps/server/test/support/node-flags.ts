/**
 * The V8 flags `./paraphe start` gives the server at its default HEAP_LIMIT_MB (docs/configuration.md "Node.js
 * flags"), for the tests and benches that start a server process: memory figures are measured on a process started
 * as in production. scripts/doc-figures.test.ts checks that `./paraphe`, `npm start` and the docs say the same.
 */
export const serverNodeFlags = ['--max-semi-space-size=4', '--max-old-space-size=384'] as const;
/** The environment `./paraphe start` adds (glibc's malloc arenas, docs/configuration.md "Node.js flags"). */
export const serverEnv = { MALLOC_ARENA_MAX: '2' } as const;
