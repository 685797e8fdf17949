"""The site build's derived lists (tools/build.py), icons and manifest (tools/icons.py)."""

import json
import tomllib
from pathlib import Path

from tools import build, gen_files, icons
from ui.render import DRAWINGS

ROOT = Path(__file__).resolve().parent.parent


def test_the_page_references_its_local_files_only():
    refs = build.page_references((ROOT / "index.html").read_text(encoding="utf-8"))
    for needed in ("static/app.css", "ui/board.css", "static/loading.js", "static/binding.js", "static/vendor/pyscript/core.js",
                   "main.py", "pyscript.toml"):
        assert needed in refs
    assert not [r for r in refs if r.startswith(("data:", "http:", "https:", "//"))]


def test_head_additions_go_into_the_head():
    page = build.site_page('<html><head><title>x</title></head><body><script type="py" config="./pyscript.toml"></script></body></html>')
    head = page.split("</head>")[0]
    assert 'rel="manifest" href="./manifest.webmanifest"' in head
    assert 'src="./sw-register.js"' in head and 'rel="apple-touch-icon"' in head
    assert f'config="./{build.PAGE_CONFIG}"' in page and "pyscript.toml" not in page
    refs = build.page_references((build.PUBLISH / "head.html").read_text(encoding="utf-8"))
    assert set(refs) <= {build.MANIFEST, "sw-register.js", *icons.FILES}


def test_the_page_config_loads_no_files_and_the_workers_loads_the_archive():
    """The page's interpreter module fetches python.zip itself (publish/python-start.mjs); the
    computer's worker gets it from PyScript as a file (bot_worker.py imports from it)."""
    text = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    page, worker, settings = (tomllib.loads(t) for t in (build.site_config(text), build.worker_config(text), text))
    assert not page.get("files") and ".py\" = " not in build.site_config(text)
    assert worker["files"] == {"./python.zip": "./python.zip"}
    assert page.pop("interpreter") == f"./{build.PYTHON_START}"  # which starts from a snapshot
    assert worker.pop("interpreter") == settings.pop("interpreter")
    for config in (page, worker, settings):
        config.pop("files", None)
    assert page == worker == settings


def test_pyscripts_own_python_is_found_in_its_bundle():
    files = build.pyscript_package(ROOT / build.PYSCRIPT)
    assert "pyscript/__init__.py" in files and "pyscript/web.py" in files
    for name, source in files.items():
        compile(source, name, "exec")


def write_bundle(folder):
    files = {
        "core.js": 'export{a}from"./core-A.js";',
        "core-A.js": (
            'import{x}from"./shared.js";var P={error:()=>import("./error-E.js"),"py-terminal":()=>import("./term-T.js")};'
            'var C={get core(){return import("./editor-C.js")}};'
            'const g=await import("./pyodide_graph-G.js");const t=await import("./toml-O.js");'
            'const z=await import("./zip-Z.js");'
        ),
        "shared.js": "export const x=1;",
        "error-E.js": 'import"./core-A.js";',
        "term-T.js": 'import"./core-A.js";const xt=await import("./xterm-X.js");',
        "xterm-X.js": "",
        "editor-C.js": "",
        "pyodide_graph-G.js": "",
        "toml-O.js": "",
        "zip-Z.js": "",
        "unused-U.js": "",
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def test_bundle_files_are_those_the_page_loads(tmp_path):
    write_bundle(tmp_path)
    loaded = build.module_graph(tmp_path, "core.js", {})
    assert loaded == sorted(["core.js", "core-A.js", "shared.js", "error-E.js", "term-T.js", "toml-O.js"])
    with_packages = build.module_graph(tmp_path, "core.js", {"packages": ["numpy"]})
    assert "pyodide_graph-G.js" in with_packages


def test_the_runtime_bundle_is_found_in_the_real_pyscript():
    folder = ROOT / "static" / "vendor" / "pyscript"
    loaded = build.module_graph(folder, "core.js", {})
    assert "core.js" in loaded and any(n.startswith("error-") for n in loaded)
    assert not [n for n in loaded if n.startswith(("codemirror", "xterm", "pyodide_graph", "zip"))]


def test_benchmarks_are_developer_code():
    assert gen_files.is_dev_file(Path("espionage/bench.py"))
    assert gen_files.is_dev_file(Path("espionage/bench/games.py"))
    assert gen_files.is_dev_file(Path("ui/bench_render.py"))
    assert gen_files.is_dev_file(Path("espionage/bot/reference.py"))
    assert not gen_files.is_dev_file(Path("espionage/board.py"))
    assert "espionage/bench.py" not in gen_files.browser_files()
    assert "espionage/bot/reference.py" not in gen_files.browser_files()


def test_build_id_follows_every_byte(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.css").write_text("a{}", encoding="utf-8")
    first = build.build_id(tmp_path)
    (tmp_path / "a" / "x.css").write_text("a{ }", encoding="utf-8")
    assert build.build_id(tmp_path) != first


def test_manifest_is_installable_at_any_path():
    manifest = icons.manifest()
    json.dumps(manifest)
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"] and manifest["background_color"]
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= sizes
    assert all(i["src"].startswith("./") for i in manifest["icons"])


def test_icons_are_the_games_own_spy():
    svgs = icons.svgs()
    assert set(svgs) == set(icons.FILES)
    for name, svg in svgs.items():
        size = icons.ICONS[name][0]
        assert f'width="{size}" height="{size}"' in svg
        assert DRAWINGS["icon-S"] in svg
