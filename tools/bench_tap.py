"""Tap-latency benchmark: from a tap on a square to the updated board on screen.

    .venv/bin/python tools/bench_tap.py [--taps 40] [--turns 0 60 150]

For each game length it stores a pass-and-play game of that many turns in the
page's localStorage (played in CPython by uniform random turns), opens it at
Red's board, then taps pieces in the browser. Each sample is measured inside the
page: from dispatching the click (which runs the Python handler and replaces the
markup) to the next animation frame. Prints the median and 95th percentile
(target: under 100 ms). Exit status 1 if a median exceeds --max-ms.
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

from espionage import Game, Setup, random_volcanoes
from espionage.board import BLUE, RED, square_name
from tools.browser import launch_chromium
from tools.serve import start_in_thread
from ui.saves import GAME_PREFIX, UI_KEY, Match

TAP = """async (name) => {
  const square = document.querySelector(`g.square[data-square="${name}"]`);
  const start = performance.now();
  square.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await new Promise((done) => requestAnimationFrame(() => done()));
  return performance.now() - start;
}"""


def stored_match(turns, rng):
    """A saved pass-and-play match after ``turns`` random turns, Red to move."""
    setups = [Setup.random(RED, rng), Setup.random(BLUE, rng)]
    while True:
        match = Match(id=f"{rng.getrandbits(40):010x}", variant=Game.random().variant, volcanoes=random_volcanoes(6, rng))
        match.setups = list(setups)
        match.start()
        game = match.game
        while game.outcome is None and (game.turn_number <= turns or game.turn != "red"):
            view = game.view(game.turn)
            plan = [rng.choice(view.legal_moves())]
            second = view.legal_moves_after(plan)
            if second:
                plan.append(rng.choice(second))
            game.play_turn(*plan)
        if game.outcome is None:
            return match


def measure(browser, base, turns, taps, rng):
    match = stored_match(turns, rng)
    view = match.game.view("red")
    pieces = sorted({square_name(m.from_square) for m in view.legal_moves()})
    ui = {"screen": "play", "match": match.id, "side": RED}
    context = browser.new_context(base_url=base, viewport={"width": 1200, "height": 900})
    try:
        context.add_init_script(
            f"localStorage.setItem({json.dumps(GAME_PREFIX + match.id)}, {json.dumps(match.to_json())});"
            f"localStorage.setItem({json.dumps(UI_KEY)}, {json.dumps(json.dumps(ui))});"
        )
        page = context.new_page()
        page.goto("./")
        page.wait_for_selector("html.ready", state="attached", timeout=120_000)
        page.get_by_role("button", name="Show Red's board", exact=True).click()  # a page load opens at the cover
        page.wait_for_selector("g.square")
        samples = []
        for i in range(taps):
            samples.append(page.evaluate(TAP, pieces[(i // 2) % len(pieces)]))  # select, then deselect
        return len(match.game.events), samples
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--turns", type=int, nargs="+", default=[0, 60, 150])
    parser.add_argument("--max-ms", type=float, default=100.0)
    args = parser.parse_args(argv)
    rng = random.Random(1)
    base, server = start_in_thread()
    worst = 0.0
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for turns in args.turns:
                moves, samples = measure(browser, base, turns, args.taps, rng)
                samples.sort()
                median = statistics.median(samples)
                p95 = samples[int(0.95 * (len(samples) - 1))]
                worst = max(worst, median)
                print(f"after {moves:4d} moves: tap to updated board median {median:6.1f} ms, p95 {p95:6.1f} ms")
            browser.close()
    finally:
        server.shutdown()
    print(f"target: median under {args.max_ms:g} ms: {'met' if worst < args.max_ms else 'NOT met'}")
    return 0 if worst < args.max_ms else 1


if __name__ == "__main__":
    sys.exit(main())
