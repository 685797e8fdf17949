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
    start = time.perf_counter()
    for board, side in zip(boards, sides, strict=True):
        for _ in range(20):
            for s in (side, 1 - side):
                for fr, to in board.moves(s):
                    undo = board.make(fr, to)
                    board.score(side)
                    board.unmake(undo)
                    steps += 1
    return steps / (time.perf_counter() - start), steps


def think_times(views, level):
    bot = Bot(level, seed=1)
    times = []
    for view in views:
        start = time.perf_counter()
        bot.turn(view)
        times.append(time.perf_counter() - start)
    times.sort()
    return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    views = positions(args.positions, args.seed)
    rates = []
    for _ in range(args.repeat):
        rate, steps = make_unmake_rate(views, args.seed)
        rates.append(rate)
        print(f"make + score + unmake: {steps} steps, {rate:,.0f} steps/s")
    print(f"best of {args.repeat}: {max(rates):,.0f} make/unmake steps/s")
    for level in sorted(LEVELS):
        t = think_times(views, level)
        p50, p95 = t[len(t) // 2], t[min(len(t) - 1, int(0.95 * len(t)))]
        print(
            f"level {level}: think time over {len(t)} positions: p50 {p50 * 1000:.1f} ms, "
            f"p95 {p95 * 1000:.1f} ms, max {t[-1] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
