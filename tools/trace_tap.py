"""Where a tap's time goes: a Chrome trace of taps, main-thread time by event name.

    .venv/bin/python tools/trace_tap.py [--throttle 4] [--turns 150] [--taps 20] [--tap select|plan|undo|submit]

Opens the same stored games as tools/bench_tap.py, throttles the CPU, records a
DevTools timeline trace while tapping as bench_tap does (each tap dispatched at
the start of a frame; ``--tap``: which kind of tap is traced, with the taps that
lead to it: a piece selected before a planning tap, a move planned before Undo,
a whole turn planned before Submit), and prints the renderer main thread's time
per traced tap in each kind of event (the click handler's
``EventDispatch``/``FunctionCall``, ``UpdateLayoutTree``, ``Layout``,
``PrePaint``, ``Paint``, ``Commit``, ...): within the tap's frame (from its
dispatch to the end of that frame's rendering, bench_tap's ``frame``), and in
all, with the work it left for after its frame. So a change can be aimed at the
part that costs. With ``--save trace.json`` the trace is kept for chrome://tracing.
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

from tools.bench_tap import SUBMIT, UNDO, open_red_board, planning, selecting, submitting
from tools.browser import launch_chromium
from tools.serve import start_in_thread
from tools.tap_games import stored_match

CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,cc,blink.user_timing"


def tap_windows(events, traced):
    """(start, end) in trace microseconds of the frames of the taps ``traced`` picks: a function
    of the tap's selector and how many taps came before it (bench_tap's IN_FRAME marks both ends)."""
    marks = sorted((e["ts"], e["name"]) for e in events if e.get("name", "").startswith("tap"))
    windows, start, count = [], None, 0
    for ts, name in marks:
        if name == "tap-drawn":
            if start is not None:
                windows.append((start, ts))
            start = None
        else:
            start = ts if traced(name[len("tap "):], count) else None
            count += 1
    return windows


def main_thread_totals(trace, taps, clock="dur", windows=None):
    """Milliseconds per tap of each event name on the renderer's main thread, nested events
    included (``clock`` "dur": wall time; "tdur": the thread's CPU time, which leaves out the
    throttle's pauses and other programs on a loaded machine); ``windows``: only events that
    start within one of these (start, end) spans."""
    events = trace["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    main = {key for key, name in names.items() if name == "CrRendererMain"}
    totals = defaultdict(float)
    for e in events:
        ours = (e["pid"], e["tid"]) in main and e.get("ph") == "X" and clock in e
        if ours and (windows is None or any(start <= e["ts"] < end for start, end in windows)):
            totals[e["name"]] += e[clock] / 1000 / taps
    return totals


def traced_taps(page, match, pieces, tap, taps):
    """Tap as bench_tap does for ``tap``; which of those taps are the traced kind."""
    if tap == "select":
        selecting(page, pieces, taps)
        return lambda selector, _count: selector.startswith("g.square")
    if tap in ("plan", "undo"):
        planning(page, pieces, taps)  # select, plan, undo, in turn
        return lambda selector, count: (count % 3 == 1) if tap == "plan" else selector == UNDO
    submitting(page, match, taps)
    return lambda selector, _count: selector == SUBMIT


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--turns", type=int, default=150)
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--tap", choices=("select", "plan", "undo", "submit"), default="select")
    parser.add_argument("--events", type=int, default=30, help="how many kinds of event to list")
    parser.add_argument("--css", default="", help="a style sheet added to the page first (to try a change)")
    parser.add_argument("--reduced-motion", action="store_true", help="as a player who asked for reduced motion")
    parser.add_argument("--save", help="write the trace here")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    for turns in sorted({0, 60, 150, args.turns}):
        match = stored_match(turns, rng)
        if turns == args.turns:
            break
    base, server = start_in_thread()
    motion = "reduce" if args.reduced_motion else "no-preference"
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            _context, page, pieces = open_red_board(browser, base, match, args.throttle, args.css, motion)
            browser.start_tracing(page=page, categories=CATEGORIES.split(","))
            traced = traced_taps(page, match, pieces, args.tap, args.taps)
            trace = json.loads(browser.stop_tracing())
            browser.close()
    finally:
        server.shutdown()
    if args.save:
        Path(args.save).write_text(json.dumps(trace))
    windows = tap_windows(trace["traceEvents"], traced)
    print(f"{len(match.game.events)} moves, CPU throttled {args.throttle:g}x, {len(windows)} '{args.tap}' taps traced")
    if not windows:
        return
    wall = main_thread_totals(trace, len(windows), windows=windows)
    cpu = main_thread_totals(trace, len(windows), "tdur", windows)
    print(f"  frame (in-page marks): mean {sum(end - start for start, end in windows) / len(windows) / 1000:6.1f} ms")
    print("main thread per tap within its frame, by event (nested events included): wall ms, CPU ms")
    for name, ms in sorted(wall.items(), key=lambda kv: -kv[1])[:args.events]:
        print(f"  {name:50} {ms:6.2f} {cpu.get(name, 0):6.2f}")


if __name__ == "__main__":
    main()
