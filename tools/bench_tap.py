"""Tap-latency benchmark: from a tap to the updated board on screen, for each kind of tap.

    .venv/bin/python tools/bench_tap.py [--throttle 4] [--taps 80] [--turns 0 60 150] [--repeat 3] [--css STYLE] [--reduced-motion]

For each game length it stores a pass-and-play game of that many turns (0, 60
and 150 turns are about 0, 240 and 600 moves) in the page's localStorage (played
in CPython by uniform random turns), opens it at Red's board, slows the page's
CPU down ``--throttle`` times (Chrome DevTools' ``Emulation.setCPUThrottlingRate``:
4 is a tablet-class CPU) and then taps, four kinds of tap:

- ``select``: a piece selected, then let go;
- ``plan``: a tap on a square the selected piece may go to (a move planned);
- ``undo``: the Undo button, after each planned move;
- ``submit``: the Submit button once a whole turn is planned by taps (then the
  board is handed over and the other player does the same, as long as the game lasts).

Every
sample is measured inside the page, after a few warm-up taps. Each tap is a
finger's: pressed (``pointerdown``, which ends any motion on the board at once),
then, a frame later, lifted (``pointerup`` and ``click`` in one task), as a
browser dispatches a touch:

- ``frame``: the tap is lifted at the start of a frame (in an animation
  frame callback) and timed until that frame's rendering is done (a task posted
  from the callback runs after style, layout and paint). This is how long the
  tap holds the main thread; under 16 ms the new board is in the next frame.
  It is the figure the target is about, and it is split into ``handler`` (the
  click handler: Python, markup, DOM update), ``layout`` (style and layout,
  forced) and ``paint`` (the rest of the frame's rendering).
- ``settled``: from the same start until the work the app left for after the
  tap's frame (ui/binding.py's ``FrameQueue``: the app's dispatch of a tap whose marks
  were painted ahead, the page around the board, the marks of the next taps) is
  done and drawn in a frame of its own, and the boards the next taps will draw
  are made bitmaps (static/binding.js ``prepareBoard``). The next tap waits for
  it, so each tap starts on a page at rest, as a player's does.
- ``next frame``: the tap is dispatched whenever the page gets to it and timed
  until the next animation frame callback, as earlier versions of this
  benchmark did. It includes waiting for the frame boundary (0 to 16.7 ms at
  60 Hz), shown alone as ``idle`` (an animation frame awaited with no tap).

``next frame`` and ``idle`` are measured for ``select`` only. Prints the median and
95th percentile of each (target: ``frame`` p95 under 16 ms at 4x throttle for
every kind of tap at every length). Each game length is measured ``--repeat``
times on a fresh page and, for each kind of tap, the run with the lowest
``frame`` p95 is shown, as timeit keeps the best: other programs on the machine
only add time. ``--css`` adds a style to the page, to try one; ``--reduced-motion``
measures the page as a player who asked for reduced motion sees it (no slides).
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

from espionage.board import RED, square_name
from tools.browser import launch_chromium
from tools.serve import ROOT, start_in_thread
from tools.tap_games import movable_pieces, stored_match
from ui.saves import GAME_PREFIX, UI_KEY, Match

WARM_UP_TAPS = 4

NEXT_FRAME = """async (selector) => {
  const target = document.querySelector(selector);
  const start = performance.now();
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await new Promise((done) => requestAnimationFrame(() => done()));
  const took = performance.now() - start;
  await new Promise((done) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => done()), 0)));
  return took;  // once the work left for after the frame is done too (see IN_FRAME)
}"""

IN_FRAME = """(selector) => {
  const touch = (target) => {  // a finger on the middle of ``target``
    const box = target.getBoundingClientRect();
    return { bubbles: true, composed: true, isPrimary: true, pointerId: 1, pointerType: "touch",
             clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
  };
  // a finger's press comes a frame or more before its tap (pointerdown, then pointerup and click)
  return new Promise((pressed) => {
    const target = document.querySelector(selector);
    target.dispatchEvent(new PointerEvent("pointerdown", touch(target)));
    requestAnimationFrame(() => setTimeout(pressed, 0));
  }).then(() => new Promise((done) => requestAnimationFrame(() => {
  const target = document.querySelector(selector);
  const at = touch(target);
  const start = performance.now();
  performance.mark(`tap ${selector}`);  // where the tap's frame starts and ends, in a trace (tools/trace_tap.py)
  target.dispatchEvent(new PointerEvent("pointerup", at));
  target.dispatchEvent(new MouseEvent("click", at));
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
    performance.mark("tap-drawn");
    const sample = { frame: end - start, handler: handled - start, layout: laidOut - handled, paint: end - laidOut };
    // what the app left for after the frame (app.defer, ui/binding.FrameQueue), then that work's own
    // frame, and the boards the next taps will draw made bitmaps (static/binding.js prepareBoard)
    requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => afterRendering(async () => {
      await window.espionageBinding?.prepared?.();
      done({ ...sample, settled: performance.now() - start });
    })), 0));
  });
  })));
}"""

IDLE = """async () => {
  const start = performance.now();
  await new Promise((done) => requestAnimationFrame(() => done()));
  return performance.now() - start;
}"""


def open_red_board(browser, base, match, throttle, css="", motion="no-preference"):
    """A new context's page showing Red's board of ``match`` (stored in its localStorage), ``css``
    added, the CPU slowed ``throttle`` times and a few taps done: (context, page, Red's pieces)."""
    pieces = movable_pieces(match)
    ui = {"screen": "play", "match": match.id, "side": RED}
    context = browser.new_context(base_url=base, viewport={"width": 1200, "height": 900}, reduced_motion=motion)
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
        page.evaluate(IN_FRAME, square(pieces[(i // 2) % len(pieces)]))
    return context, page, pieces


def square(name):
    """The selector of board square ``name``."""
    return f'g.square[data-square="{name}"]'


UNDO, SUBMIT = 'button[data-action="undo"]', 'button[data-action="submit"]'
TARGETS = """() => JSON.parse(document.querySelector("canvas.board-marks").getAttribute("data-marks"))
  .filter(([kind]) => kind.startsWith("hint")).map(([, name]) => name)"""


def selecting(page, pieces, taps):
    """Taps on Red's pieces, select then let go; half of them timed to the next frame instead."""
    samples = []
    for i in range(taps):
        piece = pieces[(i // 2) % len(pieces)]
        timed = page.evaluate(IN_FRAME, square(piece)) if i % 4 < 2 else {"next frame": page.evaluate(NEXT_FRAME, square(piece))}
        samples.append({"tap": "select", **timed})
    return samples + [{"tap": "select", "idle": page.evaluate(IDLE)} for _ in range(taps // 2)]


def planning(page, pieces, taps):
    """Each piece in turn selected, then a tap on one of its targets (``plan``), then Undo."""
    samples = []
    for i in range(taps):
        piece = pieces[i % len(pieces)]
        page.evaluate(IN_FRAME, square(piece))
        targets = page.evaluate(TARGETS)
        samples.append({"tap": "plan", **page.evaluate(IN_FRAME, square(targets[i % len(targets)]))})
        samples.append({"tap": "undo", **page.evaluate(IN_FRAME, UNDO)})
    return samples


def submitting(page, match, taps):
    """Whole turns planned by taps and submitted (``submit``), each board handed over to the other
    player in turn (pass and play), as long as the game lasts."""
    samples, rng, key = [], random.Random(len(match.game.events)), GAME_PREFIX + match.id
    for _ in range(taps):
        game = Match.from_json(page.evaluate(f"() => localStorage.getItem({json.dumps(key)})")).game
        if game.outcome is not None:
            break
        view, plan = game.view(game.turn), []
        for _move in range(game.variant.moves_per_turn):
            moves = view.legal_moves_after(plan)
            if moves:
                plan.append(rng.choice(moves))
                for name in (square_name(plan[-1].from_square), square_name(plan[-1].to_square)):
                    page.evaluate(IN_FRAME, square(name))
        samples.append({"tap": "submit", **page.evaluate(IN_FRAME, SUBMIT)})
        page.get_by_role("button", name="Hand over", exact=True).click()
        page.locator('button[data-action="reveal"]').click()
        page.wait_for_selector("g.square")
    return samples


def measure(browser, base, match, taps, throttle, css="", motion="no-preference"):
    """Samples (dicts of milliseconds, each with its ``tap``) of ``taps`` taps of each kind on
    Red's board of ``match`` (of turns for ``submit``, fewer if the game ends)."""
    context, page, pieces = open_red_board(browser, base, match, throttle, css, motion)
    try:
        return selecting(page, pieces, taps) + planning(page, pieces, taps // 2) + submitting(page, match, taps // 4)
    finally:
        context.close()


def summary(samples, key):
    """Median and p95 of ``key`` over the samples that have it (None: none has)."""
    values = sorted(s[key] for s in samples if key in s)
    if not values:
        return None
    return statistics.median(values), values[round(0.95 * (len(values) - 1))]


COLUMNS = ("frame", "handler", "layout", "paint", "settled", "next frame", "idle")
TAPS = ("select", "plan", "undo", "submit")


def best_run(runs, tap):
    """The figures of ``tap`` in the run where its ``frame`` p95 is lowest (None: no such tap)."""
    figures = [{c: summary([s for s in samples if s["tap"] == tap], c) for c in COLUMNS} for samples in runs]
    figures = [f for f in figures if f["frame"] is not None]
    return min(figures, key=lambda f: f["frame"][1]) if figures else None


def row(moves, tap, figures):
    cells = (" " * 13 if f is None else f"{f[0]:6.1f} /{f[1]:5.1f}" for f in figures.values())
    return f"{moves:5d}  {tap:>6}  " + "  ".join(cells)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throttle", type=float, default=4.0, help="CPU slowdown rate (1: none; 4: a tablet)")
    parser.add_argument("--taps", type=int, default=80)
    parser.add_argument("--turns", type=int, nargs="+", default=[0, 60, 150])
    parser.add_argument("--repeat", type=int, default=3, help="runs per game length; the best is shown")
    parser.add_argument("--max-ms", type=float, default=16.0, help="the target for the p95 of 'frame'")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the page to serve: another checkout, set up, to compare (default: this one)")
    parser.add_argument("--css", default="", help="a style added to the page, to try it")
    parser.add_argument("--reduced-motion", action="store_true", help="as a player who asked for reduced motion")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    base, server = start_in_thread(root=args.root)
    worst = 0.0
    print(f"CPU throttled {args.throttle:g}x; median / p95 in ms over {args.taps // 2} taps of each kind "
          f"({args.taps // 4} for submit; idle: {args.taps // 2} frames with no tap), best of {args.repeat} runs")
    print(f"{'moves':>5}  {'tap':>6}  " + "  ".join(f"{c:>13}" for c in COLUMNS))
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for turns in args.turns:
                match = stored_match(turns, rng)
                motion = "reduce" if args.reduced_motion else "no-preference"
                runs = [measure(browser, base, match, args.taps, args.throttle, args.css, motion) for _ in range(args.repeat)]
                for tap in TAPS:
                    figures = best_run(runs, tap)
                    if figures is not None:
                        worst = max(worst, figures["frame"][1])
                        print(row(len(match.game.events), tap, figures), flush=True)
            browser.close()
    finally:
        server.shutdown()
    met = worst < args.max_ms
    print(f"target: 'frame' p95 under {args.max_ms:g} ms for every tap at every length: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
