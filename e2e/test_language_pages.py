"""The page in each language, in real Chromium: the browser's language chooses it, a
pass-and-play turn and a link invitation are played in it, a Czech player meets no
English on any screen, and switching the language mid-game keeps the game.

Buttons are found by their ``data-action`` (the same in every language); what they say
is compared with the catalogs, read here with the standard library's gettext."""

import gettext
import json
import re

import pytest

from e2e.conftest import settled, tap_square
from espionage import record
from espionage.board import square_name
from tests.helpers import english_words
from ui.i18n import LANGUAGES, LOCALE_DIR

TAGS = {"en": "en-GB", "cs": "cs-CZ", "bg": "bg-BG", "nb": "nb-NO", "et": "et-EE", "es": "es-ES"}
READY = "html.ready, html.load-failed, .py-error"
# What a player reads: the text, and what a screen reader says; not the language menu
# (each language in its own name) nor the link itself.
SAID = """() => {
    const app = document.getElementById('app').cloneNode(true);
    app.querySelectorAll('select, input').forEach(e => e.remove());
    const said = [...app.querySelectorAll('[aria-label], [title]')].flatMap(e =>
        [e.getAttribute('aria-label'), e.getAttribute('title')]);
    const titles = [...app.querySelectorAll('title')].map(t => t.textContent);
    document.body.appendChild(app);
    const text = app.innerText;
    app.remove();
    return [text, ...said, ...titles].filter(Boolean).join(' ');
}"""

PIECES = "() => [...document.querySelectorAll('g.square [data-piece]')].map(p => p.closest('g.square').dataset.square + p.dataset.piece)"


class Phone:
    """A browser context whose language is ``language``, with one page and its errors."""

    def __init__(self, browser, server_url, language):
        self.context = browser.new_context(base_url=server_url, locale=TAGS[language])
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda exc: self.errors.append(f"uncaught {exc}"))
        self.page.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        self.words = gettext.translation("messages", LOCALE_DIR, [language], fallback=True).gettext

    def open(self, suffix=""):
        self.page.goto("./" + suffix)
        self.page.wait_for_selector(READY, timeout=60_000, state="attached")
        assert self.page.locator("html.ready").count(), "the page failed to start"

    def act(self, action, arg=None):
        selector = f'[data-action="{action}"]' + (f'[data-arg="{arg}"]' if arg is not None else "")
        self.page.click(selector)
        settled(self.page)

    def says(self, action, arg=None):
        selector = f'button[data-action="{action}"]' + (f'[data-arg="{arg}"]' if arg is not None else "")
        return self.page.inner_text(selector).strip()

    @property
    def screen(self):
        return self.page.get_attribute("section.screen", "data-screen")

    def game(self):
        saves = self.page.evaluate(
            "() => Object.keys(localStorage).filter(k => k.startsWith('espionage:game:')).map(k => localStorage[k])"
        )
        return record.read(json.loads(saves[0])["record"])

    def english(self, words):
        return sorted({w for w in re.findall(r"[A-Za-z]{3,}", self.page.evaluate(SAID)) if w.lower() in words})


@pytest.fixture
def phones(browser, server_url):
    made = []

    def make(language):
        made.append(Phone(browser, server_url, language))
        return made[-1]

    yield make
    errors = [e for p in made for e in p.errors]
    for p in made:
        p.context.close()
    assert not errors, "the pages reported errors:\n" + "\n".join(errors)


def set_up_pass_and_play(phone):
    phone.act("mode", "pass")
    phone.act("start")
    for _side in range(2):
        assert phone.screen == "setup"
        phone.act("random-setup")
        phone.act("ready")
        assert phone.screen == "cover"
        phone.act("reveal")
    assert phone.screen == "play"


def tap_turn(phone, viewer="red"):
    """Tap a legal turn (two moves by two pieces), as the view of the saved game allows."""
    view = phone.game().view(viewer)
    planned = []
    while True:
        moves = view.legal_moves_after(planned) if planned else view.legal_moves()
        if not moves:
            break
        move = moves[0]
        tap_square(phone.page, square_name(move.from_square))
        tap_square(phone.page, square_name(move.to_square))
        planned.append(move)
    return planned


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_turn_and_an_invitation_in_each_language(phones, language):
    phone = phones(language)
    _ = phone.words
    phone.open()
    assert phone.page.evaluate("document.documentElement.lang") == language
    assert phone.page.title() == _("Espionage")
    assert phone.page.input_value("#language") == language
    assert phone.says("mode", "pass") == _("Pass and play")
    set_up_pass_and_play(phone)
    assert phone.page.inner_text("#app h1") == _("{side}'s board").format(side=_("Red"))
    planned = tap_turn(phone)
    assert len(planned) == 2
    assert phone.says("submit") == _("Submit turn")
    phone.act("submit")
    assert phone.screen == "results"
    assert phone.page.inner_text("#app h1") == _("{side}'s turn played").format(side=_("Red"))
    phone.act("hand-over")
    assert phone.screen == "cover"
    assert phone.page.inner_text(".cover-title") == _("Hand the device to {side}").format(side=_("Blue"))
    phone.act("home")
    phone.act("link-new")
    phone.act("link-setup")
    phone.act("random-setup")
    phone.act("link-ready")
    assert phone.screen == "link-send"
    assert phone.page.inner_text("#app h1") == _("Invitation ready: send it to your friend ({side})").format(side=_("Blue"))
    link = phone.page.input_value("#link-text").split("#", 1)[1]
    assert re.fullmatch(r"[A-Za-z0-9_-]+", link)  # the link says nothing in any language


def test_a_czech_player_invites_a_spanish_player_each_in_their_own_language(phones):
    czech, spanish = phones("cs"), phones("es")
    czech.open()
    czech.act("link-new")
    czech.act("link-setup")
    czech.act("random-setup")
    czech.act("link-ready")
    link = czech.page.input_value("#link-text").split("#", 1)[1]
    spanish.open("#" + link)
    assert spanish.screen == "link-invite"
    _ = spanish.words
    assert spanish.page.inner_text("#app h1") == _("{side} invites you to a sealed game").format(side=_("Red"))
    spanish.act("link-join")
    spanish.act("random-setup")
    spanish.act("link-ready")
    back = spanish.page.input_value("#link-text").split("#", 1)[1]
    czech.page.goto("./#" + back)
    czech.page.wait_for_selector('section.screen[data-screen="play"]')
    assert czech.says("submit") == czech.words("Submit turn") == "Potvrdit kolo"


def test_no_english_is_left_on_any_czech_screen(phones):
    words = english_words("cs")
    phone = phones("cs")
    phone.open()
    seen = {}

    def look():
        seen[phone.screen] = phone.english(words)

    look()
    phone.act("mode", "pass")
    look()
    phone.act("start")
    look()
    phone.act("random-setup")
    phone.act("ready")
    look()  # the cover
    phone.act("reveal")
    phone.act("random-setup")
    phone.act("ready")
    phone.act("reveal")
    tap_turn(phone)
    look()  # play, a turn planned
    phone.act("submit")
    look()  # the turn's results
    phone.act("hand-over")
    phone.act("reveal")
    phone.act("history")
    look()
    phone.act("history-close")
    phone.act("resign")
    phone.act("resign-confirm")
    look()  # game over, both armies shown
    phone.act("home")
    phone.act("link-new")
    look()
    phone.act("link-setup")
    phone.act("random-setup")
    phone.act("link-ready")
    look()  # the invitation to send
    phone.act("home")
    look()  # home, with saved games
    phone.act("computer-new")
    look()
    phone.act("computer-start")
    phone.act("random-setup")
    phone.act("computer-ready")
    look()  # the game against the computer
    phone.page.goto("./#this-is-not-a-game-link")
    phone.page.wait_for_selector('section.screen[data-screen="link-error"]')
    look()
    expected = {"home", "options", "setup", "cover", "play", "results", "history", "over",
                "link-options", "link-send", "computer-options", "link-error"}  # fmt: skip
    assert expected <= set(seen), sorted(seen)
    assert {screen: english for screen, english in seen.items() if english} == {}


def test_switching_the_language_mid_game_keeps_the_board_and_the_planned_move(phones):
    phone = phones("cs")
    phone.open()
    set_up_pass_and_play(phone)
    view = phone.game().view("red")
    move = view.legal_moves()[0]
    tap_square(phone.page, square_name(move.from_square))
    tap_square(phone.page, square_name(move.to_square))
    pieces = phone.page.evaluate(PIECES)
    assert phone.page.locator(f'[data-move="{move}"]').count() == 1
    phone.page.select_option("#language", "es")
    phone.page.wait_for_function("document.documentElement.lang === 'es'")
    assert phone.screen == "play"
    assert phone.page.locator(f'[data-move="{move}"]').count() == 1  # the planned move is still drawn
    assert phone.page.evaluate(PIECES) == pieces
    assert phone.says("submit") == "Enviar turno"
    assert phone.page.title() == "Espionaje"
    phone.page.reload()
    phone.page.wait_for_selector(READY, state="attached")
    assert phone.page.evaluate("document.documentElement.lang") == "es"
    assert phone.screen == "cover"  # a reload covers a pass-and-play board
    phone.act("reveal")
    assert phone.page.locator(f'[data-move="{move}"]').count() == 1
    assert phone.says("submit") == "Enviar turno"


def test_a_language_chosen_in_another_tab_is_spoken_in_this_one_mid_game(phones):
    """A setting of the device: the tab left behind speaks it at once, its board and planned move
    kept, its menu showing it (the player had used that menu too)."""
    phone = phones("cs")
    phone.open()
    set_up_pass_and_play(phone)
    move = phone.game().view("red").legal_moves()[0]
    tap_square(phone.page, square_name(move.from_square))
    tap_square(phone.page, square_name(move.to_square))
    pieces = phone.page.evaluate(PIECES)
    for language in ("es", "cs"):
        phone.page.select_option("#language", language)
        phone.page.wait_for_function(f"document.documentElement.lang === '{language}'")
    other = phone.context.new_page()
    other.goto("./")
    other.wait_for_selector(READY, timeout=60_000, state="attached")
    other.select_option("#language", "es")
    other.wait_for_function("document.documentElement.lang === 'es'")
    phone.page.wait_for_function("document.documentElement.lang === 'es'")
    settled(phone.page)
    assert phone.page.input_value("#language") == "es"
    assert phone.says("submit") == "Enviar turno" and phone.page.title() == "Espionaje"
    assert phone.screen == "play" and phone.page.locator(f'[data-move="{move}"]').count() == 1
    assert phone.page.evaluate(PIECES) == pieces
