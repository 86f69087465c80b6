/**
 * The dependency rules of the monorepo (docs/architecture.md), checked in CI by `npm run lint:deps`:
 * layers run one way, a domain or a feature is used only through its public entry (index.ts), and no two
 * domain folders (or web features) depend on each other in both directions.
 */
const domains = '^apps/server/src/domains';
const features = '^apps/web/src/features';

module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-domain',
      comment: 'The platform layer knows no domain: it receives what it needs (the guard gets its session resolver).',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: `${domains}/|^apps/server/src/(server|modules|main|cli)\\.ts$` },
    },
    {
      name: 'domain-through-its-entry',
      comment:
        "Another domain is used through its index.ts (its service), never its repository or other files; schema.ts may reference another domain's schema.ts for foreign keys.",
      severity: 'error',
      from: { path: `${domains}/([^/]+)/`, pathNot: `${domains}/[^/]+/schema\\.ts$` },
      to: { path: `${domains}/[^/]+/`, pathNot: [`${domains}/$1/`, `${domains}/[^/]+/index\\.ts$`] },
    },
    {
      name: 'schema-references-schema',
      severity: 'error',
      from: { path: `${domains}/([^/]+)/schema\\.ts$` },
      to: { path: `${domains}/[^/]+/`, pathNot: [`${domains}/$1/`, `${domains}/[^/]+/schema\\.ts$`] },
    },
    {
      name: 'entry-exports-no-repository',
      comment:
        "A domain's index.ts exports services and plain views, never its repository's functions or its tables' rows: it imports neither. modules.ts registers tables through each domain's module (module.ts may import schema.ts); drizzle.config reads the schema.ts files directly.",
      severity: 'error',
      from: { path: `${domains}/([^/]+)/index\\.ts$` },
      to: { path: [`${domains}/$1/repository[a-z-]*\\.ts$`, `${domains}/$1/schema\\.ts$`] },
    },
    {
      name: 'queries-in-repositories',
      comment:
        "Every query has one owner: in a domain, only a repository (repository.ts, or repository-<topic>.ts) and a schema.ts import drizzle-orm (tests aside). No exception. The platform layer (out of this rule's scope) keeps its own tables' queries.",
      severity: 'error',
      from: {
        path: `${domains}/`,
        pathNot: [`${domains}/.+/repository[a-z-]*\\.ts$`, `${domains}/.+/schema\\.ts$`, '\\.test\\.ts$'],
      },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'no-two-way-domains',
      comment: 'Domain folders form a one-way graph (the order of src/modules.ts).',
      severity: 'error',
      scope: 'folder',
      from: { path: `${domains}/[^/]+$` },
      to: { path: `${domains}/[^/]+$`, circular: true },
    },
    {
      name: 'server-code-imports-no-test',
      comment:
        'Production source never imports tests, benchmarks or dev tools (the Stripe stand-in in apps/server/dev is loaded at run time, outside production).',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/(test|bench|dev)/' },
    },
    {
      name: 'feature-through-its-entry',
      comment: 'A web feature uses another feature only through its index.ts.',
      severity: 'error',
      from: { path: `${features}/([^/]+)/` },
      to: { path: `${features}/[^/]+/`, pathNot: [`${features}/$1/`, `${features}/[^/]+/index\\.tsx?$`] },
    },
    {
      name: 'no-two-way-features',
      severity: 'error',
      scope: 'folder',
      from: { path: `${features}/[^/]+$` },
      to: { path: `${features}/[^/]+$`, circular: true },
    },
    {
      name: 'shared-imports-no-feature',
      comment: 'Shared web pieces know no feature and no app wiring.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: `${features}/|^apps/web/src/app/` },
    },
    {
      name: 'features-import-no-app',
      severity: 'error',
      from: { path: `${features}/` },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'contracts-are-shared',
      comment: 'The contracts package is imported by both sides: nothing server-only or web-only in it.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|packages/signing)/' },
    },
    {
      name: 'signing-engine-is-pure',
      severity: 'error',
      from: { path: '^packages/signing/src/' },
      to: { path: '^(apps|packages/contracts)/' },
    },
    {
      name: 'embed-package-stands-alone',
      comment: 'The embed package runs on other sites (docs/embedding.md): it imports nothing of the apps or other packages.',
      severity: 'error',
      from: { path: '^packages/embed/' },
      to: { path: '^(apps|packages/(contracts|signing))/' },
    },
    {
      name: 'no-circular-modules',
      severity: 'error',
      from: { path: '^(apps|packages)/[^/]+/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // drizzle-orm stays in the graph (not followed) for the rule queries-in-repositories; other packages are left out.
    exclude: { path: '(^|/)dist/|node_modules/(?!drizzle-orm/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
