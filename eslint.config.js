// Code rules of the monorepo; the dependency rules (layers, entries, cycles) are in .dependency-cruiser.cjs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** An API path written as a string: paths live once, in the contracts' endpoint descriptors. */
const apiPathLiteral = {
  selector: 'Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]',
  message: "Write no '/api/…' path: use the endpoint descriptor of packages/contracts (serve() on the server, callEndpoint() on the web).",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/server/src/platform/db/migrations/**',
      'packages/signing/test/fixtures/**',
      'screenshots/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2024, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-control-regex': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Rules that need the types (typescript-eslint's type-checked rules that catch bugs; issue 26 item 6). Each file is
    // checked with the tsconfig that includes it; the two workspace vitest configs belong to no tsconfig.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['apps/server/vitest.config.ts', 'packages/signing/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits or catches: its rejection is lost (or crashes the process), its order is not kept.
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise where a plain value is expected: an async callback given to an event handler, an `if (promise)`.
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch over a union that forgets a member (a `default` counts as handling the rest).
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Not yet `no-unnecessary-type-assertion`: 254 findings (2026-12, none a bug), 105 of them `db.execute(…) as unknown
      // as { rows }` casts to rewrite as `db.execute<Row>(…)` by hand in the repositories issue 26 item 1 is moving.
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', apiPathLiteral] },
  },
);
