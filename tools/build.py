"""Build the static site: dist/ holds every file the page loads and nothing else.

    python3 tools/build.py [--out dist] [--source-maps]     (./build.sh runs setup first)

The file list is derived, never written down: the page's own references
(index.html's href/src, pyscript.toml's interpreter), the runtime files
tools/vendor.py installs, the PyScript modules reachable from core.js (minus the
plugins pyscript.toml turns off), and the Python packages tools/gen_files.py
lists (with the compiled translations). The game's Python travels as one archive (python.zip), with
PyScript's own Python package and bytecode for all of it, which the page imports from without
unpacking it (publish/python-start.mjs puts it first on sys.path). The site adds a web app manifest, icons drawn from
the game's own art (ui/render.py) and a Workbox service worker that precaches
all of it, so the page works offline and at any path (e.g. /espionage/).
"""

from __future__ import annotations

import argparse
import hashlib
import html.parser
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools`, `ui` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import gen_files, icons, vendor
from ui.computer import WORKER_RUNTIME

ROOT = Path(__file__).resolve().parent.parent
PUBLISH = ROOT / "publish"
ARCHIVE = "python.zip"
PYSCRIPT = "static/vendor/pyscript"
WORKER = "bot_worker.py"
NOT_LOADED_BY_BROWSER = {"package.json"}  # in static/vendor/pyodide/ for the record only
MANIFEST = "manifest.webmanifest"
WARM_UP = "warm-up.mjs"
PYTHON_START = "python-start.mjs"  # the site's interpreter module, around the runtime's
MAIN = "main.py"
# The site's main.py: the page's code itself travels compiled in the archive (PyScript would
# compile a script's source at every start).
MAIN_STUB = '"""The page\'s code: main.py, compiled, in the game\'s archive (tools/build.py)."""\n\nimport main  # noqa: F401\n'
PAGE_CONFIG = "page.toml"  # the page's PyScript config; pyscript.toml is the computer's worker's
# PyScript chunks imported on demand: name prefix -> whether this page's config needs it
LAZY_CHUNKS = {
    "pyodide_graph-": lambda config: bool(config.get("packages")),  # resolves `packages` only
    "zip-": lambda config: False,  # unpacks archives for MicroPython; Pyodide unpacks its own
}


class _References(html.parser.HTMLParser):
    """The local files an HTML page refers to (href, src, PyScript's config), in order."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src", "config") and value and is_local(value):
                self.found.append(value)


def is_local(url: str) -> bool:
    return not re.match(r"^([a-z][a-z0-9+.-]*:|//|#)", url, re.I)


def page_references(html_text: str) -> list[str]:
    parser = _References()
    parser.feed(html_text)
    return [normalise(ref) for ref in parser.found]


def normalise(ref: str) -> str:
    return ref.split("#")[0].split("?")[0].removeprefix("./")


def module_graph(folder: Path, entry: str, config: dict) -> list[str]:
    """The files of a bundle (PyScript's dist/) the page loads, from entry on.

    Static imports are always followed; dynamic ones only where this page
    triggers them. PyScript loads every plugin, but a plugin's own dynamic
    imports (terminal, editor, pygame) run only for its element, absent here;
    the code editor's modules hide behind property getters only <py-editor>
    reads; the other lazy chunks are named in LAZY_CHUNKS with the reason."""
    texts = {path.name: path.read_text(encoding="utf-8") for path in folder.glob("*.js")}
    plugins, lazy = set(), set()
    for text in texts.values():
        plugins.update(re.findall(r'"?[\w-]+"?:\(\)=>import\("\./([^"]+)"\)', text))
        lazy.update(re.findall(r'get \w+\(\)\{return import\("\./([^"]+)"\)', text))
        for prefix, needed in LAZY_CHUNKS.items():
            if not needed(config):
                lazy.update(re.findall(rf'import\("\./({prefix}[^"]+)"\)', text))
    static = r'(?:from|import)\s*"\./([^"]+\.js)"'
    dynamic = r'import\("\./([^"]+\.js)"\)'
    seen, todo = [], [entry]
    while todo:
        name = todo.pop()
        if name in seen or name in lazy:
            continue
        seen.append(name)
        todo += re.findall(static, texts[name])
        if name not in plugins:
            todo += re.findall(dynamic, texts[name])
    return sorted(seen)


def write_archive(dest: Path, files: dict[str, bytes]) -> None:
    """A zip with fixed timestamps, so an unchanged game gives the same bytes (and cache)."""
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(files.items()):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)


def _without_files(text: str, replacement: str) -> str:
    start, stop = text.find(gen_files.BEGIN), text.find(gen_files.END)
    if start < 0 or stop < start:
        raise SystemExit("build: pyscript.toml has no generated [files] block")
    return text[:start] + replacement + text[stop + len(gen_files.END) :]


def site_config(text: str) -> str:
    """The page's config: no [files] (its interpreter, the site's module around the runtime,
    publish/python-start.mjs, fetches the game's archive alongside the runtime and imports
    from it as it is)."""
    text = _without_files(text, "# the game's Python: python.zip, loaded by the interpreter module")
    interpreter = re.compile(r'^interpreter = ".*"$', re.M)
    if not interpreter.search(text):
        raise SystemExit("build: pyscript.toml has no interpreter line")
    return interpreter.sub(f'interpreter = "./{PYTHON_START}"', text, count=1)


def worker_config(text: str) -> str:
    """pyscript.toml for the computer's worker (ui/computer.py names it): the generated [files]
    list becomes the one archive, as a file that bot_worker.py puts first on sys.path."""
    return _without_files(text, f'# the game\'s Python, imported from the archive (bot_worker.py)\n"./{ARCHIVE}" = "./{ARCHIVE}"')


def site_page(text: str) -> str:
    """index.html with the site's head, its PyScript config the page's own (PAGE_CONFIG)."""
    head = (PUBLISH / "head.html").read_text(encoding="utf-8").strip()
    if "</head>" not in text:
        raise SystemExit("build: index.html has no </head>")
    if 'config="./pyscript.toml"' not in text:
        raise SystemExit('build: index.html has no config="./pyscript.toml"')
    text = text.replace('config="./pyscript.toml"', f'config="./{PAGE_CONFIG}"', 1)
    return text.replace("</head>", head + "\n</head>", 1)


def pyscript_package(folder: Path) -> dict[str, str]:
    """PyScript's own Python package (pyscript/*.py), exactly as its bundle writes it into the
    working directory at every start: the site ships it in the game's archive, with bytecode."""
    for path in sorted(folder.glob("core-*.js")):
        text = path.read_text(encoding="utf-8")
        at = text.find('{pyscript:{"')
        if at >= 0:
            files, _ = json.JSONDecoder().raw_decode(text, at + len("{pyscript:"))
            if "__init__.py" in files and all(isinstance(v, str) for v in files.values()):
                return {f"pyscript/{name}": source for name, source in files.items()}
    raise SystemExit(f"build: PyScript's Python package not found in {folder}/core-*.js")


def copy(rel: str, out: Path) -> None:
    src = ROOT / rel
    if not src.is_file():
        raise SystemExit(f"build: {rel} is referenced but missing (run ./build.sh, which installs the runtime)")
    (out / rel).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, out / rel)


def node(script: str, *args: str) -> None:
    subprocess.run(["node", str(ROOT / "tools" / script), *args], check=True, cwd=ROOT)


def copy_page_files(tmp: Path) -> str:
    """index.html (with the site's head), what it refers to, and the runtime behind
    pyscript.toml's interpreter. Returns the runtime's folder."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    (tmp / "index.html").write_text(site_page(page), encoding="utf-8")
    generated = {MANIFEST, *icons.FILES, "sw-register.js"}
    runtime = None
    for ref in page_references(page):
        if ref in generated:
            continue
        if ref.endswith(".toml"):
            text = (ROOT / ref).read_text(encoding="utf-8")
            (tmp / PAGE_CONFIG).write_text(site_config(text), encoding="utf-8")
            (tmp / ref).write_text(worker_config(text), encoding="utf-8")
            runtime = Path(normalise(tomllib.loads(text)["interpreter"])).parent.as_posix()
            for name in vendor.PYODIDE_FILES:
                if name not in NOT_LOADED_BY_BROWSER:
                    copy(f"{runtime}/{name}", tmp)
        elif ref.endswith("pyscript/core.js"):
            folder = Path(ref).parent.as_posix()
            config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
            for name in module_graph(ROOT / folder, "core.js", config):
                copy(f"{folder}/{name}", tmp)
        else:
            copy(ref, tmp)
    if runtime is None:
        raise SystemExit("build: index.html names no PyScript config (config=...toml)")
    return runtime


def add_python(tmp: Path, runtime: str) -> None:
    """The game's archive (with PyScript's Python), and bytecode for it and for the standard
    library it imports."""
    sources = tmp / "sources.zip.tmp"
    files = gen_files.browser_files()
    missing = [name for name in files if not (ROOT / gen_files.source_of(name)).is_file()]
    if missing:
        raise SystemExit(f"build: {missing[0]} is missing (./build.sh compiles the translations in locale/ first)")
    files = {name: (ROOT / gen_files.source_of(name)).read_bytes() for name in files}
    files.update((name, source.encode()) for name, source in pyscript_package(ROOT / PYSCRIPT).items())
    files[MAIN] = (ROOT / MAIN).read_bytes()
    write_archive(sources, files)
    (tmp / MAIN).write_text(MAIN_STUB, encoding="utf-8")
    stdlib = tmp / runtime / "python_stdlib.zip"
    node("precompile.mjs", str(sources), str(ROOT / "main.py"), str(tmp / ARCHIVE), str(stdlib), str(stdlib))
    sources.unlink()


def add_install_files(tmp: Path, runtime: str) -> None:
    """Manifest, icons (PNG from the game's SVG art), the service worker's registration, the
    interpreter module that starts Python from a snapshot and the first visit's preparation
    of the next ones (both told where the runtime is and which game code they serve), and
    the computer player's worker script and interpreter module (fetched when such a game
    opens)."""
    copy(WORKER, tmp)
    copy(WORKER_RUNTIME.removeprefix("./"), tmp)
    shutil.copy2(PUBLISH / "sw-register.js", tmp / "sw-register.js")
    game = hashlib.sha256((tmp / ARCHIVE).read_bytes()).hexdigest()[:12]
    for name in (WARM_UP, PYTHON_START):
        text = (PUBLISH / name).read_text(encoding="utf-8")
        (tmp / name).write_text(text.replace("{runtime}", f"./{runtime}").replace("{game}", game), encoding="utf-8")
    icon_dir = tmp / "icons.svg.tmp"
    icon_dir.mkdir()
    for name, svg in icons.svgs().items():
        (icon_dir / name.replace(".png", ".svg")).write_text(svg, encoding="utf-8")
    node("rasterise.mjs", str(icon_dir), str(tmp))
    shutil.rmtree(icon_dir)
    (tmp / MANIFEST).write_text(json.dumps(icons.manifest(), indent=2) + "\n", encoding="utf-8")


def add_source_maps(tmp: Path) -> None:
    for path in list(tmp.rglob("*.js")) + list(tmp.rglob("*.mjs")):
        src_map = ROOT / path.relative_to(tmp).with_name(path.name + ".map")
        if src_map.is_file():
            shutil.copy2(src_map, path.with_name(path.name + ".map"))


def build(out: Path, source_maps: bool = False) -> Path:
    """Make the site in out (replaced as a whole once complete); return its path."""
    out = out.resolve()
    if out == ROOT or ROOT.is_relative_to(out):
        raise SystemExit(f"build: refusing to replace {out}")
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    runtime = copy_page_files(tmp)
    add_python(tmp, runtime)
    add_install_files(tmp, runtime)
    if source_maps:
        add_source_maps(tmp)
    node("service_worker.mjs", str(tmp), build_id(tmp), "1" if source_maps else "0")
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    return out


def build_id(site: Path) -> str:
    """A digest of every file's path and bytes: a new build id whenever anything changes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        digest.update(path.relative_to(site).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:12]


def report(site: Path, top: int = 6) -> str:
    files = sorted((p for p in site.rglob("*") if p.is_file()), key=lambda p: -p.stat().st_size)
    total = sum(p.stat().st_size for p in files)
    lines = [f"build: {site} holds {len(files)} files, {total / 1e6:.1f} MB"]
    for path in files[:top]:
        size = path.stat().st_size
        lines.append(f"  {size / 1e6:6.2f} MB {100 * size / total:4.0f}%  {path.relative_to(site).as_posix()}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    parser.add_argument("--source-maps", action="store_true", help="also copy the runtime's source maps")
    args = parser.parse_args(argv)
    if not vendor.is_current():
        raise SystemExit("build: static/vendor/ is missing or stale: run ./build.sh (it installs the runtime)")
    site = build(args.out, args.source_maps)
    print(report(site))
    return 0


if __name__ == "__main__":
    sys.exit(main())
