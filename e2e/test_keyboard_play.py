"""Keyboard and screen reader in real Chromium: a game played to its end with keys only,
a setup arranged with keys, and what the polite live region said at each step.

The test player presses keys and reads the page (which cell has focus, what the
live region says); it never clicks. A short position is put in the device's
storage first, as a saved pass-and-play game to resume.
"""

import random

from e2e.conftest import marks_painted, open_app_with_saved, settled
from espionage import Game, Variant
from tests.helpers import epn
from ui.saves import GAME_PREFIX, Match

LIVE = "#announcer"
FOCUSED = "() => document.activeElement?.dataset?.square ?? null"

# Red: a General on d4 and a Corporal on e4 before Blue's hidden Spy (e5) and
# Headquarters (e6); Blue's only movable piece is a Corporal on j9.
POSITION = epn({"a1": "H", "d4": "G", "e4": "C", "e5": "s", "e6": "h", "j9": "c"}, hq=False)


def saved_position(page):
    """Open the app with the position saved on the device, as a game to resume."""
    game = Game.from_position(POSITION, 2)
    match = Match(id="keys", variant=Variant(2, 0), volcanoes=game.volcanoes, game=game)
    open_app_with_saved(page, {GAME_PREFIX + match.id: match.to_json()})


def live(page):
    return page.locator(LIVE).text_content()


def focused_name(page):
    """The accessible name of the focused element (its label, or its text)."""
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return e ? (e.getAttribute('aria-label') || e.textContent).trim() : null; }"
    )


def tab_to(page, name):
    """Press Tab until the focused element is named ``name``."""
    for _ in range(80):
        page.keyboard.press("Tab")
        if focused_name(page) == name:
            return
    raise AssertionError(f"Tab never reached {name!r}")


def press_button(page, name):
    tab_to(page, name)
    page.keyboard.press("Enter")
    settled(page)


def walk_to(page, square):
    """Move the focus on the board with arrow keys, looking where the cells are drawn."""
    for _ in range(30):
        here = page.evaluate(FOCUSED)
        assert here is not None, "the focus left the board"
        if here == square:
            return
        a = page.locator(f'g.square[data-square="{here}"]').bounding_box()
        b = page.locator(f'g.square[data-square="{square}"]').bounding_box()
        dx, dy = b["x"] - a["x"], b["y"] - a["y"]
        if abs(dx) > a["width"] / 2:
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    raise AssertionError(f"the arrows never reached {square}")


def choose(page, square):
    walk_to(page, square)
    page.keyboard.press("Enter")


def test_a_game_played_to_the_end_with_the_keyboard_only(page):
    saved_position(page)
    press_button(page, "Resume")
    assert page.get_attribute("section.screen", "data-screen") == "cover"
    assert focused_name(page) == "Show Red's board"  # the focus comes to the cover's button
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED) is not None  # the focus is on the board
    # a selection and its targets, then Escape
    choose(page, "d4")
    assert live(page) == "General (5) on d4 selected: 3 squares to go to."
    cell = page.locator('g.square[data-square="d4"]')
    assert cell.get_attribute("aria-selected") == "true"
    assert page.locator('g.square[data-square="d5"]').get_attribute("aria-label") == "d5, empty, move here"
    page.keyboard.press("Escape")
    assert live(page) == "Selection cancelled."
    assert cell.get_attribute("aria-selected") == "false"
    # a move, then an attack; the focused cell keeps its focus through the patch
    page.keyboard.press("Enter")
    choose(page, "d5")
    assert live(page) == "Planned d4-d5. Now move another piece."
    walk_to(page, "e4")
    page.keyboard.press("Enter")
    walk_to(page, "e5")
    assert page.locator('g.square[data-square="e5"]').get_attribute("aria-label") == (
        "e5, enemy piece, unknown, attack here"
    )
    page.evaluate("() => { document.activeElement.keptFocus = true; }")
    page.keyboard.press("Enter")
    assert live(page) == "Planned e4-e5. Turn complete: submit it."
    assert page.evaluate("() => document.activeElement.keptFocus === true")
    press_button(page, "Submit turn")
    assert live(page) == (
        "Your turn was played: your General moved d4-d5; your General on d5 is now known to Blue; "
        "your Corporal attacked Blue's Spy on e5: Blue's Spy was removed."
    )
    press_button(page, "Hand over")
    assert live(page) == ""  # the cover leaves nothing of Red's turn for Blue to hear
    assert focused_name(page) == "Show Blue's board"
    page.keyboard.press("Enter")
    assert live(page) == (
        "Red's last turn: Red's General moved d4-d5; Red's General on d5 is unmasked; "
        "Red's piece attacked your Spy on e5: your Spy was removed. Your turn."
    )
    assert page.locator('g.square[data-square="d5"]').get_attribute("aria-label") == (
        "d5, Red's General, unmasked, last turn moved here"
    )
    assert page.locator('g.square[data-square="e5"]').get_attribute("aria-label") == (
        "e5, enemy piece, unknown, last turn moved here"
    )
    choose(page, "j9")
    assert live(page) == "Corporal (1) on j9 selected: 3 squares to go to."
    choose(page, "j8")
    assert live(page) == "Planned j9-j8. Turn complete: submit it."
    press_button(page, "Submit turn")
    press_button(page, "Hand over")
    page.keyboard.press("Enter")
    assert live(page) == "Blue's last turn: Blue's piece moved j9-j8. Your turn."
    choose(page, "d5")
    choose(page, "d6")
    choose(page, "e5")
    choose(page, "e6")
    assert live(page) == "Planned e5-e6. Turn complete: submit it."
    press_button(page, "Submit turn")
    assert page.get_attribute("section.screen", "data-screen") == "over"
    assert live(page) == "Game over. Red wins: Red captured Blue's Headquarters."
    assert focused_name(page) == "Red wins: Red captured Blue's Headquarters"


def test_a_setup_arranged_with_the_keyboard(page, open_app):
    open_app(page)
    press_button(page, "Pass and play")
    press_button(page, "Start")
    assert page.get_attribute("section.screen", "data-screen") == "setup"
    page.keyboard.press("Tab")  # from the heading to the board's cell... or on: find the board
    page.keyboard.press("Shift+Tab")
    while page.evaluate(FOCUSED) is None:
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("3")  # a rank picks its kind
    assert live(page) == "Captain picked: 3 left. Choose a square in your zone."
    choose(page, "b2")
    assert live(page) == "Captain placed on b2. 1 of 30 placed."
    page.keyboard.press("s")  # an EPN letter too
    choose(page, "c2")
    assert live(page) == "Spy placed on c2. 2 of 30 placed."
    page.keyboard.press("Escape")
    choose(page, "b2")  # pick up the Captain, swap it with the Spy
    assert live(page) == "Captain on b2 selected: choose the square it goes to."
    choose(page, "c2")
    assert live(page) == "Swapped: Spy now on b2, Captain now on c2."
    assert page.locator('g.square[data-square="c2"]').get_attribute("aria-label") == (
        "c2, your Captain, your setup zone"
    )
    press_button(page, "Random setup")
    press_button(page, "Ready")
    assert page.get_attribute("section.screen", "data-screen") == "cover"
    assert focused_name(page) == "Show Blue's board"


def test_focus_is_visible_on_the_board_and_on_buttons(page, open_app):
    open_app(page)
    tab_to(page, "Pass and play")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # a focused button shows it
    page.keyboard.press("Enter")
    press_button(page, "Start")
    while page.evaluate(FOCUSED) is None:
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("ArrowUp")
    def rings():  # painted over the board, on the cursor's cell
        seen = marks_painted(page)
        assert seen["marks"] == seen["page"]
        return [mark.removeprefix("focus-ring ") for mark in seen["marks"] if mark.startswith("focus-ring ")]

    assert rings() == [page.get_attribute("g.square.cursor", "data-square")]
    rng = random.Random(1)
    for key in rng.choices(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"], k=6):
        page.keyboard.press(key)
        assert [page.evaluate(FOCUSED)] == [page.get_attribute("g.square.cursor", "data-square")] == rings()
    assert page.locator("g.square[tabindex='0']").count() == 1  # one tab stop: a roving tabindex


def test_keep_gives_the_focus_back_to_the_delete_that_asked(page):
    saved_position(page)
    press_button(page, "Delete")
    assert focused_name(page) == "Keep"
    page.keyboard.press("Enter")
    settled(page)
    assert page.get_by_role("alertdialog").count() == 0
    assert focused_name(page) == "Delete"
    page.keyboard.press("Enter")  # asked again, from where the focus came back
    settled(page)
    page.keyboard.press("Shift+Tab")
    assert focused_name(page) == "Delete game"
    page.keyboard.press("Enter")
    settled(page)
    assert page.locator("li.saved-game").count() == 0
    assert focused_name(page) == "Espionage"  # the control that asked is gone: the screen's heading


def test_a_question_takes_the_focus_and_escape_closes_it(page):
    saved_position(page)
    press_button(page, "Resume")
    page.keyboard.press("Enter")
    press_button(page, "Resign")
    assert page.get_by_role("alertdialog").is_visible()
    assert focused_name(page) == "Keep playing"  # the safe answer has the focus
    page.keyboard.press("Escape")
    assert page.get_by_role("alertdialog").count() == 0
    assert page.get_attribute("section.screen", "data-screen") == "play"
    assert focused_name(page) == "Resign"  # back on the button that asked
    page.keyboard.press("Enter")  # asked again from there
    settled(page)
    page.keyboard.press("Shift+Tab")
    assert focused_name(page) == "Resign"
    page.keyboard.press("Enter")
    assert page.get_attribute("section.screen", "data-screen") == "over"
    assert live(page) == "Game over. Blue wins: Red resigned."
