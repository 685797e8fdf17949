"""The Rules screen: its text in every language, its diagrams from the engine, and
that opening it never disturbs the screen (and game) under it."""

import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from espionage import Game, IllegalMove
from espionage.board import parse_square
from tests.helpers import epn
from tests.test_app import Page, page, parse, plan, press, tap, text, to_play
from ui import i18n, rules
from ui.app import App
from ui.saves import UI_KEY, MemoryStorage

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "locale" / "rules.pot"
TRANSLATED = ("cs", "bg", "nb", "et", "es")
PLACEHOLDER = re.compile(r"\{\w*\}")


def catalog(path, locale=None):
    with open(path, "rb") as f:
        return read_po(f, locale=locale)


def template_ids():
    return [m.id for m in catalog(POT) if m.id]


@pytest.fixture
def language(tmp_path, monkeypatch):
    """use(lang) with both domains' catalogs compiled from their .po files (as the setup compiles
    them): with the rules' alone, the board's words would stay English and be cached so for the
    language (ui/render.py caches squares per language), and later tests would read them."""
    for lang in TRANSLATED:
        out = tmp_path / lang / "LC_MESSAGES"
        out.mkdir(parents=True)
        for domain in i18n.DOMAINS:
            with open(out / f"{domain}.mo", "wb") as f:
                write_mo(f, catalog(ROOT / "locale" / lang / "LC_MESSAGES" / f"{domain}.po", lang))
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    yield i18n.use
    i18n.use(i18n.DEFAULT)


def rules_page(storage=None):
    app = App(storage or MemoryStorage(), languages=[i18n.language()])  # a browser in the language in use
    app.dispatch("rules")
    return app, Page(app.html())


def words(el):
    """The text of an element, leaving out its pictures (the boards' titles are the interface's)."""
    if el.tag == "svg":
        return el.tail or ""
    return (el.text or "") + "".join(words(child) for child in el) + (el.tail or "")


def paragraphs(p):
    tags = ("p", "h1", "h2", "li", "figcaption", "caption", "button")
    return [words(n).removesuffix(n.tail or "").strip() for n in p.find(lambda n: n.tag in tags)]


def back(app):
    """Press Back (at the top and at the bottom of the Rules)."""
    found = Page(app.html()).buttons(i18n.rules_text("Back"))
    assert len(found) == 2 and {b.get("data-action") for b in found} == {"rules-close"}
    app.dispatch("rules-close")


# -- the catalogs ---------------------------------------------------------------------------


def test_the_template_holds_every_message_of_the_rules_module():
    found = extract_from_file("python", ROOT / "ui" / "rules.py", keywords={"rules_text": None})
    ids = list(dict.fromkeys(message for _line, message, _comments, _context in found))
    assert ids == template_ids(), "locale/rules.pot is stale: extract it again (README: the rules' catalogs)"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_rules_message_is_translated_with_its_placeholders(lang):
    po = catalog(ROOT / "locale" / lang / "LC_MESSAGES" / "rules.po", lang)
    ids = template_ids()
    assert sorted(m.id for m in po if m.id) == sorted(ids)
    for message in po:
        if not message.id:
            continue
        assert message.string.strip(), f"{lang}: untranslated {message.id!r}"
        assert not message.fuzzy, f"{lang}: fuzzy {message.id!r}"
        assert message.string != message.id or len(message.id) < 12, f"{lang}: left in English {message.id!r}"
        assert sorted(PLACEHOLDER.findall(message.string)) == sorted(PLACEHOLDER.findall(message.id)), message.id


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_glossary_names_are_the_pieces(lang, language):
    glossary = {
        "cs": ("Špión", "Ženista", "Základna", "Sopka"),
        "bg": ("Шпионин", "Сапьор", "Щабквартира", "Вулкан"),
        "nb": ("Spion", "Minerydder", "Hovedkvarter", "Vulkan"),
        "et": ("Spioon", "Sapöör", "Staap", "Vulkaan"),
        "es": ("Espía", "Cazaminas", "Cuartelillo", "Volcán"),
    }[lang]
    language(lang)
    names = [i18n.rules_text(n) for n in ("Spy", "Sapper", "Headquarters")]
    assert names == list(glossary[:3])
    _, p = rules_page()
    assert glossary[3] in " ".join(paragraphs(p))


@pytest.mark.parametrize("lang", ("en", *TRANSLATED))
def test_the_rules_screen_renders_in_every_language(lang, language):
    language(lang)
    _, p = rules_page()
    assert p.screen == "rules"
    said = paragraphs(p)
    assert len(said) > 40
    english = set(template_ids())
    if lang == "en":
        assert "Rules of Espionage" in said
    else:
        leftovers = [s for s in said if s in english and len(s) > 12]
        assert not leftovers, leftovers
        assert {"Pravidla Špionáže", "Правила на Шпионаж", "Regler for Spionasje", "Spionaaži reeglid",
                "Reglas de Espionaje"} & set(said)
    assert len(p.find(lambda n: n.tag == "figure" and "rules-diagram" in (n.get("class") or ""))) >= 4


def test_every_sentence_of_the_screen_comes_from_the_rules_catalog(monkeypatch):
    """With every message of rules.pot marked, no text of the screen is left unmarked."""
    app = App(MemoryStorage())
    app.dispatch("rules")
    monkeypatch.setattr(i18n, "_active", _Marked(set(template_ids())))
    p = Page(app.html())
    for said in paragraphs(p):
        assert said.startswith("⟦") and said.endswith("⟧"), said


class _Marked:
    def __init__(self, ids):
        self.ids = ids

    def gettext(self, message):
        """Rules messages come back marked; the interface's (board titles) as they are."""
        return f"⟦{message}⟧" if message in self.ids else message

    def ngettext(self, singular, plural, n):
        return singular if n == 1 else plural


# -- the diagrams --------------------------------------------------------------------------


def frame_pieces(svg):
    p = Page(f'<section data-screen="x">{svg}</section>')
    return p, p.pieces()


def test_each_diagram_is_an_engine_position_and_its_moves_are_legal():
    for diagram in rules.DIAGRAMS.values():
        if diagram is rules.BOXED_IN:
            continue
        game = diagram.game()
        assert isinstance(game, Game) and game.outcome is None
        for move in diagram.moves:
            assert move in [str(m) for m in game.legal_moves()]
            game.play(move)
        assert game.outcome is None  # the bystanders far away keep the game going


def test_the_diagrams_are_small_boards_of_the_real_squares():
    for diagram in rules.DIAGRAMS.values():
        for svg in diagram.svgs():
            p, _ = frame_pieces(svg)
            squares = set(p.squares())
            a, b = (parse_square(s) for s in diagram.area)
            files = range(min(a % 10, b % 10), max(a % 10, b % 10) + 1)
            ranks = range(min(a // 10, b // 10), max(a // 10, b // 10) + 1)
            assert squares == {"abcdefghij"[f] + str(r + 1) for f in files for r in ranks}
            labels = [text(n) for n in p.find(lambda n: n.tag == "text" and "coord" in (n.get("class") or ""))]
            assert labels == ["abcdefghij"[f] for f in files] + [str(r + 1) for r in reversed(ranks)]
            assert 9 <= len(squares) <= 25
            assert 'class="espionage-board' in svg and "part" in svg


def test_the_fight_diagram_shows_the_engine_result():
    before, after = rules.FIGHT.svgs()
    assert frame_pieces(before)[1]["e4"] == "K" and frame_pieces(before)[1]["e5"] == "l"
    p, pieces = frame_pieces(after)
    assert pieces.get("e5") == "K" and "e4" not in pieces
    assert [n.get("data-fallen") for n in p.find(lambda n: n.get("data-fight") == "e5")] == ["l"]


def test_the_spy_diagram_unmasks_exactly_the_neighbours():
    before, after = rules.SPY.svgs()
    _, seen_before = frame_pieces(before)
    assert {seen_before[s] for s in ("d6", "e6", "f6", "g6")} == {"?"}  # Red's own view: Blue is hidden
    p, seen = frame_pieces(after)
    assert (seen["d6"], seen["e6"], seen["f6"], seen["g6"]) == ("c", "m", "s", "?")
    unmasked = sorted(s for s, n in p.squares().items() if any("unmasked" in (c.get("class") or "") for c in n.iter()))
    assert unmasked == ["d6", "e5", "e6", "f6"]  # e5: Red's Spy, next to Blue's Spy on f6


def test_the_sapper_diagram_clears_one_mine_and_loses_a_corporal_to_the_other():
    _, after = rules.SAPPER.svgs()
    p, pieces = frame_pieces(after)
    assert pieces["e5"] == "E" and pieces["c5"] == "m" and "c4" not in pieces and "e4" not in pieces
    fallen = {n.get("data-fight"): n.get("data-fallen") for n in p.find(lambda n: "data-fight" in n.attrib)}
    assert fallen == {"e5": "m", "c5": "C"}


def test_the_no_return_diagram_shows_the_engine_legal_moves():
    (svg,) = rules.NO_RETURN.svgs()
    p, pieces = frame_pieces(svg)
    assert pieces["e5"] == "O"
    assert p.square_with("target") == ["d5", "e6"]  # not e4 (no return), not f5 (a volcano)
    with pytest.raises(IllegalMove):
        rules.NO_RETURN.game().play("e5-e4")


def test_the_boxed_in_diagram_is_a_loss_by_the_no_return_rule():
    game = rules.BOXED_IN.game()
    assert (game.outcome.winner, game.outcome.reason) == ("blue", "no_legal_move")
    (svg,) = rules.BOXED_IN.svgs()
    p, pieces = frame_pieces(svg)
    assert pieces["e5"] == "C" and p.square_with("target") == [] and p.square_with("selected") == ["e5"]
    without_the_rule = Game.from_position(game.position().replace(" e4-e5 ", " - "))
    assert [str(m) for m in without_the_rule.legal_moves()] == ["e5-e4"]  # only the way back was left


def test_the_combat_table_says_what_the_engine_does():
    table = parse(rules.combat_table())
    checked = 0
    for row in table.iter("tr"):
        attacker = row.get("data-attacker")
        for cell in row.iter("td"):
            defender = cell.get("data-defender").lower()
            game = Game.from_position(epn({"e5": attacker, "e6": defender, "b1": "C", "i10": "c"}))
            game.play("e5-e6")
            won = game.letters()[parse_square("e6")] == attacker
            assert ("wins" in cell.get("class")) == won, (attacker, defender)
            checked += 1
    assert checked == 7 * 9


# -- the screen over the others -------------------------------------------------------------


def test_every_screen_has_the_rules_button():
    app = to_play()
    seen = set()
    app.dispatch("home")
    seen.add(page(app).screen)
    assert page(app).has_button("Rules")
    app = to_play()
    for _ in range(2):
        assert page(app).has_button("Rules")
        seen.add(page(app).screen)
        moves = app.turn.view().legal_moves()
        plan(app, moves[0])
        if not app.turn.complete:
            plan(app, app.turn.next_moves()[0])
        press(app, "Submit turn")
        seen.add(page(app).screen)
        assert page(app).has_button("Rules")
        press(app, "Hand over")
        seen.add(page(app).screen)
        assert page(app).has_button("Rules")
        press(app, f"Show {'Blue' if app.side == 1 else 'Red'}'s board")
    assert {"home", "play", "results", "cover"} <= seen


def test_rules_over_a_game_and_back_keep_the_selection_and_the_planned_move():
    app = to_play()
    first = app.turn.view().legal_moves()[0]
    plan(app, first)
    piece = next(m for m in app.turn.next_moves())
    tap(app, _name(piece.from_square))
    before = (app.screen, app.side, app.selected, list(app.planned), app.html())
    press(app, "Rules")
    assert page(app).screen == "rules"
    app.dispatch("square", _name(piece.to_square))  # a tap on a diagram's square
    app.dispatch("key", "ArrowUp")
    back(app)
    assert (app.screen, app.side, app.selected, list(app.planned), app.html()) == before


def test_with_the_rules_open_no_button_of_the_screen_under_them_acts():
    """The Rules show none of that screen's buttons, so only a modified page could send them: a
    question asked before the Rules opened is not answered under them, nor a turn submitted."""
    app = to_play()
    while app.turn.next_moves():
        plan(app, app.turn.next_moves()[0])
    press(app, "Resign")
    press(app, "Rules")
    before = (app.screen, app.confirm, list(app.planned), app.match.to_json(), app.html())
    for action in ("resign-confirm", "submit", "undo", "cancel", "offer-draw", "home"):
        app.dispatch(action)
        assert (app.screen, app.confirm, list(app.planned), app.match.to_json(), app.html()) == before, action
    back(app)
    assert app.confirm == "resign" and app.match.outcome is None
    app.dispatch("resign-confirm")  # the question, answered once the Rules are closed
    assert app.match.outcome is not None


def _name(sq):
    return "abcdefghij"[sq % 10] + str(sq // 10 + 1)


def test_escape_closes_the_rules():
    app = to_play()
    app.dispatch("rules")
    app.dispatch("key", "Escape")
    assert not app.rules_open and page(app).screen == "play"


def test_the_browser_back_button_closes_the_rules_first():
    app = to_play()
    app.dispatch("rules")
    app.dispatch("back")
    assert not app.rules_open and app.screen == "play"


def test_a_reload_on_the_rules_comes_back_to_them_and_a_pass_and_play_board_stays_covered():
    storage = MemoryStorage()
    app = to_play(storage=storage)
    app.dispatch("rules")
    assert json.loads(storage.get(UI_KEY))["rules"] is True
    again = App(storage)
    assert Page(again.html()).screen == "rules"
    back(again)
    assert again.screen == "cover"  # whoever holds the device now sees no board until asked


def test_a_link_opened_closes_the_rules():
    app = App(MemoryStorage())
    app.dispatch("rules")
    app.dispatch("open-link", "garbage")
    assert not app.rules_open
