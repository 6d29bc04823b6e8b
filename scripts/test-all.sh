#!/usr/bin/env bash
# Every test: lint, types, unit tests, a production build and the end-to-end journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
trap 'status=$?; echo "npm test: $([ $status -eq 0 ] && echo passed || echo FAILED) in $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s"' EXIT

bash scripts/ensure-system-deps.sh

[ -d node_modules ] || npm ci

npm run lint
# No file, export or dependency without a user (knip.json).
npm run knip
npm run typecheck
npm run test:unit -- --ci
# Concurrency on a real PostgreSQL server (a throw-away cluster on 127.0.0.1).
bash scripts/with-postgres.sh npm run test:pg -- --ci
# The e2e server answers on this origin; the build must know it too, or canonical links differ between the two.
export SITE_URL="http://127.0.0.1:${E2E_PORT:-3100}"
npm run build
rm -rf .data/e2e
# The journeys' default server stays on PGlite; e2e/checkout-instances.spec.ts starts two servers of its own on one
# PostgreSQL. So the suite runs inside a throw-away cluster whose URL goes to that spec as E2E_POSTGRES_URL, and
# DATABASE_URL is removed for Playwright and the default server.
bash scripts/with-postgres.sh bash -c 'E2E_POSTGRES_URL="$DATABASE_URL" env -u DATABASE_URL npm run test:e2e'
