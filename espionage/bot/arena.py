"""Strength, measured: paired games between two players, with fixed budgets so results repeat.

``python -m espionage.bot.arena A B --games N --jobs 2`` where A and B are
``1``, ``2``, ``3`` (bot levels) or ``random`` (uniform among legal turns).
Games come in pairs: same volcanoes and setups, colours swapped. Prints A's
wins/draws/losses with a 95% interval on its score, end reasons, game
lengths and each player's think-time percentiles (wall and CPU).
"""

import argparse
import math
import random
import sys
import time
from collections import Counter
from contextlib import nullcontext
from multiprocessing import Pool

from ..armies import sensible_setup
from ..game import Game
from ..setup import random_volcanoes
from ..variant import STANDARD, Variant
from .player import Bot


class RandomPlayer:
    """Uniform among legal turns: a uniform first move, then a uniform second move."""

    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def turn(self, view):
        first = self.rng.choice(view.legal_moves())
        if view.first_move is not None:
            return [first]
        seconds = view.legal_moves_after([first])
        return [first, self.rng.choice(seconds)] if seconds else [first]


def make_player(name, seed):
    if name == "random":
        return RandomPlayer(seed)
    return Bot(level=int(name), seed=seed)


def play_game(task):
    """One game; returns (winner index 0 = player A / 1 = B / None, reason, moves, think times A, B)."""
    names, a_is_red, seed, variant = task
    rng = random.Random(seed)
    volcanoes = random_volcanoes(variant.volcanoes, rng)
    red_setup, blue_setup = sensible_setup("red", rng), sensible_setup("blue", rng)
    game = Game(red_setup, blue_setup, volcanoes, variant)
    players = [make_player(names[0], seed), make_player(names[1], seed + 1)]
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
    return winner, game.outcome.reason, len(game.events), times[0], times[1]


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def run(a, b, games, jobs=1, seed=1, variant=STANDARD, progress=None):
    """Play the games; ``progress`` (a file) gets a line with the score so far after each game."""
    pairs = (games + 1) // 2
    tasks = [((a, b), red, seed * 100003 + i, variant) for i in range(pairs) for red in (True, False)]
    results = []
    with Pool(jobs) if jobs > 1 else nullcontext() as pool:
        for result in pool.imap(play_game, tasks) if pool else map(play_game, tasks):
            results.append(result)
            if progress is not None:
                wins, losses = sum(r[0] == 0 for r in results), sum(r[0] == 1 for r in results)
                draws = len(results) - wins - losses
                print(
                    f"{len(results)}/{len(tasks)} games: {a} {wins} wins, {draws} draws, {losses} losses, "
                    f"scores {(wins + draws / 2) / len(results):.1%}",
                    file=progress,
                    flush=True,
                )
    return results


def report(a, b, results):
    n = len(results)
    wins = sum(r[0] == 0 for r in results)
    losses = sum(r[0] == 1 for r in results)
    draws = n - wins - losses
    score = (wins + draws / 2) / n
    # Normal interval on the mean score per game (a win 1, a draw 1/2, a loss 0).
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / max(n - 1, 1)
    half = 1.96 * math.sqrt(var / n)
    lines = [
        f"{a} vs {b}: {n} games ({n // 2} pairs, colours swapped)",
        f"  {a}: {wins} wins, {draws} draws, {losses} losses; score {score:.1%} "
        f"(95% interval {max(0, score - half):.1%}-{min(1, score + half):.1%})",
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="1, 2, 3 or random")
    parser.add_argument("b", help="1, 2, 3 or random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--single-move", action="store_true", help="the one-move-per-turn variant")
    args = parser.parse_args(argv)
    variant = Variant(moves_per_turn=1) if args.single_move else STANDARD
    results = run(args.a, args.b, args.games, args.jobs, args.seed, variant, progress=sys.stderr)
    print(report(args.a, args.b, results))


if __name__ == "__main__":
    main()
