"""Strength, measured: paired games between two players, with fixed budgets so results repeat.

``python -m espionage.bot.arena A B --games N --jobs 2`` where A and B are
``level1``, ``level2``, ``level3`` (or ``1``, ``2``, ``3``: bot levels), ``greedy``
or ``random`` (the reference players of ``reference.py``); ``--seconds S`` sets the
CPU time a turn of level 3, which thinks by time. A level may carry changes to
its budget, for tuning by self-play: ``level2:guard=0.5,watch=true`` is level 2
with those settings of ``search.Budget``. Games come in pairs:
same volcanoes and setups, colours swapped; ``--setups both`` (the default)
plays N games from the sensible setups of ``armies.py`` and N from uniformly
random ones. Prints a row per kind of setup: A's wins/draws/losses, its win
rate with a 95% Wilson interval, the same split by the row on which A's
Headquarters stood, end reasons, game lengths and each player's think-time
percentiles (wall and CPU). ``--row front`` (or ``middle``, ``back``) plays only
games in which A's Headquarters stands on that row, for tuning a change meant
for it.
"""

import argparse
import dataclasses
import itertools
import math
import random
import sys
import time
from collections import Counter
from contextlib import nullcontext
from multiprocessing import Pool

from ..armies import sensible_setup
from ..game import Game
from ..setup import Setup, random_volcanoes
from ..variant import STANDARD, Variant
from .belief import rows_from_back
from .player import LEVELS, Bot
from .reference import GreedyPlayer, RandomPlayer

REFERENCES = {"random": RandomPlayer, "greedy": GreedyPlayer}
PLAYERS = tuple(f"level{level}" for level in LEVELS) + tuple(REFERENCES)
SETUPS = {"sensible": sensible_setup, "random": Setup.random}
ROWS = ("back", "middle", "front")  # a Headquarters' row in its setup, by rows_from_back


def make_player(name, seed, seconds=None):
    """A player by its arena name: ``random``, ``greedy``, ``levelN`` or ``N``. A level that
    thinks by time (level 3) thinks ``seconds`` of this process's CPU time a turn (by default,
    the level's own time): CPU time, so that a busy machine gives every turn the same work."""
    if name in REFERENCES:
        return REFERENCES[name](seed)
    level, _, changes = name.removeprefix("level").partition(":")
    if not level.isdigit() or int(level) not in LEVELS:
        raise ValueError(f"unknown player {name!r}: one of {', '.join(PLAYERS)}")
    bot = Bot(level=int(level), seed=seed, seconds=seconds, clock=time.process_time)
    if changes:
        bot.budget = tuned(bot.budget, changes)
    return bot


def tuned(budget, changes):
    """``budget`` with the settings ``field=value,...`` changed."""
    fields = {f.name for f in dataclasses.fields(budget)}
    updates = {}
    for item in changes.split(","):
        key, _, text = item.partition("=")
        if key not in fields or not text:
            raise ValueError(f"{item!r} is no budget setting: field=value, a field one of {', '.join(sorted(fields))}")
        current = getattr(budget, key)
        if isinstance(current, bool):
            if text not in ("true", "false"):
                raise ValueError(f"{key} is true or false, not {text!r}")
            updates[key] = text == "true"
        else:
            updates[key] = int(text) if isinstance(current, int) else float(text)
    return dataclasses.replace(budget, **updates)


def deal(seed, variant, setups):
    """A game's volcanoes and both setups, drawn from its seed."""
    rng = random.Random(seed)
    volcanoes = random_volcanoes(variant.volcanoes, rng)
    return volcanoes, SETUPS[setups]("red", rng), SETUPS[setups]("blue", rng)


def home_row(a_is_red, seed, variant, setups):
    """The row (0 back, 1 middle, 2 front) of A's Headquarters in the game dealt from ``seed``."""
    _, red_setup, blue_setup = deal(seed, variant, setups)
    return _row(red_setup if a_is_red else blue_setup)


def _row(setup):
    return rows_from_back(setup.side, next(sq for sq, letter in setup.items() if letter == "H"))


def play_game(task):
    """One game; returns (winner index 0 = player A / 1 = B / None, reason, moves, think times A, B,
    the row of A's Headquarters: 0 back, 1 middle, 2 front)."""
    names, a_is_red, seed, variant, setups, seconds = task
    volcanoes, red_setup, blue_setup = deal(seed, variant, setups)
    game = Game(red_setup, blue_setup, volcanoes, variant)
    players = [make_player(names[0], seed, seconds), make_player(names[1], seed + 1, seconds)]
    by_side = {"red": 0 if a_is_red else 1, "blue": 1 if a_is_red else 0}
    times = ([], [])  # (wall, CPU) seconds per turn, for each player
    while game.outcome is None:
        who = by_side[game.turn]
        view = game.view(game.turn)
        start, cpu = time.perf_counter(), time.process_time()
        moves = players[who].turn(view)
        times[who].append((time.perf_counter() - start, time.process_time() - cpu))
        game.play_turn(*moves)
    winner = None if game.outcome.winner is None else by_side[game.outcome.winner]
    return winner, game.outcome.reason, len(game.events), times[0], times[1], _row(red_setup if a_is_red else blue_setup)


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def plan(a, b, games, seed=1, variant=STANDARD, setups="sensible", seconds=None, row=None):
    """The games to play, each ``play_game``'s task. With ``row`` (0 back, 1 middle, 2 front),
    only those in which A's Headquarters stands on that row: a change meant for one row is
    measured there at a third of the cost. Such games are not paired (the other game of a pair
    puts A's Headquarters elsewhere); colours still alternate, and the same ``seed`` keeps the
    same games for any two players. Raises ValueError for no games, an unknown player or
    setting, or too few such games, before any game is played."""
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    for name in (a, b):
        make_player(name, 0)
    if row is None:
        pairs = (games + 1) // 2
        return [((a, b), red, seed * 100003 + i, variant, setups, seconds) for i in range(pairs) for red in (True, False)]
    deals = (((a, b), i % 2 == 0, seed * 100003 + i, variant, setups, seconds) for i in range(100 * games))
    chosen = list(itertools.islice((t for t in deals if home_row(t[1], t[2], variant, setups) == row), games))
    if len(chosen) < games:
        raise ValueError(f"{setups} setups put A's Headquarters on the {ROWS[row]} row in {len(chosen)} of {100 * games} games")
    return chosen


def run(a, b, games, jobs=1, seed=1, variant=STANDARD, progress=None, setups="sensible", seconds=None, row=None):
    """Play ``plan``'s games; ``progress`` (a file) gets a line with the score so far after each game."""
    return play(plan(a, b, games, seed, variant, setups, seconds, row), jobs, progress)


def play(tasks, jobs=1, progress=None):
    """Play ``plan``'s games, on ``jobs`` processes."""
    (a, _), setups = tasks[0][0], tasks[0][4]
    results = []
    with Pool(jobs) if jobs > 1 else nullcontext() as pool:
        for result in pool.imap(play_game, tasks) if pool else map(play_game, tasks):
            results.append(result)
            if progress is not None:
                wins, losses = sum(r[0] == 0 for r in results), sum(r[0] == 1 for r in results)
                draws = len(results) - wins - losses
                print(
                    f"{setups} setups, {len(results)}/{len(tasks)} games: {a} {wins} wins, {draws} draws, {losses} losses, "
                    f"scores {(wins + draws / 2) / len(results):.1%}",
                    file=progress,
                    flush=True,
                )
    return results


def wilson(successes, n, z=1.96):
    """The 95% Wilson score interval (low, high) of a proportion ``successes`` / ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(a, b, results, setups="sensible", row=None):
    """``row``: the games were chosen by the row of A's Headquarters (``run``'s ``row``)."""
    n = len(results)
    wins = sum(r[0] == 0 for r in results)
    losses = sum(r[0] == 1 for r in results)
    draws = n - wins - losses
    low, high = wilson(wins, n)
    lines = [
        f"{a} vs {b}, {setups} setups: {n} games "
        + (f"({n // 2} pairs, colours swapped)" if row is None else f"with {a}'s Headquarters on the {ROWS[row]} row"),
        f"  {a}: {wins} wins, {draws} draws, {losses} losses; win rate {wins / n:.1%} "
        f"(95% Wilson interval {low:.1%}-{high:.1%}); score {(wins + draws / 2) / n:.1%}",
        f"  by the row of {a}'s Headquarters (wins / draws / losses): "
        + ", ".join(_split(results, row, name) for row, name in enumerate(ROWS)),
        "  end reasons: " + ", ".join(f"{k} {v}" for k, v in Counter(r[1] for r in results).most_common()),
    ]
    lengths = [r[2] for r in results]
    lines.append(
        f"  moves per game: median {percentile(lengths, 50)}, p90 {percentile(lengths, 90)}, max {max(lengths)}"
    )
    # Wall time is what a player waits; CPU time stays fair when the machine is shared.
    for index, name in ((0, a), (1, b)):
        for clock, clock_name in ((0, "wall"), (1, "CPU")):
            t = [x[clock] for r in results for x in r[3 + index]]
            lines.append(
                f"  think time {name} ({clock_name}): p50 {percentile(t, 50) * 1000:.1f} ms, "
                f"p95 {percentile(t, 95) * 1000:.1f} ms, max {max(t) * 1000:.1f} ms over {len(t)} turns"
            )
    return "\n".join(lines)


def _split(results, row, name):
    """``name`` and A's wins / draws / losses in the games where its Headquarters stood on ``row``:
    from random setups a Headquarters nearer the front is found sooner."""
    games = [r for r in results if r[5] == row]
    wins, losses = sum(r[0] == 0 for r in games), sum(r[0] == 1 for r in games)
    return f"{name} {wins} / {len(games) - wins - losses} / {losses}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help=", ".join(PLAYERS))
    parser.add_argument("b", help=", ".join(PLAYERS))
    parser.add_argument("--games", type=int, default=200, help="games per kind of setup (rounded up to pairs)")
    parser.add_argument("--setups", choices=("both", *SETUPS), default="both")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--single-move", action="store_true", help="the one-move-per-turn variant")
    parser.add_argument(
        "--seconds", type=float, help="CPU seconds a turn for a level that thinks by time (level 3; default: its own)"
    )
    parser.add_argument(
        "--row",
        choices=ROWS,
        help="only games in which A's Headquarters stands on this row of its setup (not paired; for tuning)",
    )
    args = parser.parse_args(argv)
    row = None if args.row is None else ROWS.index(args.row)
    variant = Variant(moves_per_turn=1) if args.single_move else STANDARD
    for setups in SETUPS if args.setups == "both" else (args.setups,):
        try:
            games = plan(args.a, args.b, args.games, args.seed, variant, setups, args.seconds, row)
        except ValueError as error:
            parser.error(str(error))
        results = play(games, args.jobs, sys.stderr)
        print(report(args.a, args.b, results, setups, row), flush=True)


if __name__ == "__main__":
    main()
