"""Benchmark: uniform-random games through the public API, in moves per second.

Run ``python -m espionage.bench`` (``--games N``, ``--seed S``, ``--repeat R``).
Each repeat plays the same games (same seed); like ``timeit``, the best repeat
is the figure, the others show how noisy the machine is."""

import argparse
import random
import time

from . import Game


def play_random_game(rng):
    """Play one game to its end by picking uniformly among the legal moves; return its move count."""
    game = Game.random(rng=rng)
    moves = 0
    while game.outcome is None:
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
        moves += 1
    return moves


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    rates = []
    for _ in range(args.repeat):
        rng = random.Random(args.seed)
        start = time.perf_counter()
        total = sum(play_random_game(rng) for _ in range(args.games))
        elapsed = time.perf_counter() - start
        rates.append(total / elapsed)
        print(f"{args.games} random games, {total} moves in {elapsed:.2f} s: {rates[-1]:,.0f} moves/s")
    print(f"best of {args.repeat}: {max(rates):,.0f} moves/s")


if __name__ == "__main__":
    main()
