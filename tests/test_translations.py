"""The catalogs (locale/): complete, current and well-formed in every language, as
tools/check_translations.py checks them for CI."""

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from tools import check_translations
from ui.i18n import DEFAULT, LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po"))


def test_every_language_has_its_interface_catalog():
    found = {po.parent.parent.name for po in CATALOGS if po.stem == "messages"}
    assert found == set(LANGUAGES) - {DEFAULT}


def test_every_catalog_is_complete_current_and_well_formed():
    """Fails while any entry is untranslated or fuzzy, or a catalog or the template is stale."""
    problems = check_translations.problems()
    assert problems == [], f"{len(problems)} problems, e.g.\n" + "\n".join(problems[:20])


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_translations_keep_their_placeholders(po):
    """A {name} missing or added in a translation would break the page (or lose a fact)."""
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parent.parent.name)
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(set(re.findall(r"\{(\w*)\}", i)) for i in ids))
        for string in filter(None, strings):
            assert set(re.findall(r"\{(\w*)\}", string)) == wanted, (ids[0], string)
            string.format(**dict.fromkeys(wanted, "x"))  # well-formed braces


def _catalog(path, entries, language="cs"):
    catalog = Catalog(locale=language)
    for msgid, msgstr, flags in entries:
        catalog.add(msgid, msgstr, flags=flags)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog)
    return path


def test_the_check_lists_untranslated_fuzzy_missing_and_broken_entries(tmp_path):
    template = Catalog()
    for msgid in ("Home", "Turn {n}", "Resign", "Draw", ("{n} volcano", "{n} volcanoes")):
        template.add(msgid)
    po = _catalog(
        tmp_path / "cs" / "LC_MESSAGES" / "messages.po",
        [
            ("Home", "Domů", ()),
            ("Turn {n}", "Kolo {m}", ()),
            ("Resign", "Vzdát se", ("fuzzy",)),
            (("{n} volcano", "{n} volcanoes"), ("{n} sopka", "", "{n} sopek"), ()),
        ],
    )
    problems = check_translations.catalog_problems(po, template, "cs")
    assert problems == [
        "cs messages: missing (run pybabel update): 'Draw'",
        "cs messages: placeholders ['m'] instead of ['n']: 'Turn {n}'",
        "cs messages: fuzzy: 'Resign'",
        "cs messages: untranslated: '{n} volcano'",
    ]
    assert check_translations.catalog_problems(tmp_path / "xx.po", template, "xx")[0].endswith("is missing (run pybabel init)")


def test_the_check_sees_marked_strings_the_extractor_cannot(monkeypatch, tmp_path):
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "page.py").write_text(
        'from ui.i18n import _\n\ndef page():\n    return f"<h1>{_(\'Hidden in an f-string\')}</h1>" + _("Seen") + _("New here")\n'
    )
    (tmp_path / "babel.cfg").write_text("[python: ui/**.py]\n")
    monkeypatch.setattr(check_translations, "ROOT", tmp_path)
    template = Catalog()
    template.add("Seen")
    template.add("Gone")
    assert check_translations.template_problems("messages", template) == [
        "messages: 'Hidden in an f-string' is marked where pybabel extract cannot see it (inside an f-string?)",
        "messages.pot: stale, the code has 'New here' (run pybabel extract)",
        "messages.pot: stale, the code no longer has 'Gone'",
    ]


def test_the_loading_screen_speaks_every_language_before_python_runs():
    """static/loading.js shows its words before Python starts: they come from the catalogs."""
    from babel.messages.extract import extract_from_file

    from tools import compile_catalogs

    wanted = {message for _line, message, _c, _ctx in extract_from_file("javascript", compile_catalogs.LOADING)}
    assert "Loading Python runtime…" in wanted and "Open the game here instead" in wanted
    words = compile_catalogs.loading_words()
    for language in ("cs", "bg", "nb", "et", "es"):
        assert set(words[language]) == wanted, language
    assert words["cs"]["Starting the game…"] == "Hra se spouští…"
