#!/usr/bin/env bash
# Owns `npm test`: lint, types, unit and integration tests, the production build, then browser tests, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

# Playwright cannot download its browsers here; the browser tests use Debian's chromium.
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "▶ installing Debian's chromium for the browser tests"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  else
    echo "Chromium is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi

# The pipeline test (test/server/pipeline.test.ts) runs its app instances behind PgBouncer in transaction mode.
if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "▶ installing Debian's pgbouncer for the pipeline test"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y pgbouncer
  else
    echo "PgBouncer is missing. Install it with: sudo apt-get update && sudo apt-get install -y pgbouncer" >&2
    exit 1
  fi
fi

# Each step says how long it took, and the run its total: the suite's budget is 12 minutes on a quiet machine.
timings=()
step() {
  echo "▶ $*"
  local started=$SECONDS
  "$@"
  timings+=("$(( SECONDS - started )) s  $*")
}

step npx biome check .
# The types an integrator generates from our OpenAPI document; tsc then checks test/generated-client/flow.ts against them.
step npx tsx test/generated-client/generate.ts
step npx tsc --noEmit
# The layer rules (which code may import which): .dependency-cruiser.cjs.
step npx depcruise --config .dependency-cruiser.cjs app components db lib scripts bench test e2e
# The schema and the committed migrations agree: drizzle-kit would generate nothing (scripts/check-migrations-current.mjs).
step node scripts/check-migrations-current.mjs
# Unused files, exports and dependencies (knip.json): dead code cannot come back.
step npx knip
step npx vitest run
step npx vitest run --config vitest.components.config.ts
step npx next build
# Tests that need the built server (raw request targets over sockets, TRACE, unread bodies, the pipeline through
# crashes and a database restart): vitest.server.config.ts.
step npx vitest run --config vitest.server.config.ts
step node scripts/check-page-bundles.mjs
step node scripts/bundle-budget.mjs
step npx playwright test

echo "▶ time per step"
printf '  %s\n' "${timings[@]}"
echo "  ${SECONDS} s in all"
