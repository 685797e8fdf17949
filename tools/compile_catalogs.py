"""Compile the translations: every locale/<lang>/LC_MESSAGES/<domain>.po to its .mo, with Babel.

The .mo files are generated, never committed: ./serve.sh, ./test.sh and ./build.sh run
this (tools/setup.sh, compile_catalogs) with the Babel of .venv. Fuzzy entries are
left out, as gettext does, so the page shows the English text until a translator
confirms them (tools/check_translations.py reports them).

    .venv/bin/python tools/compile_catalogs.py
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
# The loading screen speaks before Python runs: its words go to the page as a script.
LOADING = ROOT / "static" / "loading.js"
LOADING_WORDS = ROOT / "static" / "loading-words.js"


def catalogs(locale_dir: Path = LOCALE) -> list[Path]:
    """Every .po catalog under locale_dir, as locale/<lang>/LC_MESSAGES/<domain>.po."""
    return sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))


def compile_catalog(po: Path) -> Path:
    """Write po's .mo next to it (only when its bytes change); return the .mo path."""
    language = po.parent.parent.name
    with po.open("rb") as f:
        catalog = read_po(f, locale=language, domain=po.stem)
    mo = po.with_suffix(".mo")
    data = io.BytesIO()
    write_mo(data, catalog)
    _write_if_changed(mo, data.getvalue())
    return mo


def _write_if_changed(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` unless it already holds them: through a temporary file of this
    process, renamed into place, so parallel test workers that compile at once never read half a
    file; a failed write removes its temporary file."""
    if path.is_file() and path.read_bytes() == data:
        return
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


def loading_words(locale_dir: Path = LOCALE) -> dict[str, dict[str, str]]:
    """For each language, the loading screen's messages (``_("...")`` in static/loading.js)
    translated by its messages catalog (fuzzy and untranslated ones left out)."""
    wanted = {message for _line, message, _comments, _context in extract_from_file("javascript", LOADING)}
    words = {}
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/messages.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        found = {m.id: m.string for m in catalog if m.id in wanted and m.string and not m.fuzzy}
        words[po.parent.parent.name] = dict(sorted(found.items()))
    return words


def write_loading_words(path: Path = LOADING_WORDS) -> None:
    text = "window.ESPIONAGE_LOADING_WORDS = " + json.dumps(loading_words(), ensure_ascii=False, indent=1) + ";\n"
    _write_if_changed(path, text.encode("utf-8"))


def main() -> int:
    found = catalogs()
    for po in found:
        compile_catalog(po)
    write_loading_words()
    print(f"compile_catalogs: {len(found)} catalogs compiled", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
