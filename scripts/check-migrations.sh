#!/usr/bin/env bash
# Fails when the Drizzle schema has changes that no committed migration contains.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
tmp=$(mktemp -d -p .)
trap 'rm -rf "$tmp"' EXIT
cp -r src/platform/db/migrations "$tmp/migrations"
out=$(npx drizzle-kit generate --dialect postgresql --schema ./src/platform/db/schema/index.ts --out "${tmp#./}/migrations" 2>&1)
if ! grep -q "No schema changes" <<<"$out"; then
  echo "$out"
  echo "The schema and the committed migrations disagree: run 'npx drizzle-kit generate' in apps/server and commit the migration." >&2
  exit 1
fi
echo "schema and migrations agree"
