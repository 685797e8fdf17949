"""Screens laid out cleanly: nothing covered, nothing wider than the window (e2e/layout.py)."""

import random
from contextlib import contextmanager

import pytest

from e2e.conftest import game_turns_in, open_app_page, open_app_with_saved, open_on_another_device, settled
from e2e.layout import SIZES, assert_board_fits, assert_laid_out
from e2e.test_axe_screens import plan_a_move
from e2e.test_link_play import devices, play_turn, start  # noqa: F401 (devices is a fixture)
from e2e.test_pass_and_play import click
from ui.saves import GAME_PREFIX


@contextmanager
def touch_device(browser, server_url, width, height, **options):
    """A page on a touch screen of the given size; no page error may happen while it is used."""
    context = browser.new_context(base_url=server_url, viewport={"width": width, "height": height},
                                  has_touch=True, **options)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield page
    finally:
        context.close()
    assert not errors


def test_the_notice_after_a_link_turn_is_not_under_the_corner(devices):  # noqa: F811
    """At 1100x800 "Turn played. Send the link to Red." sat under the Rules button and the
    language menu."""
    red, _blue = start(devices, "Casual")
    play_turn(red, 1, random.Random(3))
    assert red.screen == "link-send"
    assert "Send the link to Blue" in red.page.inner_text(".message")
    assert_laid_out(red.page, "link-send at 1100x800")


def _to_setup(page):
    for name in ("Pass and play", "Start"):
        click(page, name)
    assert page.get_attribute("section.screen", "data-screen") == "setup"


def test_the_keys_help_shows_on_a_phone_only_once_a_key_is_pressed(browser, server_url):
    """A phone's setup and play screens ended with "Keys: arrows move on the board…", which a
    touch player cannot use; a tablet with a keyboard gets it at the first key."""
    with touch_device(browser, server_url, 390, 844, is_mobile=True) as page:
        open_app_page(page)
        _to_setup(page)
        assert page.evaluate("matchMedia('(hover: none)').matches")
        assert page.locator(".key-hint").count() == 1 and not page.locator(".key-hint").is_visible()
        page.keyboard.press("Tab")
        assert page.locator(".key-hint").is_visible()
        assert_laid_out(page, "setup on a phone")


def test_a_new_screen_starts_at_its_top_on_a_phone(browser, server_url):
    """The computer's options and the setup are taller than a phone: a player who scrolled
    down to Start or Ready met the next screen scrolled down too, the game's board half out of
    sight. A new screen starts at its top; the whole board and Submit are then in view."""
    height = 844
    with touch_device(browser, server_url, 390, height, is_mobile=True) as page:

        def scrolled_down_to(name):
            page.get_by_role("button", name=name, exact=True).scroll_into_view_if_needed()
            assert page.evaluate("scrollY") > 0, f"{name} was in view without scrolling"
            click(page, name)

        open_app_page(page)
        click(page, "Play the computer")
        click(page, "Level 1")
        scrolled_down_to("Start")
        assert page.get_attribute("section.screen", "data-screen") == "setup"
        assert page.evaluate("scrollY") == 0
        click(page, "Random setup")
        scrolled_down_to("Ready")
        assert page.get_attribute("section.screen", "data-screen") == "play"
        assert page.evaluate("scrollY") == 0
        board = page.locator("svg.espionage-board").bounding_box()
        submit = page.get_by_role("button", name="Submit turn", exact=True).bounding_box()
        assert board["y"] >= 0 and board["y"] + board["height"] <= height
        assert submit["y"] + submit["height"] <= height
        page.evaluate("window.scrollTo(0, 200)")  # a tap on the same screen leaves it where it is
        page.click('g.square[data-square="a1"]')
        settled(page)
        assert page.evaluate("scrollY") == 200


@pytest.mark.parametrize("size", [(768, 1024), (810, 1080)])
def test_a_tablet_upright_shows_the_whole_board_and_submit_at_once(browser, server_url, size):
    """An upright iPad's board filled its width and pushed Submit below the window: every turn
    began with a scroll down, and the enemy's rows then left the view. In Spanish, whose panel
    is the tallest."""
    width, height = size
    with touch_device(browser, server_url, width, height, locale="es") as page:
        open_app_page(page)
        _to_play(page, "computer")
        assert page.get_attribute("section.screen", "data-screen") == "play"
        board = page.locator("svg.espionage-board").bounding_box()
        submit = page.locator('[data-action="submit"]').bounding_box()
        assert board["width"] >= 0.8 * width  # still as wide as the window, nearly
        assert page.evaluate("scrollY") == 0
        assert board["y"] >= 0 and submit["y"] + submit["height"] <= height


SEEN = """(selector) => {  // where what the selector finds cannot be read at once, or ''
    const found = document.querySelector(`section.screen ${selector}`);
    if (!found) return 'it is not on the screen';
    const r = found.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) return `it stands from ${r.top} to ${r.bottom} px, the window ${innerHeight} high`;
    const points = [[r.left + 2, r.top + 2], [r.left + 2, r.bottom - 2], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
    const over = points.map(([x, y]) => document.elementFromPoint(x, y)).find(el => !found.contains(el));
    return over ? `${over.tagName.toLowerCase()}.${over.className} covers it` : '';
}"""


@pytest.mark.parametrize("size", [(768, 1024), (810, 1080)])
def test_a_tablet_upright_shows_what_to_do_with_submit(browser, server_url, size):
    """On an upright iPad, once the computer's answer was listed above it, the line that says what
    to do ("Tap a piece, then a lit square…", "Planned: …: submit it.") stood under Undo and Submit,
    which stay at the window's bottom edge: the buttons could be read, what to do could not. Then
    the computer's last turn and the selected piece's name stood there: they are read with the
    board now. In Spanish, whose panel is the tallest."""
    width, height = size
    with touch_device(browser, server_url, width, height, locale="es") as page:
        open_app_page(page)
        _to_play(page, "computer")
        for turn in range(2):
            assert not (hidden := page.evaluate(SEEN, ".turn-line")), f"turn {turn + 1}: {hidden}"
            for _ in range(2):
                plan_a_move(page)
                assert not (hidden := page.evaluate(SEEN, ".turn-line")), f"turn {turn + 1}, a piece selected: {hidden}"
                page.locator("g.square.target").first.click()
                settled(page)
            assert not (hidden := page.evaluate(SEEN, ".turn-line")), f"turn {turn + 1} planned: {hidden}"
            page.click('[data-action="submit"]')
            settled(page)
            page.wait_for_selector('.computer-state[data-state="your-turn"] >> nth=0')
            page.wait_for_selector(".events li")
            settled(page)
            plan_a_move(page)
            for news in (".events", ".selection-line"):
                assert not (hidden := page.evaluate(SEEN, news)), f"after turn {turn + 1}: {news}: {hidden}"
            page.keyboard.press("Escape")
            settled(page)
        assert page.evaluate("scrollY") == 0


def test_a_link_turn_on_an_upright_tablet_shows_both_turns_and_the_piece_selected(devices):  # noqa: F811
    """A link game lists your last turn and the other side's since: on an upright iPad, from the
    second turn, the selected piece's name stood 10 px under Undo and Submit at the window's edge.
    Checked at Red's second turn, whose four lines cannot hold a fight (the armies stand two rows
    apart), so that the game's random setups change nothing of it."""
    red, blue = start(devices, "Casual")
    rng = random.Random(3)
    red.page.set_viewport_size({"width": 768, "height": 1024})
    play_turn(red, 1, rng)
    blue.open_link(red.link())
    play_turn(blue, -1, rng)
    red.open_link(blue.link())
    settled(red.page)
    assert red.page.locator(".events li").count() == 4
    plan_a_move(red.page)
    for news in (".events", ".selection-line"):
        assert not (hidden := red.page.evaluate(SEEN, news)), f"{news}: {hidden}"
    assert red.page.evaluate("scrollY") == 0


def _to_play(page, mode):
    """From the first screen to a game's first turn, by the buttons a player presses."""
    if mode == "computer":
        actions = ("computer-new", "computer-start", "random-setup", "computer-ready")
    else:
        _to_setup(page)
        actions = ("random-setup", "ready", "reveal", "random-setup", "ready", "reveal")
    for action in actions:
        page.click(f'[data-action="{action}"]')
        settled(page)


def _plays_a_turn_from_where_it_stands(page, where):
    """At the top of the play screen: the whole board, and Undo and Submit at the window's edge
    beside it or under it, over nothing of the board, with what to do seen whole; the turn played
    by taps alone, the page never scrolled. Scrolled to its end, the buttons stand above the rest
    of the panel."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert page.get_attribute("section.screen", "data-screen") == "play"
    assert page.evaluate("scrollY") == 0
    board = page.locator("svg.espionage-board").bounding_box()
    bar = page.locator('.actions:has([data-action="submit"])').bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= height, f"{where}: the board is cut"
    assert bar["y"] >= 0 and bar["y"] + bar["height"] <= height and bar["x"] + bar["width"] <= width, where
    beside = bar["x"] >= board["x"] + board["width"]
    assert beside or bar["y"] >= board["y"] + board["height"], f"{where}: the buttons cover the board"
    assert_laid_out(page, where)
    assert not (hidden := page.evaluate(SEEN, ".turn-line")), f"{where}: what to do: {hidden}"
    for _ in range(2):
        plan_a_move(page)
        page.locator("g.square.target").first.click()
        settled(page)
    assert page.evaluate("scrollY") == 0
    assert not (hidden := page.evaluate(SEEN, ".turn-line")), f"{where}, planned: what to do: {hidden}"
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    assert page.evaluate("scrollY") > 0, f"{where}: the page was no taller than the window"
    assert_laid_out(page, f"{where}, scrolled to its end")
    submit = page.locator('[data-action="submit"]').bounding_box()
    assert submit["y"] + submit["height"] <= page.locator('[data-action="home"]').bounding_box()["y"]
    page.evaluate("window.scrollTo(0, 0)")
    page.click('[data-action="submit"]')
    settled(page)
    assert page.evaluate("scrollY") == 0


@pytest.mark.parametrize(("mode", "size"), [("computer", (360, 640)), ("pass", (667, 375)), ("computer", (844, 390))])
def test_a_small_phone_plays_a_turn_without_a_scroll(browser, server_url, mode, size):
    """Submit stood below the window on a small phone (360x640: its bottom at 746 px against the
    computer) and on a phone on its side (844x390: at 394 px), and at 667x375 the board stood over
    the panel with Submit at 609 px: every turn began with a scroll down, and the computer's
    answer was watched with the board's top rows out of view."""
    width, height = size
    with touch_device(browser, server_url, width, height, is_mobile=True) as page:
        open_app_page(page)
        _to_play(page, mode)
        _plays_a_turn_from_where_it_stands(page, f"{mode} at {width}x{height}")
        if mode == "pass":
            assert page.get_attribute("section.screen", "data-screen") == "results"
        else:  # the computer's answer, watched where the turn was played
            page.wait_for_selector('.computer-state[data-state="your-turn"] >> nth=0')
            page.wait_for_selector(".events li")
            assert page.evaluate("scrollY") == 0


def test_a_link_turn_on_a_small_phone_is_played_without_a_scroll(devices):  # noqa: F811
    """The link game's panel tells what came since the last turn above the buttons: on a 375x667
    phone Submit stood below the window."""
    red, _blue = start(devices, "Casual")
    red.page.set_viewport_size({"width": 375, "height": 667})
    red.page.evaluate("window.scrollTo(0, 0)")
    _plays_a_turn_from_where_it_stands(red.page, "a casual link game at 375x667")
    assert red.screen == "link-send"


def test_the_keys_help_shows_where_the_pointer_hovers(page, open_app):
    open_app(page)
    _to_setup(page)
    assert page.locator(".key-hint").is_visible()


def test_the_first_screen_shows_the_three_ways_to_play_and_the_rules_without_scrolling(page, open_app):
    """It said little: a title, one line and "New game" on an empty page."""
    open_app(page)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for name in ("Pass and play", "Play by link", "Play the computer", "How to play"):
            box = page.get_by_role("button", name=name, exact=True).bounding_box()
            assert box is not None and box["y"] + box["height"] <= height, f"{name} below the fold ({size})"
        assert_laid_out(page, f"home ({size})")


def check_at_every_size(page, screen):
    """``screen`` laid out cleanly at every size of SIZES (the window resized, as a tablet turned),
    the board within the window on setup and play; then back to the desktop size the walk taps at."""
    assert page.get_attribute("section.screen", "data-screen") == screen
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        assert_laid_out(page, f"{screen} ({size})")
        if screen in ("setup", "play"):
            assert_board_fits(page, f"{screen} ({size})")
    page.set_viewport_size({"width": 1280, "height": 800})


def test_every_pass_and_play_screen_is_laid_out_cleanly(page, open_app):
    """The pass-and-play walk, each screen at every size: home, new game, options, setup, cover,
    play (a move planned), results, game over, home with a saved game, the Rules."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page)
    check_at_every_size(page, "home")
    click(page, "Pass and play")
    check_at_every_size(page, "options")
    click(page, "Start")
    click(page, "Random setup")
    check_at_every_size(page, "setup")
    click(page, "Ready")
    check_at_every_size(page, "cover")
    click(page, "Show Blue's board")
    click(page, "Random setup")
    click(page, "Ready")
    click(page, "Show Red's board")
    check_at_every_size(page, "play")
    plan_a_move(page)
    check_at_every_size(page, "play")
    page.locator("g.square.target").first.click()
    settled(page)
    plan_a_move(page)
    page.locator("g.square.target").first.click()
    click(page, "Submit turn")
    check_at_every_size(page, "results")
    click(page, "Hand over")
    click(page, "Show Blue's board")
    click(page, "Resign")
    check_at_every_size(page, "play")  # the question that makes sure
    click(page, "Resign")
    check_at_every_size(page, "over")
    click(page, "Home")
    check_at_every_size(page, "home")
    click(page, "Rules")
    assert page.locator(".rules").count() == 1
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        assert_laid_out(page, f"rules ({size})")


def test_the_move_list_of_a_long_game_scrolls_in_its_own_box(page):
    """After a long game the end screen's one column of every turn made the page thousands
    of pixels tall; the list scrolls in a box of its own beside the replay board."""
    page.set_viewport_size({"width": 1280, "height": 800})
    match = game_turns_in(120, seed=11)
    open_app_with_saved(page, {GAME_PREFIX + match.id: match.to_json()})
    for name in ("Resume", "Show Red's board", "Resign", "Resign"):
        click(page, name)
    assert page.get_attribute("section.screen", "data-screen") == "over"
    listed = page.locator("ol.turn-list li.turn")
    assert listed.count() >= 120
    height = page.evaluate("() => document.documentElement.scrollHeight")
    assert height <= 1.5 * 800, f"the end screen is {height}px tall"
    assert page.evaluate("() => { const l = document.querySelector('ol.turn-list'); return l.scrollHeight > l.clientHeight; }")
    assert_laid_out(page, "over after a long game (desktop)")
    listed.last.get_by_role("button").click()  # the last turn is within reach
    assert page.locator(".replay-caption").get_attribute("data-step") == listed.last.get_attribute("data-step")


def test_every_link_computer_and_error_screen_is_laid_out_cleanly(page, open_app):
    """The link screens (options, invitation, the invited side, a broken link) and the computer's
    (options, its setup and play), each at every size."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page)
    click(page, "Play by link")
    check_at_every_size(page, "link-options")
    click(page, "Set up your army")
    click(page, "Random setup")
    click(page, "Ready")
    check_at_every_size(page, "link-send")
    link = page.input_value("#link-text").split("#", 1)[1]
    open_on_another_device(page, "#" + link, lambda invited: check_at_every_size(invited, "link-invite"))
    page.goto("./#not-a-link")
    page.wait_for_selector('section.screen[data-screen="link-error"]')
    check_at_every_size(page, "link-error")
    click(page, "Home")
    click(page, "Play the computer")
    check_at_every_size(page, "computer-options")
    click(page, "Level 1")
    click(page, "Start")
    click(page, "Random setup")
    check_at_every_size(page, "setup")
    click(page, "Ready")
    page.wait_for_selector('section.screen[data-screen="play"]')
    check_at_every_size(page, "play")
