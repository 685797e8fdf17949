"""Copy the browser runtime (Pyodide + PyScript) from node_modules/ into static/vendor/.

Run after `npm ci`. Idempotent: does nothing when static/vendor/ already holds the
versions that node_modules/ has. static/vendor/ is git-ignored; never commit it.

    python3 tools/vendor.py          # copy if needed
    python3 tools/vendor.py --force  # copy again
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
STAMP = VENDOR / ".stamp.json"

# Pyodide: only what the browser loads (no Node helpers, typings or demo pages).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
PYODIDE_OPTIONAL = ("pyodide.mjs.map",)


def _version(package: str) -> str:
    meta = NODE_MODULES / package / "package.json"
    if not meta.is_file():
        raise SystemExit(f"vendor: {meta.relative_to(ROOT)} missing: run `npm ci` first")
    return json.loads(meta.read_text(encoding="utf-8"))["version"]


def wanted_stamp() -> dict[str, str]:
    return {"pyodide": _version("pyodide"), "@pyscript/core": _version("@pyscript/core")}


def is_current() -> bool:
    try:
        have = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if have != wanted_stamp():
        return False
    needed = [VENDOR / "pyodide" / name for name in PYODIDE_FILES]
    needed += [VENDOR / "pyscript" / "core.js", VENDOR / "pyscript" / "core.css"]
    return all(path.is_file() for path in needed)


def copy_runtime() -> None:
    stamp = wanted_stamp()
    tmp = VENDOR.with_name("vendor.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    (tmp / "pyodide").mkdir(parents=True)
    src = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, tmp / "pyodide" / name)
    for name in PYODIDE_OPTIONAL:
        if (src / name).is_file():
            shutil.copy2(src / name, tmp / "pyodide" / name)
    shutil.copytree(NODE_MODULES / "@pyscript" / "core" / "dist", tmp / "pyscript")
    (tmp / ".stamp.json").write_text(json.dumps(stamp, indent=2) + "\n", encoding="utf-8")
    shutil.rmtree(VENDOR, ignore_errors=True)
    tmp.rename(VENDOR)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="copy even if up to date")
    args = parser.parse_args(argv)
    if not args.force and is_current():
        return 0
    copy_runtime()
    versions = ", ".join(f"{k} {v}" for k, v in wanted_stamp().items())
    print(f"vendor: copied {versions} into {VENDOR.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
