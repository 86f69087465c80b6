// Code rules of the monorepo; the dependency rules (layers, entries, cycles) are in .dependency-cruiser.cjs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** An API path written as a string: paths live once, in the contracts' endpoint descriptors. */
const apiPathLiteral = {
  selector: "Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]",
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-control-regex': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', apiPathLiteral] },
  },
);
