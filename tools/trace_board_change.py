"""What one small change to the page costs a frame: the browser's own share of a tap, apart from the app.

    .venv/bin/python tools/trace_board_change.py [--throttle 4] [--turns 150] [--frames 16] [--css STYLE] [CHANGE ...]

Opens the same stored games as tools/bench_tap.py at Red's board, slows the CPU
down, and makes one change at the start of each of ``--frames`` frames (undone
the next time, so the page goes back and forth), with no Python and no app in
between: a Chrome trace then gives the main thread's CPU time per frame for
style, layout, paint and layerizing (tools/trace_tap.py's totals), and the
frame's wall time (as bench_tap's ``frame``). So a way of drawing a tap can be
priced before it is built: which changes repaint the whole board, which
layerize the page again, and which cost nothing. Changes (all by default):

- ``draw``: a square's mark drawn on the marks canvas, then another's (a selecting tap's);
- ``opacity``: the marks canvas made transparent, then not;
- ``fill``: one square's colour (a repaint of the board, no element added);
- ``title``: one square's title text (what a screen reader reads);
- ``insert``: a piece put on a square, then taken off (an Undo's, a Submit's);
- ``move``: a piece's element moved to another square and back;
- ``hide``: a piece hidden, then shown (``visibility``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from tools.bench_tap import open_red_board
from tools.browser import launch_chromium
from tools.serve import start_in_thread
from tools.tap_games import stored_match
from tools.trace_tap import CATEGORIES, main_thread_totals, tap_windows

SQUARE = 'g.square[data-square="e5"]'
CHANGES = {
    "draw": """() => { const canvas = document.querySelector("canvas.board-marks"), context = canvas.getContext("2d");
        context.clearRect(0, 0, canvas.width, canvas.height);
        context.fillStyle = (window.espionageDrawn = !window.espionageDrawn) ? "#2e7d32" : "#1565c0";
        context.fillRect(window.espionageDrawn ? 100 : 200, 100, 60, 60); }""",
    "opacity": """() => { const canvas = document.querySelector("canvas.board-marks");
        canvas.style.opacity = canvas.style.opacity === "0" ? "" : "0"; }""",
    "fill": f"""() => {{ const cell = document.querySelector('{SQUARE} rect.cell');
        cell.setAttribute("fill", cell.getAttribute("fill") === "#ff0000" ? "#d0ddb8" : "#ff0000"); }}""",
    "title": f"""() => {{ const title = document.querySelector('{SQUARE} title');
        title.textContent = title.textContent.endsWith("!") ? title.textContent.slice(0, -1) : title.textContent + "!"; }}""",
    "insert": f"""() => {{ const square = document.querySelector('{SQUARE}'), piece = square.querySelector("g.piece");
        if (piece) piece.remove();
        else square.insertAdjacentHTML("beforeend", '<g class="piece red" data-piece="G"><use href="#token-red"/><use href="#icon-G"/></g>'); }}""",
    "move": f"""() => {{ const piece = document.querySelector("g.piece.red"), square = document.querySelector('{SQUARE}');
        window.espionageFrom ??= piece.parentElement;
        (piece.parentElement === square ? window.espionageFrom : square).appendChild(piece); }}""",
    "hide": """() => { const piece = document.querySelector("g.piece.red");
        piece.style.visibility = piece.style.visibility ? "" : "hidden"; }""",
}
IN_FRAME = """(change) => new Promise((done) => requestAnimationFrame(() => {
  const start = performance.now();
  performance.mark("tap change");  // the frame's ends, as bench_tap marks a tap's (tools/trace_tap.tap_windows)
  change();
  document.body.offsetHeight;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    performance.mark("tap-drawn");
    const took = performance.now() - start;
    requestAnimationFrame(() => setTimeout(() => done(took), 30));  // a page at rest before the next change
  };
  channel.port2.postMessage(null);
}))"""
EVENTS = ("UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit")


def priced(browser, page, change, frames):
    """(median and p90 frame wall ms, CPU ms per frame of each of EVENTS) of ``frames`` frames of ``change``."""
    function = page.evaluate_handle(f"() => {CHANGES[change]}")
    for _ in range(4):
        page.evaluate(IN_FRAME, function)
    browser.start_tracing(page=page, categories=CATEGORIES.split(","))
    took = sorted(page.evaluate(IN_FRAME, function) for _ in range(frames))
    trace = json.loads(browser.stop_tracing())
    windows = tap_windows(trace["traceEvents"], lambda _selector, _count: True)
    cpu = main_thread_totals(trace, len(windows), "tdur", windows)
    return (statistics.median(took), took[round(0.9 * (len(took) - 1))]), {name: cpu.get(name, 0.0) for name in EVENTS}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("changes", nargs="*", metavar="CHANGE", help=f"some of {', '.join(CHANGES)} (default: all)")
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--turns", type=int, default=150)
    parser.add_argument("--frames", type=int, default=16)
    parser.add_argument("--css", default="", help="a style added to the page, to try it")
    args = parser.parse_args(argv)
    unknown = set(args.changes) - set(CHANGES)
    if unknown:
        parser.error(f"no such change: {', '.join(sorted(unknown))}")
    rng = random.Random(1)
    for turns in sorted({0, 60, 150, args.turns}):  # the games bench_tap and trace_tap tap
        match = stored_match(turns, rng)
        if turns == args.turns:
            break
    base, server = start_in_thread()
    print(f"{len(match.game.events)} moves, CPU throttled {args.throttle:g}x: frame wall ms (median, p90), main-thread CPU ms per frame")
    print(f"{'change':8} {'frame':>12}  " + " ".join(f"{name:>16}" for name in EVENTS))
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            _context, page, _pieces = open_red_board(browser, base, match, args.throttle, args.css)
            for change in args.changes or CHANGES:
                (median, p90), cpu = priced(browser, page, change, args.frames)
                print(f"{change:8} {median:5.1f} /{p90:5.1f}  " + " ".join(f"{cpu[name]:16.2f}" for name in EVENTS), flush=True)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
