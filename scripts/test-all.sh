#!/usr/bin/env bash
# Every test: lint, types, unit tests, a production build and the end-to-end journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
trap 'status=$?; echo "npm test: $([ $status -eq 0 ] && echo passed || echo FAILED) in $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s"' EXIT

# Each stage says how long it took, so a slow one is seen at once.
stage() {
  local name=$1 began=$SECONDS
  shift
  "$@"
  echo "npm test: ${name} took $(( (SECONDS - began) / 60 )) min $(( (SECONDS - began) % 60 )) s"
}

# Two jobs side by side (the stages are single-threaded, the machine has two cores). Each job's output is printed
# whole once both have ended; either failing fails the run.
side_by_side() {
  local logs first=0 second=0
  logs=$(mktemp -d)
  ( set -e; eval "$1" ) >"$logs/first" 2>&1 &
  local first_pid=$!
  ( set -e; eval "$2" ) >"$logs/second" 2>&1 &
  local second_pid=$!
  wait "$first_pid" || first=$?
  wait "$second_pid" || second=$?
  cat "$logs/first" "$logs/second"
  rm -rf "$logs"
  [ "$first" -eq 0 ] && [ "$second" -eq 0 ]
}

bash scripts/ensure-system-deps.sh

[ -d node_modules ] || npm ci

# Lint, dead code (knip.json: no file, export or dependency without a user) and types, beside the unit tests.
# Jest takes two workers: once lint and the rest have ended it has both cores to itself.
side_by_side 'stage lint npm run lint; stage knip npm run knip; stage types npm run typecheck' \
  'stage unit npm run test:unit -- --ci --maxWorkers=2'
# The e2e server answers on this origin; the build must know it too, or canonical links differ between the two.
# (Only the build and the journeys get it: the PostgreSQL tests post as the default origin.)
e2e_origin="http://127.0.0.1:${E2E_PORT:-3100}"
# The build, beside concurrency on a real PostgreSQL server (a throw-away cluster on 127.0.0.1). Types were checked
# above, so the build skips its own check.
side_by_side 'stage build env SITE_URL="$e2e_origin" BUILD_SKIP_TYPECHECK=1 npm run build' \
  'stage postgres bash scripts/with-postgres.sh npm run test:pg -- --ci'
export SITE_URL="$e2e_origin"
rm -rf .data/e2e
# The journeys' default server stays on PGlite; e2e/checkout-instances.spec.ts starts two servers of its own on one
# PostgreSQL. So the suite runs inside a throw-away cluster whose URL goes to that spec as E2E_POSTGRES_URL, and
# DATABASE_URL is removed for Playwright and the default server.
stage e2e bash scripts/with-postgres.sh bash -c 'E2E_POSTGRES_URL="$DATABASE_URL" E2E_WORKERS="${E2E_WORKERS:-2}" env -u DATABASE_URL npm run test:e2e'
