"""The player's language: chosen from the browser, switched on any screen, remembered,
and every screen spoken in it (ui/i18n.py, App.choose_language)."""

import json
import random
import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser

import pytest

from espionage import Game, IllegalMove
from espionage.board import square_name
from espionage.link import IncompleteLink, NotALink
from espionage.link.fights import FalseFight
from espionage.sealed.audit import Finding
from tests.helpers import english_words, epn
from tests.test_app import Page, page, plan, text, to_play
from tests.test_link_app import link_of
from tools import compile_catalogs
from ui import i18n
from ui.app import App
from ui.errors import error_text
from ui.saves import UI_KEY, MemoryStorage


@pytest.fixture(autouse=True)
def english_after():
    """The catalogs compiled as ./test.sh does, and English again after each test."""
    compile_catalogs.main()
    yield
    i18n.use("en")


@pytest.mark.parametrize(
    ("preferences", "language"),
    [
        (["cs-CZ", "en-US"], "cs"),
        (["fr-FR", "es-MX", "cs"], "es"),
        (["no"], "nb"),
        (["nb_NO"], "nb"),
        (["BG"], "bg"),
        (["et-EE"], "et"),
        (["fr", "de"], "en"),
        ([], "en"),
    ],
)
def test_the_first_language_is_the_browsers_best_supported_one(preferences, language):
    assert i18n.best_language(preferences) == language
    assert App(MemoryStorage(), languages=preferences).language == language


def test_a_chosen_language_is_remembered_over_the_browsers():
    storage = MemoryStorage()
    app = App(storage, languages=["en-GB"])
    app.dispatch("language", "bg")
    assert json.loads(storage.get(UI_KEY))["language"] == "bg"
    again = App(storage, languages=["es"])
    assert again.language == "bg" and i18n.language() == "bg"
    menu = page(again).find(lambda n: n.get("id") == "language")[0]
    assert [o.get("value") for o in menu.iter("option") if o.get("selected")] == ["bg"]


def test_the_language_is_the_devices_not_the_tabs():
    """A tab's reload comes back to its own screen (its tab storage), in the language chosen last
    in any tab of the device."""
    storage, tab = MemoryStorage(), MemoryStorage()
    App(storage, tab_storage=tab).dispatch("language", "bg")
    App(storage, tab_storage=MemoryStorage()).dispatch("language", "cs")
    assert App(storage, tab_storage=tab).language == "cs"


def test_a_language_chosen_in_another_tab_is_spoken_here_and_not_written_back_as_it_was():
    """The other tabs kept speaking the language they started in, and wrote it back as they went
    away (closed, reloaded): closing one the player had left undid the choice for the next tab."""
    storage, tab = MemoryStorage(), MemoryStorage()
    left = App(storage, tab_storage=tab, languages=["en"])
    App(storage, tab_storage=MemoryStorage()).dispatch("language", "cs")
    i18n.use("en")  # each tab speaks its own (the module's language is one page's)
    assert left.storage_changed(UI_KEY)  # the browser tells it: its page is drawn again
    assert left.language == "cs" and i18n.language() == "cs"
    menu = page(left).find(lambda n: n.get("id") == "language")[0]
    assert [o.get("value") for o in menu.iter("option") if o.get("selected")] == ["cs"]
    left.remember_ui()  # it goes away
    assert App(storage, tab_storage=MemoryStorage()).language == "cs"
    assert not left.storage_changed(UI_KEY)  # told again: nothing changes on its page


@pytest.mark.parametrize(
    "saved", ['{"language": "xx"}', '{"language": 5}', '{"language": []}', '{"language": {}}', "not json", "[1]"]
)
def test_a_damaged_or_unknown_remembered_language_falls_back_to_the_browser(saved):
    storage = MemoryStorage()
    storage.set(UI_KEY, saved)
    assert App(storage, languages=["es-ES"]).language == "es"


def test_an_unknown_language_is_refused():
    app = App(MemoryStorage())
    app.dispatch("language", "xx")
    assert app.language == "en"
    with pytest.raises(ValueError):
        i18n.use("xx")


def test_every_screen_offers_every_language_in_its_own_name():
    app = App(MemoryStorage(), languages=["cs"])
    menu = page(app).find(lambda n: n.get("id") == "language")[0]
    options = {o.get("value"): text(o) for o in menu.iter("option")}
    assert options == i18n.LANGUAGES
    assert [o.get("value") for o in menu.iter("option") if o.get("selected")] == ["cs"]


def test_switching_mid_game_keeps_the_board_the_selection_and_the_planned_move():
    storage = MemoryStorage()
    app = to_play(seed=3, storage=storage)
    first = app.turn.next_moves()[0]
    plan(app, first)
    second = next(m for m in app.turn.next_moves() if m.from_square != first.to_square)
    app.dispatch("square", square_name(second.from_square))
    before = (app.screen, app.side, app.selected, list(app.planned), app.turn.view().letters)
    english = app.html()
    app.dispatch("language", "cs")
    assert (app.screen, app.side, app.selected, list(app.planned), app.turn.view().letters) == before
    czech = page(app)
    assert "Potvrdit kolo" in czech.html and "Submit turn" not in czech.html
    assert czech.square_with("selected") == Page(english).square_with("selected") == [square_name(second.from_square)]
    # a reload comes back to the same place, in Czech
    again = App(storage)
    assert again.language == "cs"
    assert again.screen == "cover"  # pass and play: a reload covers the board
    again.dispatch("reveal")
    assert list(again.planned) == before[3]


@pytest.mark.parametrize(
    ("n", "volcanoes", "placed"),
    [
        (1, "1 sopka", "Rozmístěna 1 figurka z 30"),
        (2, "2 sopky", "Rozmístěny 2 figurky z 30"),
        (4, "4 sopky", "Rozmístěny 4 figurky z 30"),
        (5, "5 sopek", "Rozmístěno 5 figurek z 30"),
        (0, "0 sopek", "Rozmístěno 0 figurek z 30"),
        (22, "22 sopek", "Rozmístěno 22 figurek z 30"),
    ],
)
def test_czech_has_three_plural_forms(n, volcanoes, placed):
    i18n.use("cs")
    assert i18n.ngettext("{n} volcano", "{n} volcanoes", n).format(n=n) == volcanoes
    assert i18n.ngettext("{n} of 30 placed", "{n} of 30 placed", n).format(n=n) == placed


def test_the_setup_count_is_said_in_czech_on_the_page():
    app = App(MemoryStorage(), rng=random.Random(1), languages=["cs"])
    for action in ("mode", "start"):
        app.dispatch(action, "pass" if action == "mode" else "")
    assert app.screen == "setup"
    assert "Rozmístěno 0 figurek z 30" in app.html()
    app.dispatch("random-setup")
    assert "Rozmístěno 30 figurek z 30" in app.html()


def test_the_pieces_have_their_glossary_names():
    names = {"cs": ("Desátník", "Ženista", "Základna"), "es": ("Cabo", "Cazaminas", "Cuartelillo")}
    for language, expected in names.items():
        i18n.use(language)
        app = App(MemoryStorage(), rng=random.Random(1), languages=[language])
        for action in ("mode", "start"):
            app.dispatch(action, "pass" if action == "mode" else "")
        tray = [el.get("title") for el in page(app).find(lambda n: "tray-kind" in (n.get("class") or ""))]
        assert set(expected) <= set(tray), tray


def test_engine_errors_are_worded_by_class_and_code():
    game = Game.from_position(epn({"a1": "H", "e4": "C", "j10": "h", "j9": "c"}))
    with pytest.raises(IllegalMove) as caught:
        game.play("e4-e6")
    assert caught.value.code == "far" and str(caught.value) == "a piece moves one square up, down, left or right"
    with pytest.raises(IllegalMove) as caught:
        game.play("a1-a2")
    assert caught.value.code == "headquarters" and caught.value.squares == (0,)
    i18n.use("cs")
    assert error_text(caught.value) == "Základna se nikdy nepohybuje."
    assert error_text(IllegalMove("x", "no-return", (44,))) == (
        "Návrat na e5 v tomto kole není dovolen: ta figurka odtud v minulém kole přišla."
    )
    assert error_text(IncompleteLink("this link is incomplete: 3 of 9 characters arrived")).startswith("Odkaz je neúplný")
    assert error_text(NotALink("a link is a piece of text")).startswith("Toto není odkaz")
    i18n.use("es")
    assert error_text(IllegalMove("x", "mine", (3,))) == "Las Minas nunca se mueven."


def test_a_broken_link_is_said_in_the_players_language_and_again_after_a_switch():
    app = App(MemoryStorage(), languages=["es"])
    app.dispatch("open-link", "abc!def")
    assert app.screen == "link-error"
    assert "no es un enlace de una partida de Espionaje" in text(page(app).root)
    app.dispatch("language", "cs")
    assert app.screen == "link-error"
    assert "Toto není odkaz na hru Špionáž" in text(page(app).root)


class _Said(HTMLParser):
    """The words a player reads: text, and the names a screen reader says (aria-label, title);
    not the language menu (each language in its own name) nor the link itself."""

    def __init__(self):
        super().__init__()
        self.said, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        self.said += [v for k, v in attrs if k in ("aria-label", "title") and v]
        self.skip += tag == "option"

    def handle_endtag(self, tag):
        self.skip -= tag == "option"

    def handle_data(self, data):
        if not self.skip:
            self.said.append(data)


def visible_text(app):
    parser = _Said()
    parser.feed(app.html())
    return " ".join(parser.said)


def english_left(app, words):
    return sorted({w for w in re.findall(r"[A-Za-z]{3,}", visible_text(app)) if w.lower() in words})


def test_no_english_is_left_on_the_czech_pass_and_play_screens():
    words = english_words("cs")
    assert {"submit", "turn", "board", "resign"} <= words
    assert english_left(App(MemoryStorage(), languages=["en"]), words)  # the check sees English
    app = App(MemoryStorage(), rng=random.Random(5), languages=["cs"])
    seen = []

    def look():
        seen.append(app.screen)
        assert english_left(app, words) == [], app.screen

    look()
    for action, arg in (("mode", "pass"),):
        app.dispatch(action, arg)
        look()
    app.dispatch("start")
    for _side in range(2):
        look()
        app.dispatch("random-setup")
        app.dispatch("ready")
        look()  # the cover
        app.dispatch("reveal")
    rng = random.Random(5)
    while app.screen != "over":
        look()
        while not app.turn.complete and app.screen == "play":
            move = rng.choice(app.turn.next_moves())
            plan(app, move)
        app.dispatch("history")
        look()
        app.dispatch("history-close")
        app.dispatch("submit")
        if app.screen == "results":
            look()
            app.dispatch("hand-over")
            look()
            app.dispatch("reveal")
        if len(seen) > 60:
            app.dispatch("resign")
            app.dispatch("resign-confirm")
    look()
    assert {"home", "options", "setup", "cover", "play", "history", "results", "over"} <= set(seen)


def test_no_english_is_left_on_the_czech_link_and_computer_screens():
    words = english_words("cs")
    red = App(MemoryStorage(), rng=random.Random(1), languages=["cs"])
    blue = App(MemoryStorage(), rng=random.Random(2), languages=["cs"])
    red.dispatch("link-new")
    assert english_left(red, words) == []
    red.dispatch("link-setup")
    red.dispatch("random-setup")
    red.dispatch("link-ready")
    assert red.screen == "link-send" and english_left(red, words) == []
    blue.dispatch("open-link", link_of(red))
    assert blue.screen == "link-invite" and english_left(blue, words) == []
    blue.dispatch("link-join")
    blue.dispatch("random-setup")
    blue.dispatch("link-ready")
    red.dispatch("open-link", link_of(blue))
    assert red.screen == "play" and english_left(red, words) == []
    red.dispatch("link-backup")
    assert red.screen == "link-backup" and english_left(red, words) == []
    red.dispatch("link-back")
    red.dispatch("resign")
    red.dispatch("resign-confirm")
    assert red.screen == "over" and english_left(red, words) == []
    red.dispatch("home")
    assert english_left(red, words) == []
    red.dispatch("open-link", "#definitely-not-a-game-link")
    assert red.screen == "link-error" and english_left(red, words) == []
    computer = App(MemoryStorage(), rng=random.Random(3), languages=["cs"])
    computer.dispatch("computer-new")
    assert english_left(computer, words) == []
    computer.dispatch("computer-start")
    computer.dispatch("random-setup")
    computer.dispatch("computer-ready")
    assert computer.screen == "play" and english_left(computer, words) == []
    computer.dispatch("resign")
    computer.dispatch("resign-confirm")
    assert computer.screen == "over" and english_left(computer, words) == []


def test_the_audits_finding_names_the_liar_in_the_players_language():
    finding = Finding("turn 1: Blue's Mine on b8 moved", "immovable-moved", turn=1, side=1, kind="M", square=71)
    assert finding == "turn 1: Blue's Mine on b8 moved"  # the engine's English, for Python users
    assert error_text(finding) == "Turn 1: Blue's Mine on b8 moved."
    i18n.use("cs")
    assert error_text(finding) == "Kolo 1: Modrý táhl z b8 figurkou, která se nesmí hýbat (Mina)."


def test_a_link_refused_for_a_false_fight_names_the_liar_in_the_players_language():
    refusal = FalseFight("Red's reply withholds the fight's token", "Red")
    assert error_text(refusal) == "This link was refused: it holds a false claim in Red's name about a fight."
    i18n.use("es")
    assert error_text(refusal) == (
        "Este enlace se ha rechazado: contiene una afirmación falsa en nombre de Rojo sobre un combate."
    )


def test_the_catalogs_are_read_from_the_games_archive_without_unpacking_it(tmp_path):
    """The published site imports the game from python.zip as it is (zipimport): ui/i18n.py then
    reads its catalogs through its module's loader, from inside the archive."""
    archive = tmp_path / "python.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for name in ("ui/__init__.py", "ui/i18n.py", "locale/cs/LC_MESSAGES/messages.mo"):
            zipped.write(compile_catalogs.ROOT / name, name)
    check = (
        "import sys; sys.path.insert(0, sys.argv[1]); from ui import i18n; "
        "assert i18n.__file__.startswith(sys.argv[1]), i18n.__file__; "
        "i18n.use('cs'); print(i18n._('New game'))"
    )
    done = subprocess.run([sys.executable, "-c", check, str(archive)], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    i18n.use("cs")
    assert done.stdout.strip() == i18n._("New game") != "New game"
