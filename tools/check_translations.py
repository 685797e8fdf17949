"""Check the translations: every catalog complete, current and well-formed.

For each language of ui.i18n.LANGUAGES (English is the source) and each domain
with a template (locale/<domain>.pot), lists every entry of
locale/<lang>/LC_MESSAGES/<domain>.po that is
  - untranslated (an empty msgstr, or an empty plural form),
  - fuzzy (a guess that a translator has not confirmed),
  - missing: in the template but not in the catalog (run pybabel update), or
  - broken: its {placeholders} differ from the English ones (the page would fail);
and every template that is stale against the code: a message of the sources
(extracted as babel.cfg says) missing from locale/messages.pot, or one the code
no longer has. Exits 1 if anything is listed (CI fails), 0 otherwise.

    .venv/bin/python tools/check_translations.py
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from babel.util import pathmatch

if __package__ in (None, ""):  # run as a script: make `ui` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ui.i18n import DEFAULT, DOMAINS, LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
# The extraction settings of each domain whose template is made from the code by pybabel extract.
SOURCES = {"messages": "babel.cfg"}
MARKERS = ("_", "N_", "ngettext", "pgettext")
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def read(path: Path, language: str | None = None):
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=path.stem)


def source_ids(config: Path) -> set[str]:
    """The msgids the code marks (the first of a plural pair), as pybabel extract finds them."""
    with config.open(encoding="utf-8") as f:
        methods, options = parse_mapping_cfg(f)
    found = set()
    for _filename, _lineno, message, _comments, _context in extract_from_dir(
        str(ROOT), methods, options, keywords=DEFAULT_KEYWORDS
    ):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def marked_ids(config: Path) -> set[str]:
    """The msgids the code marks, read from its syntax tree: also those pybabel extract
    cannot see (a call inside an f-string), which would never be translated."""
    with config.open(encoding="utf-8") as f:
        methods, _options = parse_mapping_cfg(f)
    patterns = [pattern for pattern, method in methods if method == "python"]
    found = set()
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if not any(pathmatch(pattern, rel) for pattern in patterns):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node.func, "id", None) if isinstance(node, ast.Call) else None
            if name not in MARKERS:
                continue
            spec = DEFAULT_KEYWORDS[name]
            first = next((i for i in spec if isinstance(i, int)), 1) if spec else 1  # pgettext: the second
            arg = node.args[first - 1] if len(node.args) >= first else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
    return found


def catalog_problems(po: Path, template, language: str) -> list[str]:
    """What is wrong with one catalog, against its template: one line per entry."""
    where = f"{language} {po.stem}"
    if not po.is_file():
        return [f"{where}: locale/{language}/LC_MESSAGES/{po.name} is missing (run pybabel init)"]
    catalog = read(po, language)
    out = []
    have = {m.id for m in catalog if m.id}
    for message in template:
        if message.id and message.id not in have:
            out.append(f"{where}: missing (run pybabel update): {_ids(message)[0]!r}")
    for message in catalog:
        if not message.id:
            continue
        first = _ids(message)[0]
        if message.fuzzy:
            out.append(f"{where}: fuzzy: {first!r}")
        strings = _strings(message)
        if not all(strings):
            out.append(f"{where}: untranslated: {first!r}")
            continue
        wanted = set().union(*(placeholders(i) for i in _ids(message)))
        for string in strings:
            if placeholders(string) != wanted:
                out.append(
                    f"{where}: placeholders {sorted(placeholders(string))} instead of {sorted(wanted)}: {first!r}"
                )
                break
        if message.id not in {m.id for m in template} and not message.obsolete:
            out.append(f"{where}: not in the template (run pybabel update): {first!r}")
    return out


def template_problems(domain: str, template) -> list[str]:
    config = ROOT / SOURCES[domain] if domain in SOURCES else None
    if config is None:
        return []
    in_code = source_ids(config)
    hidden = marked_ids(config) - in_code
    in_template = {_ids(m)[0] for m in template if m.id}
    out = [f"{domain}: {m!r} is marked where pybabel extract cannot see it (inside an f-string?)" for m in sorted(hidden)]
    out += [f"{domain}.pot: stale, the code has {m!r} (run pybabel extract)" for m in sorted(in_code - in_template)]
    out += [f"{domain}.pot: stale, the code no longer has {m!r}" for m in sorted(in_template - in_code)]
    return out


def problems() -> list[str]:
    out = []
    for domain in DOMAINS:
        pot = LOCALE / f"{domain}.pot"
        if not pot.is_file():
            if domain in SOURCES:
                out.append(f"{pot.relative_to(ROOT)} is missing (run pybabel extract)")
            continue
        template = read(pot)
        out += template_problems(domain, template)
        for language in LANGUAGES:
            if language != DEFAULT:
                out += catalog_problems(LOCALE / language / "LC_MESSAGES" / f"{domain}.po", template, language)
    return out


def main() -> int:
    found = problems()
    for line in found:
        print(line)
    if found:
        print(f"check_translations: {len(found)} problems", file=sys.stderr)
        return 1
    print("check_translations: every catalog is complete and current", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
