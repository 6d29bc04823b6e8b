#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing: Chromium for the browser tests and a
# PostgreSQL server for the concurrency tests, with its client tools for the backups. Playwright's own browser download cannot work offline.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The journeys' browser (playwright.config.ts); the full chromium above is Lighthouse's.
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v pg_ctlcluster >/dev/null 2>&1 || [ -d /usr/lib/postgresql ] || missing+=(postgresql)
# npm run backup / restore with DATABASE_URL, and their tests (lib/ops/backup.pg.test.ts).
{ command -v pg_dump && command -v pg_restore && command -v psql; } >/dev/null 2>&1 || missing+=(postgresql-client)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing ${missing[*]}: run 'sudo apt-get install -y --no-install-recommends ${missing[*]}' first." >&2
    exit 1
  fi
  echo "Installing ${missing[*]} from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
