"""Time how long hostile and real links take to read (SPEC §8, issue 7).

    PYTHONPATH=. python3 tools/bench_link_decode.py

A hostile link is a real game's link followed by random bytes, framed with a
correct check code, so only decoding can refuse it. Reports the best of 3 runs:
a 1 MB link (refused by its length before any decoding), one just under the
size cap (decoded until it breaks), and a real 150-turn sealed game's final
link (decoded whole)."""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from espionage.link import LinkError, decode, frame, unframe
from espionage.link.framing import MAX_BODY_BYTES, MAX_LINK_CHARS
from tests.linkplay import play


def best(fn, runs=3):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def refused(link):
    try:
        decode(link)
    except LinkError:
        return
    raise AssertionError("a hostile link was accepted")


def main():
    for seed in range(7, 100):
        seat, _, _ = play("sealed", seed, stop=lambda s, n: s.t.board.turn > 150)
        if seat.t.board.turn > 150:
            break
    real = seat.link()
    body = unframe(real)
    rng = random.Random(1)
    huge = frame(body + rng.randbytes((1 << 20) - len(body)))
    capped = frame(body + rng.randbytes(MAX_BODY_BYTES - len(body) - 64))
    print(f"size cap: {MAX_LINK_CHARS} characters")
    print(f"hostile 1 MB link ({len(huge)} characters): refused in {best(lambda: refused(huge)) * 1000:.2f} ms")
    print(
        f"hostile link under the cap ({len(capped)} characters): refused in {best(lambda: refused(capped)) * 1000:.1f} ms"
    )
    print(f"real 150-turn sealed link ({len(real)} characters): decoded in {best(lambda: decode(real)) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
