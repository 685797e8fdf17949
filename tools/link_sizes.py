"""Measure link sizes over many full games between two simulated devices (SPEC §8).

    PYTHONPATH=. python3 tools/link_sizes.py [--games N] [--seed S]

Casual: characters per move of the final link, over random games played to
their end. Sealed: the final link (both secrets and setups revealed) of games
stopped by resignation once 150 turns are complete, and the largest link either
player sent in them (random games that end sooner are skipped and counted)."""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.linkplay import play


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()

    for mpt in (2, 1):
        chars = moves = 0
        worst = 0.0
        for g in range(args.games):
            a, _, _ = play("casual", args.seed * 100003 + g, moves_per_turn=mpt)
            n = len(a.t.game.moves)
            chars += len(a.link())
            moves += n
            worst = max(worst, len(a.link()) / n)
        print(
            f"casual, {mpt} move(s)/turn, {args.games} full games, {moves} moves: "
            f"{chars / moves:.2f} characters per move on average (worst game {worst:.2f})"
        )

    lengths, largest, shorter = [], [], 0
    g = 0
    while len(lengths) < args.games // 2:
        g += 1
        sent = []
        a, _, _ = play("sealed", args.seed * 7919 + g, stop=lambda seat, n: seat.t.board.turn > 150, links=sent)
        if a.t.board.turn > 150:
            lengths.append(len(a.link()))
            largest.append(max(len(link) for link in sent))
        else:
            shorter += 1
    print(
        f"sealed, 150-turn games ({len(lengths)} games; {shorter} random games ended sooner and were skipped): "
        f"final link {min(lengths)}-{max(lengths)} characters, mean {statistics.mean(lengths):.0f}; "
        f"largest link sent {max(largest)}"
    )
    chars = moves = 0
    for g in range(args.games // 2):
        a, _, _ = play("sealed", args.seed * 31 + g)
        chars += len(a.link())
        moves += sum(len(c[1]) for c in a.t.claims if c[0] == "turn")
    print(f"sealed, full random games: {chars / moves:.2f} characters per move on average")
    print(f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
