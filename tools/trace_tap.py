"""Where a tap's time goes: a Chrome trace of taps, main-thread time by event name.

    .venv/bin/python tools/trace_tap.py [--throttle 4] [--turns 150] [--taps 20]

Opens the same stored games as tools/bench_tap.py, throttles the CPU, records a
DevTools timeline trace while tapping pieces (select, deselect: as bench_tap,
each tap dispatched at the start of a frame), and prints the renderer main
thread's time per tap (its frame, and the work it left for after it: bench_tap's
``settled``) in each kind of top-level event (the click handler's
``EventDispatch``/``FunctionCall``, ``UpdateLayoutTree``, ``Layout``,
``PrePaint``, ``Paint``, ``Commit``, ...), so a change can be aimed at the part
that costs. With ``--save trace.json`` the trace is kept for chrome://tracing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from tools.bench_tap import IN_FRAME, open_red_board, square
from tools.browser import launch_chromium
from tools.serve import start_in_thread
from tools.tap_games import stored_match

CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,cc"


def main_thread_totals(trace, taps, clock="dur"):
    """Milliseconds per tap of each top-level event name on the renderer's main thread
    (``clock`` "dur": wall time; "tdur": the thread's CPU time, which leaves out the
    throttle's pauses and other programs on a loaded machine)."""
    events = trace["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    main = {key for key, name in names.items() if name == "CrRendererMain"}
    spans = sorted(
        (e for e in events if (e["pid"], e["tid"]) in main and e.get("ph") == "X" and clock in e),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    totals, end = defaultdict(float), -1
    for e in spans:
        if e["ts"] >= end:  # top level: not inside the previous top-level span
            totals[e["name"]] += e[clock] / 1000 / taps
            end = e["ts"] + e["dur"]
    nested = defaultdict(float)
    for e in spans:
        nested[e["name"]] += e[clock] / 1000 / taps
    return totals, nested


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--turns", type=int, default=150)
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--events", type=int, default=30, help="how many kinds of event to list")
    parser.add_argument("--css", default="", help="a style sheet added to the page first (to try a change)")
    parser.add_argument("--save", help="write the trace here")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    for turns in sorted({0, 60, 150, args.turns}):
        match = stored_match(turns, rng)
        if turns == args.turns:
            break
    base, server = start_in_thread()
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            _context, page, pieces = open_red_board(browser, base, match, args.throttle, args.css)
            browser.start_tracing(page=page, categories=CATEGORIES.split(","))
            frames = [page.evaluate(IN_FRAME, square(pieces[(i // 2) % len(pieces)])) for i in range(args.taps)]
            trace = json.loads(browser.stop_tracing())
            browser.close()
    finally:
        server.shutdown()
    if args.save:
        Path(args.save).write_text(json.dumps(trace))
    print(f"{len(match.game.events)} moves, CPU throttled {args.throttle:g}x, {args.taps} taps")
    for key in ("frame", "handler", "layout", "paint", "settled"):
        print(f"  {key:8} mean {sum(f[key] for f in frames) / len(frames):6.1f} ms (in-page timing)")
    _, wall = main_thread_totals(trace, args.taps)
    _, cpu = main_thread_totals(trace, args.taps, "tdur")
    print("main thread per tap, by event (nested events included): wall ms, CPU ms")
    for name, ms in sorted(wall.items(), key=lambda kv: -kv[1])[:args.events]:
        print(f"  {name:50} {ms:6.2f} {cpu.get(name, 0):6.2f}")


if __name__ == "__main__":
    main()
