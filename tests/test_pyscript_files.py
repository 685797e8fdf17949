"""pyscript.toml must list every browser-side .py file, so the page can import it."""

import tomllib
from pathlib import Path

from tools import gen_files

ROOT = Path(__file__).resolve().parent.parent


def test_files_table_lists_every_package_module():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    listed = config.get("files", {})
    expected = {f"./{gen_files.source_of(f)}": f"./{f}" for f in gen_files.browser_files()}
    assert listed == expected, "pyscript.toml is stale: run python3 tools/gen_files.py"


def test_runtime_is_local():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/vendor/pyodide/pyodide.mjs"
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    # PyScript starts from static/handoff.js (unless the link goes to an open tab)
    assert '<script defer src="./static/handoff.js"></script>' in html
    handoff = (ROOT / "static" / "handoff.js").read_text(encoding="utf-8")
    assert '"./static/vendor/pyscript/core.js"' in handoff
    for text in (html, handoff):
        assert "://" not in text.replace("http://www.w3.org", "")  # no CDN


def test_the_vendored_group_library_is_shipped_at_its_package_path():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["files"]["./static/vendor/python/ge25519/ge25519.py"] == "./ge25519/ge25519.py"
    assert config["files"]["./static/vendor/python/fe25519/__init__.py"] == "./fe25519/__init__.py"


def test_test_modules_are_not_shipped():
    assert gen_files.is_test_file(Path("espionage/tests/test_x.py"))
    assert gen_files.is_test_file(Path("ui/test_board.py"))
    assert not gen_files.is_test_file(Path("espionage/setup.py"))
