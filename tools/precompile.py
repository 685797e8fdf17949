"""Add bytecode to the game's archive and to Pyodide's standard library; run by
tools/precompile.mjs inside Pyodide (under Node), so the bytecode is exactly what
the browser's Python reads.

Pyodide's standard library comes as sources only: without this, every start
compiles every module again, which takes about half the start time. The page
imports the game straight from its archive (zipimport, python.zip first on
sys.path at GAME_PATH: publish/python-start.mjs), so both archives get their
bytecode next to each module (``ui/app.pyc``). The bytecode is hash-based and
unchecked (PEP 552): valid whatever the files' times, never compared with the
sources, which stay for tracebacks. Of the standard library, only the modules
the page imports get bytecode (found by importing the game here), to keep the
download small.

    precompile(game_zip, main_py, game_out, stdlib_zip, stdlib_out)
"""

import ast
import importlib.util
import os
import shutil
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

GAME_PATH = "/home/pyodide/python.zip"  # where the page puts the game's archive (publish/python-start.mjs)


def bytecode(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)


def stdlib_path() -> str:
    return next(path for path in sys.path if path.endswith(".zip") and path != GAME_PATH)


def imported_from(mount: str) -> set[str]:
    """The archive members (relative names) of the modules imported so far from mount."""
    found = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if path.startswith(mount + "/") and path.endswith(".py"):
            found.add(path[len(mount) + 1 :])
    return found


def add_bytecode(source_zip: str, dest_zip: str, mount: str, only_imported: bool = False) -> int:
    """Copy source_zip to dest_zip, adding bytecode for each .py (only for the modules
    imported so far with only_imported), for zipimport from mount. Returns the count."""
    count = 0
    wanted = imported_from(mount) if only_imported else None
    with zipfile.ZipFile(source_zip) as src, zipfile.ZipFile(dest_zip, "w", zipfile.ZIP_DEFLATED) as dest:
        names = set(src.namelist())
        for info in src.infolist():
            data = src.read(info)
            dest.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
            if not info.filename.endswith(".py") or info.filename + "c" in names:
                continue
            if wanted is not None and info.filename not in wanted:
                continue
            try:
                compiled = bytecode(data, f"{mount}/{info.filename}")
            except SyntaxError:  # e.g. test data with deliberate errors: left as they are
                continue
            pyc = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            dest.writestr(pyc, compiled, compress_type=zipfile.ZIP_DEFLATED)
            count += 1
    return count


def import_page_modules(game_zip: str, main_py: str) -> None:
    """Put the game's archive where the page puts it, import all of it and what main.py
    imports (except browser-only modules such as pyscript)."""
    os.makedirs(os.path.dirname(GAME_PATH), exist_ok=True)
    shutil.copyfile(game_zip, GAME_PATH)
    sys.path.insert(0, GAME_PATH)
    with zipfile.ZipFile(game_zip) as archive:
        names = [n for n in archive.namelist() if n.endswith(".py")]
    modules = [n.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for n in names]
    for node in ast.walk(ast.parse(Path(main_py).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.append(node.module)
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:  # only in the browser (pyscript, js)
            pass


def precompile(game_zip: str, main_py: str, game_out: str, stdlib_zip: str, stdlib_out: str) -> str:
    import_page_modules(game_zip, main_py)
    game = add_bytecode(game_zip, game_out, GAME_PATH)
    stdlib = add_bytecode(stdlib_zip, stdlib_out, stdlib_path(), only_imported=True)
    return f"{game} game modules and {stdlib} standard library modules"
