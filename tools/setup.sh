# Shared setup steps for ./serve.sh and ./test.sh (source this file; bash).
# Every step is idempotent and skips quickly when already done.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo -n "$@"; else return 1; fi
}

apt_install() {
    command -v apt-get >/dev/null || return 1
    say "apt-get install $*"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

find_python() {
    for py in python3.14 python3.13 python3.12 python3.11 python3; do
        if command -v "$py" >/dev/null &&
            "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            command -v "$py"; return 0
        fi
    done
    return 1
}

sha_of() { python3 -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$1"; }

# npm packages (pinned by package-lock.json) -> static/vendor/
setup_runtime() {
    cd "$ROOT" || exit 1
    if ! command -v npm >/dev/null; then
        apt_install nodejs npm || die "npm is missing: install Node.js 20+ (https://nodejs.org)"
    fi
    local stamp="node_modules/.espionage-lock.sha256" want
    want="$(sha_of package-lock.json)"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
        say "npm ci (Pyodide, PyScript)"
        npm ci --ignore-scripts --no-audit --no-fund --loglevel=error || die "npm ci failed"
        printf '%s\n' "$want" >"$stamp"
    fi
    python3 tools/vendor.py || die "copying the runtime into static/vendor/ failed"
}

# pyscript.toml [files] <- the .py files of espionage/ and ui/ (for ./serve.sh; the tests
# only check it, so CI catches a stale committed pyscript.toml)
update_files_list() {
    cd "$ROOT" && python3 tools/gen_files.py || die "updating pyscript.toml failed"
}

make_venv() {
    local py
    if [ ! -x "$VENV/bin/python" ]; then
        py="$(find_python)" || die "Python 3.11+ is needed"
        say "creating .venv with $py"
        "$py" -m venv "$VENV" || die "python -m venv failed (Debian: apt-get install python3-venv)"
    fi
}

# .venv with the project and its test tools
setup_venv() {
    cd "$ROOT" || exit 1
    local stamp="$VENV/.espionage-pyproject.sha256" want
    make_venv
    want="$(sha_of pyproject.toml)"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
        say "pip install -e '.[test]'"
        "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e '.[test]' ||
            die "pip install failed"
        printf '%s\n' "$want" >"$stamp"
    fi
}

# locale/*/LC_MESSAGES/*.mo <- .po, compiled by Babel. ./serve.sh and ./build.sh need only
# Babel: without the test tools, .venv gets just it (the '.[i18n]' extra).
compile_catalogs() {
    cd "$ROOT" || exit 1
    if ! "$VENV/bin/python" -c "import babel" 2>/dev/null; then
        make_venv
        say "pip install -e '.[i18n]' (Babel, to compile the translations)"
        "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e '.[i18n]' ||
            die "pip install failed (Babel is needed to compile the translations in locale/)"
    fi
    "$VENV/bin/python" tools/compile_catalogs.py || die "compiling the translations (locale/) failed"
}

# static/vendor/python/ <- the pure-Python packages pyproject.toml pins (the sealed protocol's
# group library), downloaded from PyPI by .venv's pip: the browser's copy of .venv's dependencies
vendor_python_packages() {
    cd "$ROOT" && make_venv && "$VENV/bin/python" tools/vendor.py --python ||
        die "vendoring the pinned Python packages into static/vendor/python/ failed"
}

# Chromium for the browser tests: the system one if present, else install one.
SYSTEM_CHROMIUM=/usr/bin/chromium
setup_chromium() {
    [ -x "$SYSTEM_CHROMIUM" ] && return 0
    if [ "$(id -u)" = 0 ] && apt_install chromium && [ -x "$SYSTEM_CHROMIUM" ]; then
        return 0
    fi
    say "playwright install chromium"
    "$VENV/bin/python" -m playwright install chromium || die "could not install Chromium"
}

# WebKit (WebKitGTK's WebDriver on a virtual screen) and Firefox (driven over WebDriver BiDi
# by puppeteer-core, from npm ci) for e2e/test_engines.py, from Debian's packages as root.
# Elsewhere their tests are skipped with a notice; on CI (CI=true) they fail instead.
setup_other_engines() {
    local wanted=()
    command -v WebKitWebDriver >/dev/null || wanted+=(webkit2gtk-driver)
    command -v Xvfb >/dev/null || wanted+=(xvfb)
    command -v firefox-esr >/dev/null || command -v firefox >/dev/null || wanted+=(firefox-esr)
    [ "${#wanted[@]}" = 0 ] && return 0
    if [ "$(id -u)" = 0 ] && apt_install "${wanted[@]}"; then
        return 0
    fi
    say "NOTICE: ${wanted[*]} not installed (run ./test.sh as root on Debian, or install them):" \
        "the WebKit and Firefox tests will be skipped"
}
