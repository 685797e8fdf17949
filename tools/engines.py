"""The game's page in three browser engines, behind one small interface.

Chromium through Playwright, WebKit (Safari's engine, every iPad browser) through
Debian's WebKitWebDriver and Selenium on a virtual screen (Xvfb), and Firefox through
WebDriver BiDi with puppeteer-core (tools/firefox_bridge.mjs: no geckodriver needed).
The end-to-end tests (e2e/test_engines.py) and the screenshots (tools/screenshots.py)
drive a ``Device`` the same way in each: open the page, tap a button or a square, read
the page with a function run in it, resize the window, reload.

    with engine("webkit", base_url) as new_device:
        device = new_device(820, 1180)
        device.open()
        device.tap("Pass and play")
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("chromium", "webkit", "firefox")
READY_SECONDS = 90
SESSION_SECONDS = 90  # WebKitWebDriver's answer to a new session (a few seconds, more on a busy machine)
COMMAND_SECONDS = 120  # its answer to any other command (a page's load event, the longest, comes in seconds)
POLL_SECONDS = 0.05

# A function's source and its arguments, called in the page (Playwright's evaluate, in every engine).
CALL = "(source, args) => (0, eval)(`(${source})`)(...args)"

SETTLED = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(true), 0)))"
BUTTON = """(label) => [...document.querySelectorAll('section.screen button, .rules button')]
    .find((b) => b.innerText.trim() === label && b.checkVisibility())"""
SQUARE = "(name) => document.querySelector(`g.square[data-square=\"${name}\"]`)"
# Uncaught errors from the moment the page is open (a failed start marks <html class="load-failed">).
WATCH = """() => {
    if (window.__e2eErrors) return true;
    window.__e2eErrors = [];
    addEventListener('error', (e) => window.__e2eErrors.push(String(e.message)));
    addEventListener('unhandledrejection', (e) => window.__e2eErrors.push(String(e.reason)));
    return true;
}"""
SAVE_ALL = "(saved) => { for (const [key, text] of Object.entries(saved)) localStorage.setItem(key, text); }"
"""Write ``saved`` (storage key → text) into the page's localStorage."""
ERRORS = """() => [...(window.__e2eErrors || []),
    ...[...document.querySelectorAll('.py-error')].map((e) => 'Python: ' + e.textContent)]"""


class Device:
    """One page in one engine, played as a person would: each engine gives the primitives
    (``_goto``, ``_call``, ``_tap``, ``resize``, ``reload``, ``screenshot``, ``close``)."""

    engine = ""

    def __init__(self, base_url):
        self.base_url = base_url
        self.closed = False

    def close(self):
        if not self.closed:
            self.closed = True
            self._close()

    def evaluate(self, source, *args):
        """The value of the JavaScript function ``source`` called in the page with ``args``."""
        return self._call(source, list(args))

    def open(self, suffix=""):
        """Open the app (``suffix``: a fragment such as ``#<link>``) and wait until it is ready."""
        self._goto(self.base_url + suffix)
        self.wait_for("html.ready, html.load-failed, .py-error")
        assert self.evaluate("() => document.documentElement.classList.contains('ready')"), (
            f"{self.engine}: the page failed to start: {self.errors()}"
        )
        self.evaluate(WATCH)

    def visit(self, suffix):
        """Leave for another page of the site (``suffix``: one that starts no Python, such as
        e2e/blank.html), as a player who follows a link away."""
        self._goto(self.base_url + suffix)

    def open_with_saved(self, saved):
        """Open the app on a device whose localStorage holds ``saved`` (key → text) before it
        starts: written from e2e/blank.html, so the app starts once."""
        self.visit("e2e/blank.html")
        self.evaluate(SAVE_ALL, saved)
        self.open()

    def back(self):
        """The browser's Back, waited for until the page left is gone. Not by a load event: a page
        kept in the back/forward cache fires none as it comes back (Puppeteer's goBack would wait
        for it in vain). The caller waits for what it expects of the page come back."""
        self.evaluate("() => { document.documentElement.dataset.left = 'yes'; setTimeout(() => history.back()); }")
        deadline = time.monotonic() + READY_SECONDS
        while True:
            try:
                if self.evaluate("() => document.documentElement.dataset.left !== 'yes'"):
                    return
                problem = "the page did not change"
            except Exception as error:  # asked while the engine changes pages
                problem = f"{type(error).__name__}: {error}"
            assert time.monotonic() < deadline, f"{self.engine}: Back did not leave the page in {READY_SECONDS} s ({problem})"
            time.sleep(POLL_SECONDS)

    def open_link(self, link):
        """Open a link the other player sent: a new fragment on the open page."""
        self.evaluate("() => { document.querySelector('section.screen').dataset.stale = '1'; }")
        self._goto(self.base_url + "#" + link)
        self.wait_for("section.screen:not([data-stale])")

    def wait_for(self, selector, seconds=READY_SECONDS):
        deadline = time.monotonic() + seconds
        while not self.evaluate("(s) => document.querySelector(s) !== null", selector):
            assert time.monotonic() < deadline, f"{self.engine}: no {selector} after {seconds} s"
            time.sleep(POLL_SECONDS)

    def settle(self):
        """Wait for what a tap leaves for after its frame."""
        self.evaluate(SETTLED)

    def tap(self, label):
        """Tap the visible button with this label."""
        assert self.has_button(label), f"{self.engine}: no button {label!r}"
        self._tap(BUTTON, [label])
        self.settle()

    def tap_square(self, name):
        self._tap(SQUARE, [name])
        self.settle()

    def has_button(self, label):
        return self.evaluate(f"(label) => !!({BUTTON})(label)", label)

    @property
    def screen(self):
        return self.evaluate("() => document.querySelector('section.screen')?.dataset.screen ?? null")

    def errors(self):
        return self.evaluate(ERRORS)


class PlaywrightDevice(Device):
    engine = "chromium"

    def __init__(self, base_url, context):
        super().__init__(base_url)
        self.context = context
        self.page = context.new_page()

    def _goto(self, url):
        self.page.goto(url)

    def _call(self, source, args):
        return self.page.evaluate(f"([source, args]) => ({CALL})(source, args)", [source, args])

    def _tap(self, source, args):
        self.page.evaluate_handle(f"([source, args]) => ({CALL})(source, args)", [source, args]).as_element().click()

    def resize(self, width, height):
        self.page.set_viewport_size({"width": width, "height": height})

    def reload(self):
        self.page.reload()

    def screenshot(self, path):
        self.page.screenshot(path=str(path), full_page=True)

    def _close(self):
        self.context.close()


class WebKitDevice(Device):
    engine = "webkit"

    def __init__(self, base_url, driver):
        super().__init__(base_url)
        self.driver = driver
        # a command WebKitWebDriver never answers fails the test, where Selenium would wait for ever
        driver.command_executor.client_config.timeout = COMMAND_SECONDS

    def _goto(self, url):
        self.driver.get(url)

    def back(self):
        """WebDriver's own Back, which returns once the page come back is shown. A script asked of
        the page being left may never be answered: that page is frozen in the back/forward cache."""
        self.driver.back()

    def _call(self, source, args):
        return self.driver.execute_script(f"return ({CALL})(arguments[0], arguments[1])", source, args)

    def _tap(self, source, args):
        """A pointer's tap at the element's middle (WebKitWebDriver clicks no SVG group itself)."""
        x, y = self._call(f"(...args) => {{ const el = ({source})(...args); el.scrollIntoView({{block: 'nearest'}}); "
                          "const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }",
                          args)  # fmt: skip
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        tap = ActionBuilder(self.driver)
        tap.pointer_action.move_to_location(round(x), round(y))
        tap.pointer_action.click()
        tap.perform()

    def resize(self, width, height):
        """The page's own size (the window's less its frame), as the other engines' viewport."""
        self.driver.set_window_size(width, height)
        inner = self.evaluate("() => [innerWidth, innerHeight]")
        self.driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])

    def reload(self):
        self.driver.refresh()

    def screenshot(self, path):
        self.driver.save_screenshot(str(path))

    def _close(self):
        self.driver.quit()


class FirefoxDevice(Device):
    engine = "firefox"

    def __init__(self, base_url, bridge, width, height):
        super().__init__(base_url)
        self.bridge = bridge
        self.id = bridge.ask("open", width=width, height=height)

    def _goto(self, url):
        self.bridge.ask("goto", page=self.id, url=url)

    def _call(self, source, args):
        return self.bridge.ask("evaluate", page=self.id, source=source, args=args)

    def _tap(self, source, args):
        self.bridge.ask("tap", page=self.id, source=source, args=args)

    def resize(self, width, height):
        self.bridge.ask("resize", page=self.id, width=width, height=height)

    def reload(self):
        self.bridge.ask("reload", page=self.id)

    def screenshot(self, path):
        self.bridge.ask("screenshot", page=self.id, path=str(path))

    def _close(self):
        self.bridge.ask("close", page=self.id)


class FirefoxBridge:
    """The Node process that holds Firefox: one JSON request and answer a line."""

    def __init__(self, firefox):
        self.process = subprocess.Popen(
            ["node", str(ROOT / "tools" / "firefox_bridge.mjs"), firefox],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
        )  # fmt: skip
        self.asked = 0
        self.version = self._answer(0)

    def ask(self, op, **args):
        self.asked += 1
        self.process.stdin.write(json.dumps({"id": self.asked, "op": op, **args}) + "\n")
        self.process.stdin.flush()
        return self._answer(self.asked)

    def _answer(self, wanted):
        line = self.process.stdout.readline()
        assert line, f"the Firefox bridge stopped (exit code {self.process.poll()})"
        answer = json.loads(line)
        assert answer["id"] == wanted, answer
        if "error" in answer:
            raise RuntimeError(f"Firefox: {answer['error']}")
        return answer["value"]

    def close(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def mini_browser():
    """WebKitGTK's MiniBrowser, which Debian ships with the WebKitGTK library."""
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))
    return found[-1] if found else None


def firefox_path():
    return shutil.which("firefox-esr") or shutil.which("firefox")


def missing(name):
    """Why this engine cannot run here (what to install), or None when it can."""
    if name == "webkit":
        needs = {"WebKitWebDriver (apt: webkit2gtk-driver)": shutil.which("WebKitWebDriver"),
                 "MiniBrowser (apt: webkit2gtk-driver)": mini_browser(),
                 "Xvfb (apt: xvfb)": shutil.which("Xvfb")}  # fmt: skip
        try:
            import selenium  # noqa: F401
        except ImportError:
            needs["selenium (pip: .[test])"] = None
    elif name == "firefox":
        needs = {"Firefox (apt: firefox-esr)": firefox_path(), "node": shutil.which("node"),
                 "puppeteer-core (npm ci)": (ROOT / "node_modules" / "puppeteer-core").is_dir()}  # fmt: skip
    else:
        return None
    absent = [what for what, there in needs.items() if not there]
    return ", ".join(absent) or None


@contextlib.contextmanager
def virtual_screen():
    """An Xvfb display for WebKit's MiniBrowser; its name."""
    for number in range(90, 110):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            break
    display = f":{number}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1400x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            assert xvfb.poll() is None and time.monotonic() < deadline, "Xvfb did not start"
            time.sleep(POLL_SECONDS)
        yield display
    finally:
        xvfb.terminate()
        xvfb.wait()


@contextlib.contextmanager
def engine(name, base_url, chromium=None):
    """A maker of fresh devices (each with its own storage) of one engine: ``new(width, height)``,
    or ``new(width, height, url)`` for a device that opens another site than ``base_url``.
    ``chromium``: a Playwright Chromium already running (one Playwright per process)."""
    made = []

    def track(device):
        made.append(device)
        return device

    try:
        if name == "chromium":
            with _chromium(chromium) as browser:

                def new(width, height, url=base_url):
                    context = browser.new_context(base_url=url, viewport={"width": width, "height": height})
                    return track(PlaywrightDevice(url, context))

                yield new
                _close(made)
        elif name == "webkit":
            from selenium import webdriver

            with virtual_screen() as display:

                def session():
                    options = webdriver.WebKitGTKOptions()
                    options.binary_location = mini_browser()
                    options.add_argument("--automation")
                    service = webdriver.WebKitGTKService(
                        executable_path=shutil.which("WebKitWebDriver"), env={**os.environ, "DISPLAY": display}
                    )
                    return (lambda: webdriver.WebKitGTK(options=options, service=service)), service.stop

                def new(width, height, url=base_url):
                    device = track(WebKitDevice(url, started(session, SESSION_SECONDS)))
                    device.resize(width, height)
                    return device

                yield new
                _close(made)
        else:
            bridge = FirefoxBridge(firefox_path())
            try:
                yield lambda width, height, url=base_url: track(FirefoxDevice(url, bridge, width, height))
                _close(made)
            finally:
                bridge.close()
    finally:
        _close(made)


def started(session, seconds, attempts=2):
    """What ``start`` returns for ``start, stop = session()``, started afresh when it has not
    returned within ``seconds`` (then ``stop()`` ends the wait) or failed, ``attempts`` times
    in all: now and then WebKitWebDriver never answers a new session (no browser starts) and
    Selenium would wait for ever."""
    for attempt in range(1, attempts + 1):
        start, stop = session()
        outcome = {}

        def run(start=start, outcome=outcome):
            try:
                outcome["value"] = start()
            except Exception as failure:
                outcome["error"] = failure

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(seconds)
        if "value" in outcome:
            return outcome["value"]
        if thread.is_alive():
            with contextlib.suppress(Exception):
                stop()
            thread.join(POLL_SECONDS * 100)
            error = TimeoutError(f"no session after {seconds} s (attempt {attempt} of {attempts})")
        else:
            error = outcome["error"]
    raise error


@contextlib.contextmanager
def _chromium(running):
    if running is not None:
        yield running
        return
    from playwright.sync_api import sync_playwright

    from tools.browser import launch_chromium

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


def _close(devices):
    for device in devices:
        with contextlib.suppress(Exception):
            device.close()
    devices.clear()
