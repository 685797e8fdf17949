"""Browser-test fixtures: a static server, one Chromium per session, a fresh page per test.

    def test_something(page, open_app):
        open_app(page)            # or open_app(page, "#<link fragment>")
        page.click(...)

Every page records console errors, uncaught exceptions, failed requests and any
request that leaves localhost (the app must never use a CDN). A test fails if any
of those happened, unless it is marked `@pytest.mark.allow_console_errors`. The
page's console log is attached to every failing test's report, with the crash dumps
Chromium wrote while the test ran (a crashed browser, not a slow page; with pytest -n, a
dump may be another process's browser's); the run's summary names those of the whole run.
"""

from __future__ import annotations

import contextlib
import os
import random
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

# the project root is on sys.path (pyproject.toml: [tool.pytest.ini_options] pythonpath)
from espionage.board import square_name
from tools import compile_catalogs
from tools.browser import crash_dumps, launch_chromium
from tools.engines import ENGINES, SAVE_ALL, engine, missing
from tools.serve import start_in_thread
from ui.saves import GAME_PREFIX

ROOT = Path(__file__).resolve().parent.parent

READY_TIMEOUT_MS = 60_000
LOCAL_HOSTS = {"localhost", "127.0.0.1"}


_DUMPS_BEFORE: set[Path] = set()  # Chromium's crash dumps when this run started


def pytest_configure(config):
    config.addinivalue_line("markers", "allow_console_errors: do not fail the test on console errors")
    _DUMPS_BEFORE.update(crash_dumps())


@pytest.fixture(scope="session")
def server_url():
    """Base URL (ending in '/') of the project root served by tools/serve.py."""
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("static/vendor/ is missing: run ./test.sh (or ./serve.sh) to install the runtime")
    compile_catalogs.main()  # the page loads the translations compiled from locale/ (cheap, idempotent)
    url, server = start_in_thread(ROOT)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


class PageLog:
    """What a page reported: all console lines, and the problems among them."""

    def __init__(self):
        self.lines: list[str] = []
        self.errors: list[str] = []

    def add(self, line: str, error: bool = False) -> None:
        self.lines.append(line)
        if error:
            self.errors.append(line)

    def text(self) -> str:
        return "\n".join(self.lines) or "(empty)"


def _watch(page, log: PageLog) -> None:
    def on_console(msg):
        loc = msg.location or {}
        where = f" ({loc.get('url', '')}:{loc.get('lineNumber', '')})" if loc.get("url") else ""
        log.add(f"console.{msg.type}: {msg.text}{where}", error=msg.type == "error")

    def on_request(request):
        host = urlsplit(request.url).hostname
        if request.url.startswith(("http:", "https:")) and host not in LOCAL_HOSTS:
            log.add(f"external request (no CDN allowed): {request.url}", error=True)

    def on_response(response):
        if response.status >= 400:
            log.add(f"HTTP {response.status}: {response.url}", error=True)

    def on_request_failed(request):
        # A reload cancels the page's reads of its own in-memory blobs (PyScript's worker and
        # module code): nothing was asked of the server, so nothing failed there.
        cancelled_blob = request.url.startswith("blob:") and request.failure == "net::ERR_ABORTED"
        log.add(f"request failed: {request.url} ({request.failure})", error=not cancelled_blob)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: log.add(f"uncaught exception: {exc}", error=True))
    page.on("request", on_request)
    page.on("requestfailed", on_request_failed)
    page.on("response", on_response)


@contextlib.contextmanager
def watched_page(browser, base_url, request):
    """A fresh browser context and page at ``base_url`` whose console, requests and errors are
    logged (shown when the test fails); the test fails if the page reported errors."""
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        context.add_init_script(_FAIL_FAST)
        log = PageLog()
        page.console_log = log
        request.node.stash[_LOG_KEY] = log
        _watch(page, log)
        yield page
    finally:
        context.close()
    already_failed = request.node.stash.get(_FAILED_KEY, False)
    if log.errors and not already_failed and not request.node.get_closest_marker("allow_console_errors"):
        pytest.fail("the page reported errors:\n  " + "\n  ".join(log.errors), pytrace=False)


@pytest.fixture
def page(browser, server_url, request):
    """A fresh browser context and page whose base URL is the served project root."""
    with watched_page(browser, server_url, request) as page:
        yield page


@pytest.fixture(scope="session")
def static_host_url(server_url):
    """The project served as a static host serves it, with a max-age, not no-store, so that a browser
    may keep a page in its back/forward cache (``server_url`` first: it checks the runtime is
    installed and compiles the catalogs)."""
    url, server = start_in_thread(static_host=True)
    yield url
    server.shutdown()
    server.server_close()


# Any uncaught error marks <html class="load-failed">, so open_app() stops waiting at once.
_FAIL_FAST = """
addEventListener("error", () => document.documentElement?.classList.add("load-failed"));
addEventListener("unhandledrejection", () => document.documentElement?.classList.add("load-failed"));
"""


def open_app_page(page, url_suffix: str = "") -> None:
    """Open the app (index.html + url_suffix such as '#…' or '?…' or 'e2e/bare.html')
    and wait until Python has marked it ready (<html class="ready">)."""
    target = url_suffix if url_suffix.startswith("/") else "./" + url_suffix
    page.goto(target)
    try:
        # ready, or failed (loading.js / PyScript's error box): then fail at once, not after the timeout
        page.wait_for_selector(
            "html.ready, html.load-failed, .py-error", timeout=READY_TIMEOUT_MS, state="attached"
        )
        problem = None if page.locator("html.ready").count() else "failed to start"
    except PlaywrightTimeoutError:
        problem = f"did not become ready within {READY_TIMEOUT_MS / 1000:g} s"
    if problem:
        log = getattr(page, "console_log", None)
        status = page.evaluate("document.getElementById('loading-text')?.textContent ?? ''")
        errors = page.evaluate("[...document.querySelectorAll('.py-error')].map(e => e.textContent)")
        raise AssertionError(
            f"page {target!r} {problem}; loading text: {status!r}\n"
            + "".join(f"Python error shown:\n{e}\n" for e in errors)
            + ("(browser console: see below)" if log else "")
        )


def open_app_with_saved(page, saved: dict[str, str]) -> None:
    """Open the app on a device whose localStorage holds ``saved`` (key → text) before it starts.
    The texts are written from a blank page of the same origin (e2e/blank.html: no Python), so the
    app starts once and reads them as it starts; that page stays behind it in the tab's history."""
    page.goto("./e2e/blank.html")
    page.evaluate(SAVE_ALL, saved)
    open_app_page(page)


def open_on_another_device(page, fragment, look, **options):
    """Open the app at ``fragment`` in a fresh browser context (another device, ``options``:
    its viewport, colour scheme…) and ``look(invited_page)`` at it there."""
    other = page.context.browser.new_context(base_url=page.url.split("#")[0], **options)
    try:
        invited = other.new_page()
        open_app_page(invited, fragment)
        look(invited)
    finally:
        other.close()


SETTLED = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"


def settled(page) -> None:
    """Wait for what a tap left for after its frame (ui/binding.FrameQueue): a tap that only
    selects a piece draws its marks at once, the squares' names and the panel a frame later."""
    page.evaluate(SETTLED)


MARKS_PAINTED = """(name) => {  // the marks on the board's canvas, and its pixel at the centre of square ``name``
  const canvas = document.querySelector("canvas.board-marks");
  const cell = document.querySelector(`g.square[data-square="${name}"] rect.cell`).getBoundingClientRect();
  const box = canvas.getBoundingClientRect();
  const x = Math.floor((cell.x + cell.width / 2 - box.x) * canvas.width / box.width);
  const y = Math.floor((cell.y + cell.height / 2 - box.y) * canvas.height / box.height);
  const named = (marks) => JSON.parse(marks ?? "[]").map(([kind, at]) => `${kind} ${at}`);
  return {
    marks: named(canvas.espionagePainted),
    page: named(canvas.getAttribute("data-marks")),
    pixel: [...canvas.getContext("2d").getImageData(x, y, 1, 1).data],
  };
}"""


def marks_painted(page, name: str = "a1") -> dict:
    """The marks over the board (ui/render.marks_canvas), each "kind square" ("sel e4",
    "hint move e5"): ``marks``, painted on the canvas; ``page``, its ``data-marks`` (a tap's
    marks are painted first, the page patched a frame later); ``pixel``, the canvas's RGBA
    at the centre of square ``name`` (a move's dot is there, opaque green)."""
    return page.evaluate(MARKS_PAINTED, name)


def click(page, name: str) -> None:
    """Press the button named ``name`` as a player does, then look: once the page has settled
    (Undo and Submit draw the board at once, the rest of the page a frame later)."""
    page.get_by_role("button", name=name, exact=True).click()
    settled(page)


def pick(view, moves, rng):
    """The test player's choice, from what its view shows: attack if it can, else close in."""
    side = view.side_to_move
    enemies = [sq for sq in range(100) if view.owner(sq) == 1 - side]

    def score(m):
        if view.owner(m.to_square) == 1 - side:
            return 100 + rng.random()
        t = m.to_square
        return -min(abs(t % 10 - e % 10) + abs(t // 10 - e // 10) for e in enemies) + rng.random()

    return max(moves, key=score)


def tap_square(page, name: str) -> None:
    """Tap a board square as a player does, then look: once the page has settled."""
    page.click(f'g.square[data-square="{name}"]')
    settled(page)


def tap_move(page, move, look=False) -> None:
    """Tap the piece, then where it goes (``look``: check in between that the piece is
    selected and its destination lit)."""
    fr, to = square_name(move.from_square), square_name(move.to_square)
    tap_square(page, fr)
    if look:
        assert page.locator(f'g.square.selected[data-square="{fr}"]').count() == 1
        assert page.locator(f'g.square.target[data-square="{to}"]').count() == 1
    tap_square(page, to)


def choose_turn(view, rng) -> list:
    """The moves of the test player's whole turn in ``view`` (:func:`pick`): what :func:`tap_turn`
    taps, and what a game played ahead in CPython plays with the same ``rng``."""
    planned = [pick(view, view.legal_moves(), rng)]
    second = view.legal_moves_after(planned)
    if second:
        planned.append(pick(view, second, rng))
    return planned


def tap_turn(page, view, rng, look=False) -> list:
    """Tap a whole turn chosen from the player's ``view`` (:func:`choose_turn`; not submitted): its moves."""
    planned = choose_turn(view, rng)
    for move in planned:
        tap_move(page, move, look)
    return planned


@pytest.fixture
def open_app():
    """The helper open_app(page, url_suffix="")."""
    return open_app_page


_LOG_KEY = pytest.StashKey[PageLog]()
_FAILED_KEY = pytest.StashKey[bool]()
_DUMPS_KEY = pytest.StashKey[set]()


def pytest_runtest_setup(item):
    item.stash[_DUMPS_KEY] = crash_dumps()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call" and report.failed:
        item.stash[_FAILED_KEY] = True
    log = item.stash.get(_LOG_KEY, None)
    if log is not None and report.failed:
        report.sections.append(("browser console", log.text()))
    if report.failed and _DUMPS_KEY in item.stash:
        new = sorted(str(p) for p in crash_dumps() - item.stash[_DUMPS_KEY])
        if new:
            report.sections.append(("Chromium crash dumps written while this test ran", "\n".join(new)))
    return report


def game_turns_in(turns, seed):
    """A pass-and-play save (made with the engine) ``turns`` turns in, not over, Red to move."""
    from espionage import Game, Setup, Variant, random_volcanoes
    from ui.saves import Match

    rng = random.Random(seed)
    while True:
        game = Game(Setup.random("red", rng), Setup.random("blue", rng), random_volcanoes(6, rng))
        for _ in range(turns):
            game.play(rng.choice(game.legal_moves()))
            if game.first_move is not None and game.outcome is None:
                game.play(rng.choice(game.legal_moves()))
            if game.outcome is not None:
                break
        if game.outcome is None and game.turn == "red":
            match = Match(id="0123456789", variant=Variant(2, 6), volcanoes=game.volcanoes, game=game)
            match.setups = list(game.setups)
            return match


PLAYED_ELSEWHERE = "This game was played on in another tab: here it is as it stands now."
"""What a page says when the game it shows was played on behind its back."""

SAVED_GAME = f"() => Object.entries(localStorage).find(([key]) => key.startsWith('{GAME_PREFIX}'))"
"""The one saved game's storage key and text."""


def played_on_by_red(saved):
    """The text of a saved game (Red to move) once Red played a turn on it, as another tab of the
    device would: its first legal moves."""
    from espionage.board import RED
    from ui.saves import Match

    match = Match.from_json(saved)
    view = match.view(RED)
    moves = [view.legal_moves()[0]]
    moves += view.legal_moves_after(moves)[:1]
    match.submit(RED, moves)
    return match.to_json()


def play_red_on_in_storage(page):
    """Play a turn of Red's in the game saved on the device, as another tab would, from ``page``
    (a page hears no storage event of its own writes)."""
    key, text = page.evaluate(SAVED_GAME)
    page.evaluate(SAVE_ALL, {key: played_on_by_red(text)})


NOT_RESTORED = "() => JSON.stringify(performance.getEntriesByType('navigation')[0]?.notRestoredReasons ?? null)"
"""Why Chromium did not restore the page from its back/forward cache (null: it did)."""


# -- the same tests in Chromium, WebKit and Firefox (tools/engines.py, e2e/test_engines.py) ----

_ENGINES_LEFT_OUT: dict[str, str] = {}


@pytest.fixture(scope="session", params=ENGINES)
def new_device(request, server_url):
    """A maker of fresh devices of one engine, ``new_device(width, height)`` (or ``new_device(width,
    height, url)``: a device of another site, such as ``static_host_url``); an engine that is
    not installed is skipped with a notice (./test.sh installs them as root), but never on CI."""
    name = request.param
    why = missing(name)
    if why:
        message = f"{name} is not installed here: {why} (./test.sh installs it when run as root)"
        if os.environ.get("CI"):
            pytest.fail(message)
        _ENGINES_LEFT_OUT[name] = why
        pytest.skip(message)
    chromium = request.getfixturevalue("browser") if name == "chromium" else None  # one Playwright only
    with engine(name, server_url, chromium) as new:
        yield new


@pytest.fixture
def device(new_device):
    """One device at tablet size (820x1180), in each engine; no page error may happen on it."""
    made = new_device(820, 1180)
    yield made
    errors = made.errors()
    made.close()
    assert not errors, f"{made.engine}: the page reported errors: {errors}"


def pytest_terminal_summary(terminalreporter):
    new = sorted(str(p) for p in crash_dumps() - _DUMPS_BEFORE)
    if new:
        terminalreporter.write_line(
            f"NOTICE: Chromium crashed: {len(new)} crash dump(s) written during this run: {', '.join(new)}",
            yellow=True,
            bold=True,
        )
    for name, why in _ENGINES_LEFT_OUT.items():
        terminalreporter.write_line(f"NOTICE: the {name} tests were skipped: {why}", yellow=True, bold=True)
