#!/usr/bin/env bash
# Fails when the Drizzle schema has changes that no committed migration contains.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
tmp=$(mktemp -d -p .)
trap 'rm -rf "$tmp"' EXIT
cp -r src/platform/db/migrations "$tmp/migrations"
# The same schema sources as drizzle.config.ts (platform tables + every domain's schema.ts), into a scratch copy.
printf "import base from '../drizzle.config.ts';\nexport default { ...base, out: '%s/migrations' };\n" "${tmp#./}" >"$tmp/drizzle.config.ts"
out=$(npx drizzle-kit generate --config "$tmp/drizzle.config.ts" 2>&1)
if ! grep -q "No schema changes" <<<"$out"; then
  echo "$out"
  echo "The schema and the committed migrations disagree: run 'npx drizzle-kit generate' in apps/server and commit the migration." >&2
  exit 1
fi
echo "schema and migrations agree"
