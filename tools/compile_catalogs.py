"""Compile the translations: every locale/<lang>/LC_MESSAGES/<domain>.po to its .mo, with Babel.

The .mo files are generated, never committed: ./serve.sh, ./test.sh and ./build.sh run
this (tools/setup.sh, compile_catalogs) with the Babel of .venv. Fuzzy entries are
left out, as gettext does, so the page shows the English text until a translator
confirms them (tools/check_translations.py reports them).

    .venv/bin/python tools/compile_catalogs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"


def catalogs(locale_dir: Path = LOCALE) -> list[Path]:
    """Every .po catalog under locale_dir, as locale/<lang>/LC_MESSAGES/<domain>.po."""
    return sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))


def compile_catalog(po: Path) -> Path:
    """Write po's .mo next to it (only when its bytes change); return the .mo path."""
    language = po.parent.parent.name
    with po.open("rb") as f:
        catalog = read_po(f, locale=language, domain=po.stem)
    mo = po.with_suffix(".mo")
    tmp = mo.with_suffix(".mo.tmp")
    with tmp.open("wb") as f:
        write_mo(f, catalog)
    if mo.is_file() and mo.read_bytes() == tmp.read_bytes():
        tmp.unlink()
    else:
        tmp.replace(mo)
    return mo


def main() -> int:
    found = catalogs()
    for po in found:
        compile_catalog(po)
    print(f"compile_catalogs: {len(found)} catalogs compiled", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
