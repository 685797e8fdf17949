"""The Rules screen in real Chromium: opened from home and from a game in progress,
its diagrams are SVG boards, and Back (the page's or the browser's) returns to the
same place, selection and planned move included."""

import random

from e2e.conftest import open_app_page, settled, tap_square
from e2e.test_pass_and_play import click, saved_game, start_game
from espionage.board import square_name
from espionage.sealed import Seat
from espionage.variant import Variant

DIAGRAMS = ("fight", "spy", "sapper-mine", "no-return", "no-legal-move")


def open_rules(page):
    click(page, "Rules")
    page.wait_for_selector('section[data-screen="rules"]')
    assert page.evaluate("window.scrollY") == 0


def check_rules(page):
    """The rules screen: headings, and each diagram a small board of real squares and pieces."""
    assert page.get_by_role("heading", name="Rules of Espionage").is_visible()
    assert page.locator(".rules h2").count() >= 8
    for name in DIAGRAMS:
        figure = page.locator(f'figure.rules-diagram[data-diagram="{name}"]')
        assert figure.is_visible()
        boards = figure.locator("svg.espionage-board")
        assert boards.count() >= 1
        for i in range(boards.count()):
            board = boards.nth(i)
            squares = board.locator("g.square[data-square]").count()
            assert 9 <= squares <= 25
            assert board.locator("g.piece[data-piece]").count() >= 2
            box = board.bounding_box()
            assert box["width"] > 100 and box["height"] > 80  # drawn, not collapsed
    assert page.locator("table.rules-combat td").count() == 7 * 9


def test_rules_from_home_and_back(page, open_app):
    open_app(page)
    open_rules(page)
    check_rules(page)
    page.get_by_role("button", name="Back", exact=True).first.click()
    page.wait_for_selector('section[data-screen="home"]')
    assert page.get_by_role("button", name="Pass and play", exact=True).is_visible()


def test_rules_during_a_game_come_back_to_the_same_board(page, open_app):
    page.set_viewport_size({"width": 700, "height": 600})  # the board above the panel: the page scrolls
    start_game(page, open_app)
    game, _ = saved_game(page)
    first = game.legal_moves()[0]
    tap_square(page, square_name(first.from_square))
    tap_square(page, square_name(first.to_square))
    second = game.view("red").legal_moves_after([first])[0]
    chosen = square_name(second.from_square)
    tap_square(page, chosen)

    def where():
        return page.evaluate(
            """() => [document.querySelector('section').dataset.screen,
                      [...document.querySelectorAll('g.square.selected')].map(g => g.dataset.square),
                      [...document.querySelectorAll('path.planned-move')].map(p => p.dataset.move)]"""
        )

    before = where()
    assert before == ["play", [chosen], [str(first)]]

    # the page's Back, from a scrolled page: the rules start at the top, the board comes back where it was
    page.evaluate("window.scrollTo(0, 150)")
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0
    page.evaluate("document.querySelector('[data-action=rules]').click()")
    page.wait_for_selector('section[data-screen="rules"]')
    assert page.evaluate("window.scrollY") == 0
    check_rules(page)
    page.click('figure[data-diagram="no-return"] g.square[data-square="d5"]')  # a diagram's square does nothing
    page.get_by_role("button", name="Back", exact=True).last.click()
    page.wait_for_selector('section[data-screen="play"]')
    assert where() == before
    assert page.evaluate("window.scrollY") == scrolled

    # the browser's Back button closes the rules too, and stays in the app
    open_rules(page)
    page.go_back()
    page.wait_for_selector('section[data-screen="play"]')
    assert where() == before

    # a reload on the rules comes back to them; under them a pass-and-play board is covered again
    open_rules(page)
    page.reload()
    page.wait_for_selector("html.ready")
    page.wait_for_selector('section[data-screen="rules"]')
    page.get_by_role("button", name="Back", exact=True).first.click()
    page.wait_for_selector('section[data-screen="cover"]')
    click(page, "Show Red's board")
    assert where() == ["play", [], [str(first)]]  # the planned move is kept, as after any reload


def test_a_link_opened_over_the_rules_shows_its_screen_from_the_top(browser, server_url):
    """Closing the Rules brings back where the page was scrolled, but a link opened while they
    were open is another screen: it starts at its top, not at the old screen's place."""
    link = Seat.new_game("casual", "red", Variant(2, 6), rng=random.Random(1)).link()
    context = browser.new_context(base_url=server_url, viewport={"width": 390, "height": 300})
    page = context.new_page()
    try:
        open_app_page(page)
        click(page, "Play the computer")
        page.evaluate("window.scrollTo(0, 300)")
        assert page.evaluate("window.scrollY") == 300
        page.evaluate("document.querySelector('[data-action=rules]').click()")  # no scroll to the button
        page.wait_for_selector('section[data-screen="rules"]')
        page.evaluate("(link) => { location.hash = link; }", link)
        page.wait_for_selector('section[data-screen="link-invite"]')
        settled(page)
        assert page.evaluate("document.scrollingElement.scrollHeight") > 300  # a screen that can scroll
        assert page.evaluate("window.scrollY") == 0
    finally:
        context.close()
