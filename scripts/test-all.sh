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

# Jobs side by side (most stages are single-threaded, the machine has two cores). Each job's output is printed whole
# once all have ended; any failing fails the run.
side_by_side() {
  local logs index=0 failed=0
  local -a pids=()
  logs=$(mktemp -d)
  for job in "$@"; do
    ( set -e; eval "$job" ) >"$logs/$index" 2>&1 &
    pids+=("$!")
    index=$((index + 1))
  done
  for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || failed=1
    cat "$logs/$index"
  done
  rm -rf "$logs"
  [ "$failed" -eq 0 ]
}

bash scripts/ensure-system-deps.sh

[ -d node_modules ] || npm ci

# The unit tests and the types first (the types before the build, which writes next-env.d.ts and tsconfig.json).
side_by_side 'stage unit npm run test:unit -- --ci --maxWorkers=2' 'stage types npm run typecheck'
# The e2e server answers on this origin; the build must know it too, or canonical links differ between the two.
# (Only the build and the journeys get it: the PostgreSQL tests post as the default origin.)
e2e_origin="http://127.0.0.1:${E2E_PORT:-3100}"
# The build, concurrency on a real PostgreSQL server (a throw-away cluster on 127.0.0.1), lint and dead code (knip.json:
# no file, export or dependency without a user), side by side: the build and the PostgreSQL tests leave a core idle
# for much of their time (measured alone: the build took 2.1 min and 1.7 min of CPU), which lint fills. The build
# skips its own type check: the types stage was that check.
side_by_side 'stage build env SITE_URL="$e2e_origin" BUILD_SKIP_TYPECHECK=1 npm run build' \
  'stage postgres bash scripts/with-postgres.sh npm run test:pg -- --ci; stage knip npm run knip; stage cycles npm run cycles' \
  'stage lint npm run lint'
export SITE_URL="$e2e_origin"
rm -rf .data/e2e
# The journeys' default server stays on PGlite; e2e/checkout-instances.spec.ts starts two servers of its own on one
# PostgreSQL. So the suite runs inside a throw-away cluster whose URL goes to that spec as E2E_POSTGRES_URL, and
# DATABASE_URL is removed for Playwright and the default server.
stage e2e bash scripts/with-postgres.sh bash -c 'E2E_POSTGRES_URL="$DATABASE_URL" E2E_WORKERS="${E2E_WORKERS:-2}" env -u DATABASE_URL npm run test:e2e'
