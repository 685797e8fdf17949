"""The published site (tools/build.py) in real Chromium, served from a sub-path as a static host serves it.

First visit, then offline: the service worker starts the game, a turn is played and the
computer plays; a link made there points at the page; nothing is asked of another origin;
Chromium finds no installability error; a new build replaces the cache, offered to the
player at the next start, never mid-game; the page the service worker started is kept in
the back/forward cache.
"""

import contextlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from e2e.conftest import NOT_RESTORED, PLAYED_ELSEWHERE, click, play_red_on_in_storage, settled
from tools import build, icons
from tools.browser import chromium_options
from tools.serve import start_in_thread

ROOT = Path(__file__).resolve().parent.parent
SUB_PATH = "espionage"
READY_MS = 120_000
CACHE_NAMES = "caches.keys().then(keys => keys.filter(k => k.startsWith('espionage-')))"
WORKERS = """() => navigator.serviceWorker.getRegistration('./').then((r) => ({
    waiting: r?.waiting?.state ?? null, installing: r?.installing?.state ?? null, active: r?.active?.state ?? null,
    controlled: !!navigator.serviceWorker.controller, controlledByActive: !!r && r.active === navigator.serviceWorker.controller,
    offer: !!document.getElementById('update-offer'), ready: document.documentElement.classList.contains('ready'),
}))"""
"""The service workers as the page sees them: what a failed update is reported with."""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One build of the site for the tests of this module."""
    return build.build(tmp_path_factory.mktemp("build") / "dist")


@pytest.fixture
def site(built, tmp_path):
    """A copy of the build in <tmp>/espionage/, served at http://localhost:<port>/espionage/ as a
    static host serves it (every file with ten minutes' max-age, as GitHub Pages does)."""
    shutil.copytree(built, tmp_path / SUB_PATH)
    url, server = start_in_thread(tmp_path, static_host=True)
    yield tmp_path, f"{url}{SUB_PATH}/"
    server.shutdown()
    server.server_close()


@contextlib.contextmanager
def recorded_profile(browser, profile: Path, **options):
    """A fresh browser profile whose requests (page and service worker) and errors are recorded
    (``options``: keyword arguments of ``chromium_options``). A profile on disk, not an incognito context: Chromium
    installs no app from incognito."""
    context = browser.browser_type.launch_persistent_context(profile, **chromium_options(**options))
    context.requests = []
    context.errors = []
    context.on("request", lambda request: context.requests.append(request.url))
    context.on("weberror", lambda error: context.errors.append(f"uncaught: {error.error}"))
    context.on(
        "console", lambda msg: msg.type == "error" and context.errors.append(f"console: {msg.text}")
    )
    try:
        yield context
    finally:
        context.close()
    assert not context.errors, "the site reported errors:\n" + "\n".join(context.errors)


@pytest.fixture
def visitor(browser, tmp_path):
    with recorded_profile(browser, tmp_path / "profile") as context:
        yield context


@pytest.fixture
def keeping_visitor(browser, tmp_path):
    """A visitor whose Chromium keeps the pages left in its back/forward cache, as players' does
    (Playwright turns that cache off)."""
    with recorded_profile(browser, tmp_path / "profile", back_forward_cache=True) as context:
        yield context


def open_site(page, url):
    page.goto(url)
    page.wait_for_selector("html.ready, html.load-failed, .py-error", state="attached", timeout=READY_MS)
    if not page.locator("html.ready").count():
        status = page.evaluate("document.getElementById('loading-text')?.textContent")
        shown = page.evaluate("[...document.querySelectorAll('.py-error')].map(e => e.textContent).join()")
        raise AssertionError(f"the published page failed to start: {status} {shown}")


def wait_until_offline_ready(page):
    """The service worker has precached the site and is active, and the first visit has
    prepared the next start (publish/warm-up.mjs: a second Python, busy for seconds, which
    must not overlap what a test times)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_selector("html[data-runtime-prepared]", state="attached", timeout=READY_MS)


def start_pass_and_play(page):
    click(page, "Pass and play")
    click(page, "1 move per turn")
    click(page, "Start")
    for other in ("Blue", "Red"):
        click(page, "Random setup")
        click(page, "Ready")
        click(page, f"Show {other}'s board")


def play_one_move(page):
    """Tap Red's front-row pieces until one lights a square, move it there, submit."""
    for file in "abcdefghij":
        page.click(f'g.square[data-square="{file}3"]')
        settled(page)
        targets = page.locator("g.square.target")
        if targets.count():
            targets.first.click()
            click(page, "Submit turn")
            return
    raise AssertionError("no Red front-row piece could move")


def test_first_visit_then_offline_a_game_starts_a_turn_is_played_and_the_computer_plays(site, visitor):
    """One first visit, then: a link made on the published page points at it; offline, a
    pass-and-play turn is played, and the computer's worker starts from the site's own files
    (bot_worker.py, python.zip, the runtime), cached, and plays."""
    folder, url = site
    page = visitor.new_page()
    loaded = []
    page.on("request", lambda request: loaded.append(request.url.removeprefix(url)))
    open_site(page, url)
    wait_until_offline_ready(page)
    # nothing in the site that the page does not load (but what the browser fetches to install it)
    files = {p.relative_to(folder / SUB_PATH).as_posix() for p in (folder / SUB_PATH).rglob("*") if p.is_file()}
    for_installing = {"sw.js", "manifest.webmanifest", *icons.FILES}
    for_later = {"bot_worker.py", "pyscript.toml", "static/worker-python.mjs"}  # the computer's worker's (below)
    assert files - for_installing - for_later <= {"index.html" if f == "" else f for f in loaded}

    errors = visitor.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []

    for name in ("Play by link", "Casual", "Set up your army", "Random setup", "Ready"):
        click(page, name)
    assert page.input_value("#link-text").startswith(url + "#")

    visitor.set_offline(True)
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=READY_MS)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    click(page, "Home")
    start_pass_and_play(page)
    play_one_move(page)
    click(page, "Hand over")
    click(page, "Home")

    for name in ("Play the computer", "Level 1", "Blue", "2 moves per turn (standard)", "Start", "Random setup", "Ready"):
        click(page, name)
    page.wait_for_selector('[data-state="your-turn"]', state="attached", timeout=READY_MS)
    assert page.locator("g.square.last-to").count() == 2  # Red, the computer, moved first
    assert [w.evaluate("'Suspending' in WebAssembly") for w in page.workers] == [False]

    foreign = {u for u in visitor.requests if u.startswith("http") and urlsplit(u).netloc != urlsplit(url).netloc}
    assert not foreign


SNAPSHOT_KEYS = "caches.open('python-snapshots').then(c => c.keys()).then(keys => keys.map(r => r.url))"


def test_the_next_start_restores_the_first_visits_snapshot_and_a_bad_one_falls_back(site, visitor):
    """The first visit leaves a memory snapshot of Python (publish/warm-up.mjs); the second start
    restores it (publish/python-start.mjs) and is a playable game. A snapshot that cannot be
    restored is deleted and Python starts the ordinary way (and no new one is made for this
    version on this device): the saved game is still there, and a new one plays as well."""
    _, url = site
    page = visitor.new_page()
    open_site(page, url)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
    wait_until_offline_ready(page)
    page.wait_for_selector("html[data-runtime-prepared]", state="attached", timeout=READY_MS)
    assert page.evaluate("document.documentElement.dataset.runtimePrepared") == "yes"
    [key] = page.evaluate(SNAPSHOT_KEYS)
    assert key.startswith(url + "python-snapshot?game=")

    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=READY_MS)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    assert not page.evaluate("document.documentElement.hasAttribute('data-runtime-prepared')")  # once only
    page.select_option("#language", "cs")  # a catalog, read from inside the game's archive
    page.wait_for_selector('html[lang="cs"]', state="attached")
    assert page.get_by_role("button", name="Pass and play", exact=True).count() == 0
    page.select_option("#language", "en")
    start_pass_and_play(page)
    play_one_move(page)
    assert page.get_by_role("button", name="Hand over", exact=True).is_visible()

    page.evaluate(  # the same key, bytes that are no snapshot
        """key => caches.open('python-snapshots').then(c => c.put(key, new Response(new Uint8Array(64))))""", key
    )
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=READY_MS)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "fallback"
    assert page.evaluate(SNAPSHOT_KEYS) == []
    # the game in progress is still there, behind the cover a pass-and-play reload shows
    assert page.locator("section.screen").get_attribute("data-screen") == "cover"
    visitor.clear_cookies()
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=READY_MS)
    start_pass_and_play(page)
    play_one_move(page)
    assert page.get_by_role("button", name="Hand over", exact=True).is_visible()


def test_back_to_a_game_the_service_worker_started_shows_it_as_it_now_stands(site, keeping_visitor):
    """The published page, started by its service worker, stays fit for the back/forward cache, as
    the development page does (e2e/test_pass_and_play.py): the player leaves a game for another page
    of the host, the game is played on meanwhile, and Back brings the page back from memory,
    showing the game as it now stands."""
    folder, url = site
    shutil.copy(ROOT / "e2e" / "blank.html", folder / "blank.html")  # the host's, outside the site
    page = keeping_visitor.new_page()
    open_site(page, url)
    wait_until_offline_ready(page)
    open_site(page, url)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    start_pass_and_play(page)
    page.evaluate("() => { window.leftAs = 'kept'; }")  # lives on only in a page kept in memory
    page.goto(url + "../blank.html")
    play_red_on_in_storage(page)
    page.go_back(wait_until="commit")  # a page restored from the cache fires no load event
    assert page.evaluate("() => window.leftAs") == "kept", f"not kept in the cache: {page.evaluate(NOT_RESTORED)}"
    page.get_by_text(PLAYED_ELSEWHERE).wait_for()
    assert page.locator("section.cover").is_visible()
    assert page.get_by_role("button", name="Show Blue's board", exact=True).is_visible()


def test_the_site_holds_only_what_the_page_loads(site):
    folder, _ = site
    files = {p.relative_to(folder / SUB_PATH).as_posix() for p in (folder / SUB_PATH).rglob("*") if p.is_file()}
    assert "python.zip" in files and "sw.js" in files and "manifest.webmanifest" in files
    assert not [f for f in files if f.endswith((".map", ".py")) and f not in ("main.py", "bot_worker.py")]
    assert not [f for f in files if "test" in f or "bench" in f or f.startswith(("tools/", "e2e/", "node_modules/"))]
    with zipfile.ZipFile(folder / SUB_PATH / "python.zip") as archive:
        shipped = set(archive.namelist())
    assert "espionage/bench.py" not in shipped and "ui/app.py" in shipped
    # the page's code and PyScript's own Python travel in it too; main.py only imports the former
    assert {"main.py", "pyscript/__init__.py", "pyscript/web.py"} <= shipped
    assert (folder / SUB_PATH / "main.py").read_text(encoding="utf-8") == build.MAIN_STUB
    for name in (n for n in shipped if n.endswith(".py")):  # each module with its bytecode, for zipimport
        assert name + "c" in shipped, name


def rebuild_with_a_change(site_folder: Path, tmp_path: Path) -> str:
    """Build again from a copy of the project whose stylesheet changed; return the new rule."""
    source = tmp_path / "source"
    ignore = shutil.ignore_patterns(".git", ".venv", "node_modules", "vendor", "dist", "__pycache__", "tests", "e2e")
    shutil.copytree(ROOT, source, ignore=ignore)
    (source / "node_modules").symlink_to(ROOT / "node_modules")
    (source / "static" / "vendor").symlink_to(ROOT / "static" / "vendor")
    rule = "/* second build */ body { outline: 0; }"
    with (source / "static" / "app.css").open("a", encoding="utf-8") as css:
        css.write("\n" + rule + "\n")
    subprocess.run([sys.executable, "tools/build.py", "--out", str(site_folder)], cwd=source, check=True)
    return rule


def until(page, promise: str, seconds: float = 120) -> None:
    """Wait until the page's promise expression resolves to true."""
    page.evaluate(
        f"""async () => {{
            for (const end = Date.now() + {seconds * 1000}; Date.now() < end; ) {{
                if (await {promise}) return;
                await new Promise(resolve => setTimeout(resolve, 100));
            }}
            throw new Error("timed out waiting for: " + {json.dumps(promise)});
        }}"""
    )


def fetched_css(page):
    return page.evaluate("fetch('./static/app.css').then(r => r.text())")


def test_a_new_build_replaces_the_cache_and_is_offered_at_the_next_start(site, visitor, tmp_path):
    folder, url = site
    page = visitor.new_page()
    open_site(page, url)
    wait_until_offline_ready(page)
    first_cache = page.evaluate(CACHE_NAMES)
    assert len(first_cache) == 1

    start_pass_and_play(page)
    rule = rebuild_with_a_change(folder / SUB_PATH, tmp_path / "rebuild")

    # the game in progress: reloaded, it finds the new version installing, keeps the old one
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=READY_MS)
    until(page, "navigator.serviceWorker.getRegistration('./').then(r => !!(r && r.waiting))")
    assert page.locator("#update-offer").count() == 0
    assert rule not in fetched_css(page)
    # the game is still there, behind the cover every page load shows in pass-and-play
    assert page.locator("section.screen").get_attribute("data-screen") == "cover"
    caches = page.evaluate(CACHE_NAMES)
    assert len(caches) == 2 and first_cache[0] in caches, (caches, first_cache)

    # the next start offers the new version; "Later" keeps the old one
    page.reload()
    page.wait_for_selector("#update-offer", timeout=READY_MS)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_MS)
    click(page, "Later")
    assert page.locator("#update-offer").count() == 0
    assert rule not in fetched_css(page)

    # and at the start after that, "Update" reloads into it: only the new cache is left
    page.reload()
    page.wait_for_selector("#update-offer", timeout=READY_MS)
    try:
        with page.expect_navigation(timeout=READY_MS):
            page.get_by_role("button", name="Update", exact=True).click()  # the page reloads: nothing to settle
    except PlaywrightTimeoutError:  # seen twice in CI, never alone: say how the workers stood
        raise AssertionError(f"Update did not reload the page: {page.evaluate(WORKERS)}") from None
    page.wait_for_selector("html.ready", state="attached", timeout=READY_MS)
    assert rule in fetched_css(page)
    until(page, f"{CACHE_NAMES}.then(keys => keys.length === 1)")
    (new_cache,) = page.evaluate(CACHE_NAMES)
    assert new_cache != first_cache[0]
    assert page.locator("section.screen").get_attribute("data-screen") == "cover"  # the saved game resumes
