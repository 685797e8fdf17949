#!/usr/bin/env bash
# Install the browser runtime if needed, then serve the game and print its address.
#   ./serve.sh [--port 8000] [--bind 0.0.0.0] [--quiet]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools/setup.sh"
setup_runtime
vendor_python_packages
update_files_list
compile_catalogs
cd "$ROOT"
exec python3 tools/serve.py "$@"
