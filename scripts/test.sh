#!/usr/bin/env bash
# Owns `npm test`: lint, types, unit and integration tests, the production build, then browser tests, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

# Installs a Debian package the tests need when its program is missing (as root; otherwise says how).
need_package() {
  local program=$1 package=$2 reason=$3
  if command -v "$program" >/dev/null 2>&1 || [ -x "/usr/sbin/$program" ]; then return; fi
  if [ "$(id -u)" -eq 0 ]; then
    echo "▶ installing Debian's $package $reason"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y "$package"
  else
    echo "$package is missing. Install it with: sudo apt-get update && sudo apt-get install -y $package" >&2
    exit 1
  fi
}

# Playwright cannot download its browsers here: the browser tests use Debian's build of Chromium's headless shell
# (record 0332), the same browser Playwright itself runs headless, without the full browser's window machinery.
need_package chromium-headless-shell chromium-headless-shell "for the browser tests"
# The pipeline test (test/server/pipeline.test.ts) runs its app instances behind PgBouncer in transaction mode.
need_package pgbouncer pgbouncer "for the pipeline test"

# Each step says how long it took, and the run its total: the suite's budget is 15 minutes on a quiet machine.
timings=()
step() {
  echo "▶ $*"
  local started=$SECONDS
  "$@"
  timings+=("$(( SECONDS - started )) s  $*")
}

# Runs lanes (quoted command lines) side by side: every lane but the last in the background, its output kept in a
# file; the last in the foreground, its output shown as it comes. Then prints the kept output, and fails if any lane
# failed. For steps that leave a core idle: one-threaded checks, and tests that mostly wait on servers they started.
lanes_dir=$(mktemp -d)
trap 'rm -rf "$lanes_dir"' EXIT
lanes() {
  local label=$1; shift
  echo "▶ $label, side by side:"
  printf '    %s\n' "$@"
  local started=$SECONDS pids=() index=0 failed=0 status
  local last=$(( $# - 1 ))
  local all=("$@")
  for (( index = 0; index < last; index++ )); do
    bash -c "set -euo pipefail; ${all[$index]}" >"$lanes_dir/$index.log" 2>&1 &
    pids+=($!)
  done
  echo "▶ ${all[$last]}"
  status=0
  bash -c "set -euo pipefail; ${all[$last]}" || status=$?
  if [ "$status" -ne 0 ]; then failed=1; fi
  echo "▶ ${all[$last]}: exit $status"
  for (( index = 0; index < last; index++ )); do
    status=0
    wait "${pids[$index]}" || status=$?
    echo "▶ ${all[$index]}: exit $status"
    cat "$lanes_dir/$index.log"
    if [ "$status" -ne 0 ]; then failed=1; fi
  done
  timings+=("$(( SECONDS - started )) s  $label")
  return "$failed"
}

# The types an integrator generates from our OpenAPI document; tsc then checks test/generated-client/flow.ts against
# them. The other static checks read the generated file too, so they start once it is written.
step npx tsx test/generated-client/generate.ts
# tsc runs on one core; the other checks share the second:
# - Biome (format and lint);
# - the layer rules, which code may import which (.dependency-cruiser.cjs);
# - the schema and the committed migrations agree: drizzle-kit would generate nothing (scripts/check-migrations-current.mjs);
# - unused files, exports and dependencies (knip.json): dead code cannot come back;
# then the component tests (Testing Library in happy-dom), which take the second core while tsc still has the first.
lanes "static checks and component tests" \
  "npx tsc --noEmit" \
  "npx biome check . && npx depcruise --config .dependency-cruiser.cjs app components db lib scripts bench test e2e && node scripts/check-migrations-current.mjs && npx knip && npx vitest run --config vitest.components.config.ts"
step npx vitest run
step npx next build
step node scripts/check-page-bundles.mjs
step node scripts/bundle-budget.mjs
# The tests that need the built server (raw request targets over sockets, TRACE, unread bodies, the pipeline through
# crashes and a database restart, the production walks: vitest.server.config.ts) run beside the browser tests: they
# spend most of their time waiting on the servers they start (about 40% of two cores alone). At a lower priority, so
# the browser tests' time-bound steps get the CPU first and the server tests take what the browser leaves idle.
lanes "built-server and browser tests" \
  "nice -n 10 npx vitest run --config vitest.server.config.ts" \
  "npx playwright test"

echo "▶ time per step"
printf '  %s\n' "${timings[@]}"
echo "  ${SECONDS} s in all"
