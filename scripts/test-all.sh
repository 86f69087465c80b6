#!/usr/bin/env bash
# Every test of the project: types, migrations drift, unit + integration on PGlite, integration on PostgreSQL
# (when TEST_DATABASE_URL is set), browser journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s\n' "$*"; }

step "Type check"
npm run typecheck --silent

step "Formatting (prettier: npm run format writes it)"
npm run format:check --silent

step "Lint (ESLint: typescript-eslint rules, the type-aware ones included) and dependency rules (dependency-cruiser: layers, entries, queries in repositories, no two-way domains)"
npm run lint --silent
npm run lint:deps --silent

step "Translations complete (web, mails, PDFs: scripts/check-locales.ts; --report lists every language)"
node scripts/check-locales.ts

step "Schema and migrations agree"
bash scripts/check-migrations.sh

step "The architecture doc's domain table is the code's (node scripts/architecture-table.ts --write)"
node scripts/architecture-table.ts --check

step "The repositories' SQL is the snapshots' (apps/server/queries; node apps/server/scripts/sql-snapshots.ts --write)"
node apps/server/scripts/sql-snapshots.ts --check

# Two test files at a time: Vitest's default on a 2-core machine is ONE worker, and most integration tests wait (jobs,
# timers, the PostgreSQL server, child processes) — measured on 3 files: 28.9 s with one worker, 19.5 s with two.
workers="--maxWorkers=${TEST_WORKERS:-2}"

step "Unit and integration tests (PGlite)"
env -u TEST_DATABASE_URL npx vitest run $workers --project unit --project server --project signing

step "Fuzzing the hand-written parsers, short run (scripts/fuzz.sh: every target 2 s, fixed seed; docs/security.md, \"Fuzzing\")"
bash scripts/fuzz.sh short

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Integration tests (PostgreSQL at ${TEST_DATABASE_URL%%@*}@…)"
  # Only apps/server/test: the unit tests beside the sources (src/**) use no database and ran above.
  npx vitest run $workers --project server apps/server/test/
fi

step "Browser journeys (Chromium)"
npm run build -w apps/web --silent
npm run build -w packages/embed --silent
npx vitest run --project e2e
