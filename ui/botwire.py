"""What the page sends the computer player's worker, and what comes back: plain data.

The worker runs in another Python (a PyScript worker), so the page sends it
the computer's view as JSON text, never a game: ``view_to_data`` reads only
a ``View`` (which holds no hidden enemy kind), and ``view_from_data`` builds
the same ``View`` again on the other side. ``think`` is the whole of the
worker's job, here so that CPython tests run exactly what the worker runs.
"""

import json
import time

from espionage.board import SIDES
from espionage.bot import Bot
from espionage.epn import parse_epn
from espionage.moves import Move
from espionage.observer import SeenMove
from espionage.pieces import UNKNOWN, VOLCANO
from espionage.rules import Outcome
from espionage.variant import Variant
from espionage.view import View


def _event_to_data(e):
    return [
        str(e.move), e.side, e.turn, e.piece, e.kind, e.attack, e.attacker_won, e.defender,
        [list(r) for r in e.removed], list(e.unmasked), e.ends_turn, e.pending, e.kind_seen,
    ]  # fmt: skip


def _event_from_data(d):
    move, side, turn, piece, kind, attack, won, defender, removed, unmasked, ends, pending, seen = d
    return SeenMove(
        Move.from_str(move), int(side), int(turn), int(piece), kind, bool(attack), won, defender,
        tuple((str(s), str(k), int(sq)) for s, k, sq in removed), tuple(int(sq) for sq in unmasked),
        bool(ends), bool(pending), seen,
    )  # fmt: skip


def view_to_data(view):
    """A player's view as JSON-ready data: its EPN, the events as that player saw them,
    the kinds removed, the kinds it learned and its legal moves. Nothing else."""
    return {
        "position": view.position(),
        "viewer": view.viewer,
        "moves_per_turn": view.variant.moves_per_turn,
        "removed": ["".join(view.removed[side]) for side in SIDES],
        "events": [_event_to_data(e) for e in view.events],
        "learned": [[sq, kind, view.marks[sq]] for sq, kind in sorted(view.learned.items())],
        "outcome": None if view.outcome is None else str(view.outcome),
        "legal": [str(m) for m in view.legal_moves()],
    }


def view_from_data(data):
    """The ``View`` that ``view_to_data`` was given (ValueError if the data is not one)."""
    try:
        pos = parse_epn(data["position"])
        viewer = int(data["viewer"])
        v = View.__new__(View)
        v.viewer = viewer
        v.volcanoes = frozenset(sq for sq, x in enumerate(pos.letters) if x == VOLCANO)
        v.variant = Variant(int(data["moves_per_turn"]), len(v.volcanoes))
        v.letters = pos.letters
        v.owners = tuple(
            None if x in (None, VOLCANO) else 1 - viewer if x == UNKNOWN else 0 if x.isupper() else 1
            for x in pos.letters
        )
        v.learned = {int(sq): str(kind) for sq, kind, _ in data["learned"]}
        v.marks = {sq: "unmasked" for sq in pos.unmasked if v.owners[sq] is not None}
        v.marks.update((int(sq), str(how)) for sq, _, how in data["learned"])
        v.side_to_move = pos.side
        v.first_move = pos.first_move
        v.no_return = pos.no_return
        v.unmasked = pos.unmasked
        v.quiet_count = pos.quiet
        v.turn_number = pos.turn
        v.outcome = None if data["outcome"] is None else Outcome.from_str(data["outcome"])
        v.removed = {side: tuple(str(data["removed"][i])) for i, side in enumerate(SIDES)}
        v.events = tuple(_event_from_data(e) for e in data["events"])
        v._legal = tuple(Move.from_str(m) for m in data["legal"])
        return v
    except (KeyError, TypeError, IndexError) as e:
        raise ValueError(f"not a view ({e!r})") from None


def request(job, level, seed, view):
    """The text the page posts to the worker: think about ``view`` for job ``job``."""
    return json.dumps({"job": job, "level": level, "seed": seed, "view": view_to_data(view)})


def think(text):
    """The worker's whole job: a request's text in, the answer's text out.

    The answer names its job, so the page can tell a stale answer (the game
    moved on: a turn taken back, a resignation) from the one it waits for."""
    started = time.perf_counter()
    job = None
    try:
        data = json.loads(text)
        job = data["job"]
        moves = Bot(int(data["level"]), int(data["seed"])).turn(view_from_data(data["view"]))
        answer = {"job": job, "moves": [str(m) for m in moves]}
    except Exception as e:  # the page says the computer could not play, and offers to ask again
        answer = {"job": job, "error": f"{type(e).__name__}: {e}"}
    answer["ms"] = round((time.perf_counter() - started) * 1000)
    return json.dumps(answer)
