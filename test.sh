#!/usr/bin/env bash
# Set up everything the tests need, then lint and run all tests.
#   ./test.sh [extra pytest arguments, e.g. -k smoke -x]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools/setup.sh"
if [[ -n "${TEST_WORKERS:-}" && ! "$TEST_WORKERS" =~ ^[1-9][0-9]*$ ]]; then
    die "TEST_WORKERS is how many test processes run the suite (1 or more), not '$TEST_WORKERS'"
fi
setup_runtime
setup_venv
vendor_python_packages
compile_catalogs
setup_chromium
setup_other_engines
cd "$ROOT"
status=0
say "ruff check"
"$VENV/bin/ruff" check . || status=1
say "pytest"
if [ "$#" -eq 0 ]; then  # default: every test; with arguments: just what they select
    # on every core (at most four: each worker runs its own browsers), a test module to a worker
    workers="${TEST_WORKERS:-$(nproc 2>/dev/null || echo 1)}"
    [ "$workers" -gt 4 ] && workers=4
    set -- --durations=15  # the slowest tests: the suite keeps under 30 minutes on CI
    [ "$workers" -gt 1 ] && set -- "$@" -n "$workers" --dist loadfile
    for dir in tests e2e; do [ -d "$dir" ] && set -- "$@" "$dir"; done
fi
"$VENV/bin/python" -m pytest "$@" || status=1
[ "$status" = 0 ] && say "all checks passed" || say "FAILED (see above)"
exit "$status"
