"""Benchmark: the search's own make/unmake path, and think time per turn at each level.

Run ``python -m espionage.bot.bench`` (``--positions N``, ``--seed S``, ``--repeat R``).
Positions come from games played by level-1 bots; each is searched through
every legal step with make + score + unmake, like the search's leaves. Like
``timeit``, the best repeat is the figure.
"""

import argparse
import random
import time

from ..game import Game
from .belief import Belief
from .player import LEVELS, Bot
from .search import Search


def positions(count, seed):
    """Views of the side to move, taken along games between level-1 bots."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Game.random(rng=rng)
        bots = {"red": Bot(1, rng.randrange(1000)), "blue": Bot(1, rng.randrange(1000))}
        while game.outcome is None and len(out) < count:
            view = game.view(game.turn)
            if rng.random() < 0.1:
                out.append(view)
            game.play_turn(*bots[game.turn].turn(view))
    return out


def make_unmake_rate(views, seed):
    """Steps per second through make, score and unmake on sampled boards."""
    rng = random.Random(seed)
    boards = [Search(v, Belief(v), LEVELS[3][1], rng).boards[0] for v in views]
    sides = [v.viewer for v in views]
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    for board, side in zip(boards, sides, strict=True):
        for _ in range(20):
            for s in (side, 1 - side):
                for fr, to in board.moves(s):
                    undo = board.make(fr, to)
                    board.score(side)
                    board.unmake(undo)
                    steps += 1
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu), steps


def think_times(views, level):
    """Each view's think time at ``level``, sorted: (wall times, CPU times of this process)."""
    bot = Bot(level, seed=1)
    wall, cpu = [], []
    for view in views:
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.turn(view)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return sorted(wall), sorted(cpu)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    views = positions(args.positions, args.seed)
    rates, cpu_rates = [], []
    for _ in range(args.repeat):
        rate, cpu_rate, steps = make_unmake_rate(views, args.seed)
        rates.append(rate)
        cpu_rates.append(cpu_rate)
        print(f"make + score + unmake: {steps} steps, {rate:,.0f} steps/s wall, {cpu_rate:,.0f} steps/s CPU")
    print(f"best of {args.repeat}: {max(rates):,.0f} steps/s wall, {max(cpu_rates):,.0f} steps/s CPU")
    # Wall time is what a player waits; CPU time of this process stays fair on a shared, busy machine.
    # Level 3 thinks by the wall clock, as in the browser's worker: its CPU time shows the work it got.
    for level in sorted(LEVELS):
        for clock_name, t in zip(("wall", "CPU"), think_times(views, level), strict=True):
            p50, p95 = t[len(t) // 2], t[min(len(t) - 1, int(0.95 * len(t)))]
            print(
                f"level {level}: {clock_name} think time over {len(t)} positions: p50 {p50 * 1000:.1f} ms, "
                f"p95 {p95 * 1000:.1f} ms, max {t[-1] * 1000:.1f} ms"
            )


if __name__ == "__main__":
    main()
