"""axe-core on every screen of the app, in dark and light colour schemes.

Each test walks to its screens as a player would and runs axe (axe-playwright-python,
which ships axe.min.js: nothing is fetched) on the whole page; a serious or critical
violation fails the test with axe's own report of it.
"""

from axe_playwright_python.sync_playwright import Axe

from e2e.conftest import click, open_on_another_device, settled, tap_square

BLOCKING = ("serious", "critical")

axe = Axe()


def assert_accessible(page, screen):
    """No serious or critical axe violation on the page showing ``screen``, in the dark colour
    scheme and in the light one (the page follows the scheme as it changes; light is left on)."""
    assert page.get_attribute("section.screen", "data-screen") == screen
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        results = axe.run(page)
        blocking = [v for v in results.response["violations"] if v["impact"] in BLOCKING]
        report = "\n".join(
            f"{v['id']} ({v['impact']}): {v['help']}\n    "
            + "\n    ".join(f"{n['target']}: {n['failureSummary']}" for n in v["nodes"][:5])
            for v in blocking
        )
        assert not blocking, f"axe on the {screen} screen ({scheme}):\n{report}"


def plan_a_move(page, side="red"):
    """Select a piece of the side to move (``side``) that has somewhere to go."""
    for square in page.locator(f"g.square:has(g.piece.{side})").all():
        square.click()
        settled(page)
        if page.locator("g.square.target").count():
            break
        page.keyboard.press("Escape")
    assert page.locator("g.square.selected").count() == 1


def test_pass_and_play_screens(page, open_app):
    open_app(page)
    assert_accessible(page, "home")
    click(page, "Pass and play")
    assert_accessible(page, "options")
    click(page, "Start")
    assert_accessible(page, "setup")
    tap_square(page, "a1")  # a piece picked in the tray, placed
    click(page, "Random setup")
    tap_square(page, "a1")  # selected for a swap
    assert_accessible(page, "setup")
    click(page, "Ready")
    assert_accessible(page, "cover")
    click(page, "Show Blue's board")
    click(page, "Random setup")
    click(page, "Ready")
    click(page, "Show Red's board")
    page.keyboard.press("Tab")
    assert_accessible(page, "play")
    plan_a_move(page)
    assert_accessible(page, "play")
    page.locator("g.square.target").first.click()
    click(page, "Move list")
    assert_accessible(page, "history")
    click(page, "Back to the game")
    plan_a_move(page)
    page.locator("g.square.target").first.click()
    click(page, "Submit turn")
    assert_accessible(page, "results")
    click(page, "Hand over")
    click(page, "Show Blue's board")
    click(page, "Resign")
    assert_accessible(page, "play")  # the question that makes sure
    click(page, "Resign")
    assert_accessible(page, "over")
    click(page, "Home")
    assert_accessible(page, "home")  # with a saved game listed


def test_link_screens(page, open_app):
    open_app(page)
    click(page, "Play by link")
    assert_accessible(page, "link-options")
    click(page, "Set up your army")
    click(page, "Random setup")
    click(page, "Ready")
    assert_accessible(page, "link-send")  # the invitation, waiting for the other player
    link = page.input_value("#link-text").split("#", 1)[1]
    open_on_another_device(page, "#" + link, lambda invited: assert_accessible(invited, "link-invite"))
    page.goto("./#not-a-link")
    page.wait_for_selector('section.screen[data-screen="link-error"]')
    assert_accessible(page, "link-error")


def test_computer_screens(page, open_app):
    open_app(page)
    click(page, "Play the computer")
    assert_accessible(page, "computer-options")
    click(page, "Level 1")
    click(page, "Start")
    assert_accessible(page, "setup")
    click(page, "Random setup")
    click(page, "Ready")
    page.wait_for_selector('section.screen[data-screen="play"]')
    assert_accessible(page, "play")
