#!/usr/bin/env bash
# Build the static site into dist/ (or --out DIR): copy it to any static host, at any path.
#   ./build.sh [--out dist] [--source-maps]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools/setup.sh"
setup_runtime
compile_catalogs
vendor_python_packages
cd "$ROOT"
py="$(find_python)" || die "Python 3.11+ is needed"
exec "$py" tools/build.py "$@"
