"""The games the tap benchmarks tap on, and Python's share of a tap, measured without a browser.

    .venv/bin/python tools/tap_games.py            (CPython)
    node tools/bench_tap_python.mjs                (Pyodide: the browser's Python, on node's V8)

tools/bench_tap.py and tools/trace_tap.py store :func:`stored_match` games in a
page and tap them in Chromium. Here the same games are tapped in Python alone:
the app's own work for a tap (``App.dispatch``, ``App.html``, ``ui.patch.diff``, the
patches' JSON and the taps worked out ahead, ``TapSchedule.work_out``: the marks of
a selecting tap, the board of a planning tap), with no page, so its
share of a tap is measured apart from the browser's (which a busy machine makes
noisy). Pure Python: it runs in CPython and in Pyodide alike. The taps select and
let go, which main.py paints from the marks ``App.tap_ahead`` worked out before the
tap: all these stages come a frame after the tap's (ui/binding.py's ``TapSchedule.settle``), the
last (``ahead``) making the marks of the next tap.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `espionage`, `ui` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from espionage import Game, Setup, random_volcanoes
from espionage.board import BLUE, RED, square_name
from ui.app import App
from ui.binding import BindingState, TapSchedule
from ui.patch import as_json, diff
from ui.saves import GAME_PREFIX, UI_KEY, Match, MemoryStorage

TURNS = (0, 60, 150)  # about 0, 240 and 600 moves
STAGES = ("dispatch", "html", "diff", "json", "ahead")


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


def movable_pieces(match):
    """The squares of Red's pieces that can move: the ones the benchmarks tap."""
    return sorted({square_name(m.from_square) for m in match.game.view("red").legal_moves()})


class AtRest:
    """The page as the schedule's work ahead asks it things: it shows motion, and keeps the
    board images it is handed (making them bitmaps is the browser's work, not timed here)."""

    def animates(self):
        return True

    def prepare_board(self, _image):
        return None

    def log(self, text):
        raise AssertionError(text)


def python_taps(match, taps=200, warm_up=20):
    """Milliseconds of each stage of ``taps`` taps (select, then deselect) on ``match``'s
    Red board, as the browser binding (ui/binding.py) does them."""
    storage = MemoryStorage()
    storage.set(GAME_PREFIX + match.id, match.to_json())
    storage.set(UI_KEY, json.dumps({"screen": "play", "match": match.id, "side": RED}))
    app = App(storage, languages=["en"])
    app.defer = lambda work: None
    app.dispatch("reveal")
    shown, pieces = app.html(), movable_pieces(match)
    schedule = TapSchedule(app, page=AtRest(), state=BindingState())  # only its work ahead is timed here
    samples = {stage: [] for stage in STAGES}
    for i in range(warm_up + taps):
        t0 = time.perf_counter()
        app.dispatch("square", pieces[(i // 2) % len(pieces)])
        t1 = time.perf_counter()
        markup = app.html()
        t2 = time.perf_counter()
        patches = diff(shown, markup)
        t3 = time.perf_counter()
        as_json(patches)
        t4 = time.perf_counter()
        schedule.state.shown = markup
        schedule.work_out()
        t5 = time.perf_counter()
        shown = markup
        if i >= warm_up:
            for stage, start, end in zip(STAGES, (t0, t1, t2, t3, t4), (t1, t2, t3, t4, t5)):
                samples[stage].append((end - start) * 1000)
    samples["total"] = [sum(stage) for stage in zip(*(samples[s] for s in STAGES))]
    return samples


def main():
    rng = random.Random(1)
    print(f"Python {sys.version.split()[0]}: the app's work per tap, ms, median / p95 of 200 taps "
          "(all a frame after the tap's, which paints marks worked out ahead)")
    print(f"{'moves':>5}  " + "  ".join(f"{s:>13}" for s in (*STAGES, "total")))
    for turns in TURNS:
        match = stored_match(turns, rng)
        samples = python_taps(match)
        cells = []
        for stage in (*STAGES, "total"):
            values = sorted(samples[stage])
            cells.append(f"{statistics.median(values):6.3f} /{values[round(0.95 * (len(values) - 1))]:6.3f}")
        print(f"{len(match.game.events):5d}  " + "  ".join(cells))


if __name__ == "__main__":
    main()
