#!/usr/bin/env bash
# Every test: lint, types, unit tests, a production build and the end-to-end journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh

[ -d node_modules ] || npm ci

npm run lint
npm run typecheck
npm run test:unit -- --ci
npm run build
rm -rf .data/e2e
npm run test:e2e
