"""Link-opening benchmark: from opening a game link to a playable board.

    .venv/bin/python tools/bench_link_open.py [--runs 5] [--throttle 1]

Red has a saved link game (the invitation sent); Blue's reply link arrives. Two
ways to open it, measured from the navigation of the tab opened with the link
to Red's board ready to play (Date.now() in the pages; one clock):

- cold: no game tab open: the new tab starts Python and shows the board;
- open: the game already runs in another tab of the same browser: the new tab
  hands the link over (static/handoff.js) and the open tab shows the board.

Prints the median and each run, per way.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from espionage.sealed import Seat
from tools.browser import launch_chromium
from tools.serve import start_in_thread
from ui.linkplay import LinkMatch

PLAYABLE = 'section.screen[data-screen="play"]'
STAMP = "() => Date.now()"
STAMP_WHEN_PLAYABLE = """(selector) => new Promise((done) => {
  const check = () => document.querySelector(selector) ? done(Date.now()) : requestAnimationFrame(check);
  check();
})"""
NAVIGATED_AT = "() => performance.timeOrigin"


def game(seed):
    """Red's saved seat (JSON, storage key) and Blue's reply link."""
    rng = random.Random(seed)
    red = Seat.new_game("sealed", "red", rng=rng)
    blue = Seat.join(red.link(), rng=rng)
    match = LinkMatch(red)
    return match.key, match.to_json(), blue.link()


def throttled(context, page, rate):
    if rate > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def cold(browser, base, seed, rate):
    key, saved, link = game(seed)
    context = browser.new_context(base_url=base)
    try:
        context.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(saved)});")
        page = context.new_page()
        throttled(context, page, rate)
        page.goto("./#" + link)
        page.wait_for_selector(PLAYABLE, timeout=180_000)
        return page.evaluate(STAMP_WHEN_PLAYABLE, PLAYABLE) - page.evaluate(NAVIGATED_AT)
    finally:
        context.close()


def open_tab(browser, base, seed, rate):
    key, saved, link = game(seed)
    context = browser.new_context(base_url=base)
    try:
        context.add_init_script(f"localStorage.getItem({json.dumps(key)}) || localStorage.setItem({json.dumps(key)}, {json.dumps(saved)});")
        first = context.new_page()
        throttled(context, first, rate)
        first.goto("./")
        first.wait_for_selector("html.ready", state="attached", timeout=180_000)
        second = context.new_page()
        throttled(context, second, rate)
        second.goto("./#" + link)
        first.wait_for_selector(PLAYABLE, timeout=60_000)
        return first.evaluate(STAMP_WHEN_PLAYABLE, PLAYABLE) - second.evaluate(NAVIGATED_AT)
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttle", type=float, default=1, help="CPU slowdown (CDP), e.g. 4 for a tablet")
    args = parser.parse_args(argv)
    base, server = start_in_thread()
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            cold(browser, base, 0, args.throttle)  # warm-up: OS file cache, browser start
            for name, way in (("cold", cold), ("open", open_tab)):
                times = [way(browser, base, seed + 1, args.throttle) for seed in range(args.runs)]
                runs = " ".join(f"{t:.0f}" for t in times)
                print(f"{name}: link to playable board median {statistics.median(times):7.0f} ms   runs: {runs}")
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
