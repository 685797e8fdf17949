"""Copy the browser runtime (Pyodide + PyScript) from node_modules/ into static/vendor/.

Run after `npm ci`. Idempotent: does nothing when static/vendor/ already holds the
versions that node_modules/ has. static/vendor/ is git-ignored; never commit it.

The pure-Python packages pyproject.toml pins as the project's dependencies (the
sealed protocol's group library) are the browser's too: `--python` downloads
their wheels from PyPI (pip) and unpacks their packages into static/vendor/python/.

    python3 tools/vendor.py             # copy if needed
    python3 tools/vendor.py --force     # copy again
    .venv/bin/python tools/vendor.py --python  # the pinned Python packages, if needed
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
STAMP = VENDOR / ".stamp.json"
PYTHON = VENDOR / "python"
PYTHON_STAMP = PYTHON / ".pins.json"

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
    if PYTHON.is_dir():  # the Python packages (--python) stay
        PYTHON.rename(tmp / PYTHON.name)
    shutil.rmtree(VENDOR, ignore_errors=True)
    tmp.rename(VENDOR)


def python_pins() -> list[str]:
    """The dependencies pyproject.toml pins (name==version), which the browser needs too."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = project.get("dependencies", [])
    loose = [pin for pin in pins if "==" not in pin]
    if loose:
        raise SystemExit(f"vendor: pin every dependency exactly (name==version): {loose}")
    return sorted(pins)


def python_is_current() -> bool:
    try:
        return json.loads(PYTHON_STAMP.read_text(encoding="utf-8")) == python_pins()
    except (OSError, ValueError):
        return False


def vendor_python() -> None:
    """Download the pinned pure-Python wheels (pip, from PyPI) and unpack their packages into static/vendor/python/."""
    pins = python_pins()
    tmp = PYTHON.with_name("python.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as wheels:
        command = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps"]
        command += ["--only-binary=:all:", "--implementation", "py", "--dest", wheels, *pins]
        if subprocess.run(command).returncode != 0:
            raise SystemExit(f"vendor: pip could not download {pins}")
        for wheel in sorted(Path(wheels).glob("*.whl")):
            if not wheel.name.endswith("-py3-none-any.whl"):
                raise SystemExit(f"vendor: {wheel.name} is not a pure-Python wheel")
            with zipfile.ZipFile(wheel) as archive:
                for name in archive.namelist():
                    if name.endswith(".py") and ".dist-info/" not in name:
                        archive.extract(name, tmp)
    (tmp / PYTHON_STAMP.name).write_text(json.dumps(pins) + "\n", encoding="utf-8")
    shutil.rmtree(PYTHON, ignore_errors=True)
    tmp.rename(PYTHON)


def python_files() -> list[str]:
    """POSIX paths, relative to static/vendor/python/, of the vendored Python packages' modules."""
    return sorted(p.relative_to(PYTHON).as_posix() for p in PYTHON.rglob("*.py"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="copy even if up to date")
    parser.add_argument("--python", action="store_true", help="the pinned Python packages, not the runtime")
    args = parser.parse_args(argv)
    if args.python:
        if args.force or not python_is_current():
            vendor_python()
            print(f"vendor: unpacked {', '.join(python_pins())} into {PYTHON.relative_to(ROOT)}/")
        return 0
    if not args.force and is_current():
        return 0
    copy_runtime()
    versions = ", ".join(f"{k} {v}" for k, v in wanted_stamp().items())
    print(f"vendor: copied {versions} into {VENDOR.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
