"""The game in WebKit (every iPad browser) and Firefox, the steps Chromium takes in its own tests.

Each test runs once per engine (the ``device`` fixture, e2e/conftest.py; the engines
behind one interface in tools/engines.py): the page loads, a pass-and-play game is set
up and played by tapping, a reload keeps the cover, a link is opened and played back,
and every screen is laid out cleanly at phone, tablet and desktop sizes. Chromium's own
tests take these steps and check more, so they run in WebKit and Firefox only
(``BEYOND_CHROMIUM``); a fight and a long game's end at every size run in Chromium too.
"""

import random

import pytest

from e2e.conftest import PLAYED_ELSEWHERE, SAVED_GAME, game_turns_in, played_on_by_red
from e2e.layout import SIZES, assert_board_fits, assert_laid_out
from espionage.sealed import Seat
from espionage.variant import Variant
from tests.linkplay import random_turn
from tools.engines import SAVE_ALL
from ui.saves import GAME_PREFIX, Match

# The squares of the side to move's pieces, and the squares lit for the selected one.
OWN_SQUARES = """(side) => [...document.querySelectorAll(`g.square:has(g.piece.${side})`)]
    .map((g) => g.dataset.square)"""
TARGETS = "() => [...document.querySelectorAll('g.square.target')].map((g) => g.dataset.square)"
ENEMY_TARGETS = "() => [...document.querySelectorAll('g.square.target:has(g.piece)')].map((g) => g.dataset.square)"
SUBMIT_READY = """() => { const b = [...document.querySelectorAll('button')]
    .find((b) => b.innerText.trim() === 'Submit turn'); return !!b && !b.disabled; }"""
SAVED_GAMES = """() => Object.keys(localStorage).filter((k) => k.startsWith('espionage:game:'))
    .map((k) => localStorage[k])"""


BEYOND_CHROMIUM = pytest.mark.parametrize("new_device", ["webkit", "firefox"], indirect=True)
"""For a test whose steps Chromium takes in its own tests (e2e/test_pass_and_play.py,
test_link_play.py, test_layout.py), which check more: run in WebKit and Firefox only."""


def plan_a_move(device, side, rng):
    """Tap an own piece that has somewhere to go, then one of its lit squares."""
    squares = device.evaluate(OWN_SQUARES, side)
    rng.shuffle(squares)
    for square in squares:
        device.tap_square(square)
        targets = device.evaluate(TARGETS)
        if targets:
            device.tap_square(rng.choice(targets))
            return
        device.tap_square(square)  # a second tap lets it go
    raise AssertionError(f"{device.engine}: no {side} piece can move")


def plan_an_attack(device, side):
    """Tap an own piece next to an enemy, then the enemy's square; False if none can attack."""
    for square in device.evaluate(OWN_SQUARES, side):
        device.tap_square(square)
        enemy = device.evaluate(ENEMY_TARGETS)
        if enemy:
            device.tap_square(enemy[0])
            return True
        device.tap_square(square)
    return False


def play_a_turn(device, side, rng):
    while not device.evaluate(SUBMIT_READY):
        plan_a_move(device, side, rng)
    device.tap("Submit turn")
    assert device.screen == "results"


def to_first_board(device):
    """Home → both random setups → Red's board, by tapping."""
    device.open()
    for label in ("Pass and play", "Start", "Random setup", "Ready", "Show Blue's board", "Random setup", "Ready",
                  "Show Red's board"):  # fmt: skip
        device.tap(label)
    assert device.screen == "play"


@BEYOND_CHROMIUM
def test_the_page_loads_with_the_three_ways_to_play(device):
    device.open()
    assert device.screen == "home"
    assert device.evaluate("() => document.title") == "Espionage"
    for label in ("Pass and play", "Play by link", "Play the computer", "How to play"):
        assert device.has_button(label), f"{device.engine}: no {label!r}"


@BEYOND_CHROMIUM
def test_a_pass_and_play_game_played_by_tapping_and_a_reload_keeps_the_cover(device):
    rng = random.Random(5)
    to_first_board(device)
    for turn, (side, other) in enumerate((("red", "Blue"), ("blue", "Red"), ("red", "Blue"))):
        play_a_turn(device, side, rng)
        device.tap("Hand over")
        assert device.screen == "cover"
        if turn < 2:
            device.tap(f"Show {other}'s board")
    [saved] = device.evaluate(SAVED_GAMES)
    game = Match.from_json(saved).game
    assert game.turn == "blue" and len(game.moves) >= 3
    device.reload()
    device.wait_for("html.ready")
    assert device.screen == "cover", f"{device.engine}: a reload left the cover"
    assert device.evaluate("() => document.querySelectorAll('g.piece').length") == 0


@BEYOND_CHROMIUM
def test_a_link_is_opened_and_played_back(device):
    """The other player is the engine's own seat: this device joins its invitation, opens its
    turn (played back on the board) and answers with a turn tapped here, which it accepts."""
    rng = random.Random(8)
    red = Seat.new_game("casual", "red", Variant(2, 6), rng=rng)
    device.open("#" + red.link())
    assert device.screen == "link-invite"
    for label in ("Set up your army", "Random setup", "Ready"):
        device.tap(label)
    assert device.screen == "link-send"
    red.receive(device.evaluate("() => document.querySelector('#link-text').value").split("#", 1)[1])
    red.play_turn(random_turn(red, rng))
    device.open_link(red.link())
    assert device.screen == "play"
    assert device.evaluate("() => document.querySelectorAll('path.last-move').length") > 0  # Red's turn shown
    while not device.evaluate(SUBMIT_READY):
        plan_a_move(device, "blue", rng)
    device.tap("Submit turn")
    assert device.screen == "link-send"
    red.receive(device.evaluate("() => document.querySelector('#link-text').value").split("#", 1)[1])
    assert red.my_turn


def check_at_every_size(device, screen):
    assert device.screen == screen, f"{device.engine}: {device.screen} instead of {screen}"
    for size, (width, height) in SIZES.items():
        device.resize(width, height)
        where = f"{device.engine}: {screen} ({size})"
        assert_laid_out(device, where)
        if screen in ("setup", "play"):
            assert_board_fits(device, where)
    device.resize(820, 1180)


@BEYOND_CHROMIUM
def test_every_screen_is_laid_out_cleanly_at_every_size(device):
    """Home, options, setup, cover, play, results, game over, the Rules, the link and computer
    screens and a broken link, each at phone, tablet (both ways) and desktop sizes. Chromium walks
    these screens, and a few more, in e2e/test_layout.py."""
    rng = random.Random(2)
    device.open()
    check_at_every_size(device, "home")
    device.tap("Pass and play")
    check_at_every_size(device, "options")
    device.tap("Start")
    device.tap("Random setup")
    check_at_every_size(device, "setup")
    device.tap("Ready")
    check_at_every_size(device, "cover")
    for label in ("Show Blue's board", "Random setup", "Ready", "Show Red's board"):
        device.tap(label)
    plan_a_move(device, "red", rng)
    check_at_every_size(device, "play")
    play_a_turn(device, "red", rng)
    check_at_every_size(device, "results")
    for label in ("Hand over", "Show Blue's board", "Resign", "Resign"):
        device.tap(label)
    check_at_every_size(device, "over")
    device.tap("Rules")
    assert device.evaluate("() => document.querySelectorAll('.rules').length") == 1
    for size, (width, height) in SIZES.items():
        device.resize(width, height)
        assert_laid_out(device, f"{device.engine}: rules ({size})")
    device.tap("Back")
    device.tap("Home")
    check_at_every_size(device, "home")
    device.tap("Play by link")
    check_at_every_size(device, "link-options")
    for label in ("Set up your army", "Random setup", "Ready"):
        device.tap(label)
    check_at_every_size(device, "link-send")
    device.tap("Home")
    device.tap("Play the computer")
    check_at_every_size(device, "computer-options")
    device.open_link("not-a-game-link")
    check_at_every_size(device, "link-error")


def test_a_fight_and_the_end_of_a_long_game_are_laid_out_cleanly(device):
    """A turn with a fight, its results, and the game-over screen with 120 turns in its list."""
    match = game_turns_in(120, seed=11)
    device.open_with_saved({GAME_PREFIX + match.id: match.to_json()})
    for label in ("Resume", "Show Red's board"):
        device.tap(label)
    assert plan_an_attack(device, "red"), "no Red piece can attack in this game"
    play_a_turn(device, "red", random.Random(1))
    assert device.evaluate("() => document.querySelectorAll('g.fights > *').length") > 0
    check_at_every_size(device, "results")
    for label in ("Hand over", "Show Blue's board", "Resign", "Resign"):
        device.tap(label)
    assert device.evaluate("() => document.querySelectorAll('ol.turn-list li.turn').length") >= 120
    check_at_every_size(device, "over")


PLAYED_ON_NOTE = 'section.screen[data-screen="cover"] p.message'


@BEYOND_CHROMIUM
def test_back_to_a_game_kept_in_the_back_forward_cache_shows_it_as_it_now_stands(new_device, static_host_url):
    """The player leaves the game for another page of the site, the game is played on meanwhile
    (as in another tab), and Back brings the page back from memory as it was left. Safari's
    engine and Firefox keep it without a word of the storage events it missed: main.py's pageshow
    listener is what shows the game as it now stands (without it, the stale board stays). Chromium,
    whose cache Playwright turns off for every other test: e2e/test_pass_and_play.py."""
    device = new_device(820, 1180, static_host_url)
    try:
        to_first_board(device)
        device.evaluate("() => { window.leftAs = 'kept'; }")  # lives on only in a page kept in memory
        device.visit("e2e/blank.html")
        key, saved = device.evaluate(SAVED_GAME)
        device.evaluate(SAVE_ALL, {key: played_on_by_red(saved)})
        device.back()
        device.wait_for("html.ready")
        assert device.evaluate("() => window.leftAs") == "kept", f"{device.engine}: the page was not kept in the cache"
        device.wait_for(PLAYED_ON_NOTE, seconds=30)
        assert device.evaluate("(note) => document.querySelector(note).textContent", PLAYED_ON_NOTE) == PLAYED_ELSEWHERE
        assert device.screen == "cover" and device.has_button("Show Blue's board")
        assert device.evaluate("() => document.querySelectorAll('g.piece').length") == 0
        errors = device.errors()
    finally:
        device.close()
    assert not errors, f"{device.engine}: the page reported errors: {errors}"
