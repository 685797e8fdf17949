"""Screenshots of every screen at tablet size (820x1180), to look at side by side.

    .venv/bin/python -m tools.screenshots [folder]     (default: shots/, gitignored)

Walks the screens as a player taps them in Chromium (the system one when there is
one) against the project served by tools/serve.py, and writes one PNG per screen,
named <engine>-<nn>-<screen>.png. Run ./test.sh (or ./serve.sh) once first: it
installs the runtime the page loads.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import compile_catalogs
from tools.browser import launch_chromium
from tools.serve import start_in_thread

ROOT = Path(__file__).resolve().parent.parent
TABLET = {"width": 820, "height": 1180}

# (a button to tap, or a fragment to open) then the screen it leads to, to photograph
WALK = [
    (None, "home"),
    ("Pass and play", "options"),
    ("Start", None), ("Random setup", "setup"),
    ("Ready", "cover"),
    ("Show Blue's board", None), ("Random setup", None), ("Ready", None), ("Show Red's board", "play"),
    ("Resign", "play-resign"),
    ("Resign", "over"),
    ("Rules", "rules"),
    ("#not-a-link", "link-error"),
    ("Home", None), ("Play by link", "link-options"),
    ("Set up your army", None), ("Random setup", None), ("Ready", "link-send"),
    ("Home", None), ("Play the computer", "computer-options"),
]


def walk(page, folder, engine="chromium"):
    """Tap through WALK on ``page``, saving each named screen; the paths written."""
    written = []
    for step, shot in WALK:
        if step is None:
            page.goto("./")
            page.wait_for_selector("html.ready", state="attached", timeout=60_000)
        elif step.startswith("#"):
            page.goto("./" + step)
            page.wait_for_selector("section.screen[data-screen]")
        else:
            page.get_by_role("button", name=step, exact=True).first.click()
        if shot:
            path = folder / f"{engine}-{len(written) + 1:02d}-{shot}.png"
            page.screenshot(path=str(path), full_page=True)
            written.append(path)
    return written


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    compile_catalogs.main()
    url, server = start_in_thread(ROOT)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_context(base_url=url, viewport=TABLET).new_page()
            for path in walk(page, folder):
                print(path)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
