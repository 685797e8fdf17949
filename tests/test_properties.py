"""Properties of random games (hypothesis): notation, legality, bookkeeping, and views that never leak."""

import pickle
import random

from helpers import compress, expand, fields, name, sq
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from espionage import SINGLE_MOVE, STANDARD, Game, MoveEvent, random_volcanoes
from espionage.board import AROUND, ORTHOGONAL
from espionage.pieces import ARMY, KINDS

SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
MOVABLE = set("CLKOGSE")


# -- independent oracles, from the EPN text alone --------------------------------------


def mine(letter, side):
    return (
        bool(letter)
        and letter not in "V?"
        and (letter.isupper() if side == "r" else letter.islower())
    )


def oracle_moves(position):
    """The legal moves, computed from SPEC §2 and the EPN only."""
    f = fields(position)
    cells, side = expand(f[0]), f[1]
    first_to = f[2].split("-")[1] if f[2] != "-" else None
    nr = f[3] if side == "r" else f[4]
    back = (
        set()
        if nr == "-"
        else {"-".join(reversed(m.split("-"))) for m in nr.split(",")}
    )
    out = []
    for s in range(100):
        c = cells[s]
        if not mine(c, side) or c.upper() not in MOVABLE or name(s) == first_to:
            continue
        for n in ORTHOGONAL[s]:
            t = cells[n]
            move = f"{name(s)}-{name(n)}"
            if t == "V" or mine(t, side) or name(n) == first_to or move in back:
                continue
            out.append(move)
    return sorted(out)


def masked(position, game, viewer):
    """The true EPN with '?' for each enemy piece the viewer cannot identify."""
    f = fields(position)
    cells = expand(f[0])
    for s, c in enumerate(cells):
        if (
            c
            and c != "V"
            and not mine(c, "r" if viewer == "red" else "b")
            and not game.is_unmasked(s)
        ):
            cells[s] = "?"
    return " ".join([compress(cells)] + f[1:])


def unmasked_squares(position):
    f = fields(position)[5]
    return set() if f == "-" else set(f.split(","))


def piece_counts(position):
    out = {}
    for c in expand(fields(position)[0]):
        if c and c != "V":
            out[c] = out.get(c, 0) + 1
    return out


# -- random starts ---------------------------------------------------------------------


def sparse_start(rng):
    """A small random position: few pieces anywhere, so games end quickly and in every way."""
    volcanoes = random_volcanoes(rng.choice([0, 2, 6, 10]), rng)
    cells = ["V" if s in volcanoes else "" for s in range(100)]
    free = [s for s in range(100) if s not in volcanoes]
    rng.shuffle(free)
    for side in (0, 1):
        pool = [k for k, n in ARMY.items() if k != "H" for _ in range(n)]
        rng.shuffle(pool)
        mover = next(k for k in pool if k in MOVABLE)
        pool.remove(mover)
        kinds = ["H", mover, *pool[: rng.randint(0, 8)]]  # never more of a kind than the army has
        for k in kinds:
            cells[free.pop()] = k if side == 0 else k.lower()
    # a consistent unmasked list: every piece next to an enemy Spy
    unmasked = set()
    for s, c in enumerate(cells):
        if c.upper() == "S":
            for n in AROUND[s]:
                if cells[n] and cells[n] != "V" and cells[n].isupper() != c.isupper():
                    unmasked.add(n)
    um = ",".join(name(s) for s in sorted(unmasked)) or "-"
    quiet = rng.choice([0, 0, 60, 97, 99])
    return (
        f"{compress(cells)} {rng.choice('rb')} - - - {um} {quiet} {rng.randint(1, 30)}"
    )


def start_game(rng):
    mpt = rng.choice([1, 2, 2])
    if rng.random() < 0.5:
        return Game.random(SINGLE_MOVE if mpt == 1 else STANDARD, rng=rng)
    while True:
        game = Game.from_position(sparse_start(rng), moves_per_turn=mpt)
        if game.outcome is None:
            return game


# -- view leak checks -------------------------------------------------------------------


def walk(obj, path="view", seen=None):
    """Every (path, leaf) reachable from obj through containers, __dict__ and __slots__."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    assert not isinstance(obj, (Game, MoveEvent)), (
        f"{path} reaches {type(obj).__name__}"
    )
    if obj is None or isinstance(obj, (str, int, float, bool)):
        yield path, obj
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk(k, f"{path}.key", seen)
            yield from walk(v, f"{path}[{k!r}]", seen)
        return
    if isinstance(obj, (tuple, list, set, frozenset)):
        for i, v in enumerate(
            sorted(obj, key=repr) if isinstance(obj, (set, frozenset)) else obj
        ):
            yield from walk(v, f"{path}[{i}]", seen)
        return
    attrs = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if hasattr(obj, slot):
                attrs[slot] = getattr(obj, slot)
    for k, v in attrs.items():
        yield from walk(v, f"{path}.{k}", seen)


KIND_NAMES = {k.name for k in KINDS.values()}


def check_view(game, viewer, unmasked_after):
    """No hidden kind anywhere in the view; events name only what the viewer may know."""
    v = game.view(viewer)
    me = 0 if viewer == "red" else 1
    allowed_letter_paths = ("view.letters[", "view.removed[", "view.events[", "view.learned[")
    assert set(v.marks.values()) <= {"unmasked", "unmasking"}
    for path, leaf in walk(v):
        if isinstance(leaf, str) and len(leaf) == 1 and leaf.upper() in KINDS:
            assert path.startswith(allowed_letter_paths), (
                f"kind letter {leaf!r} at {path}"
            )
    # a piece that unmasked the pieces around it is a Spy, for good: the viewer saw them unmasked
    spies = {e.piece for e in game.events if e.side != me and set(e.unmasked) - {e.move.to_square}}
    for s in range(100):
        letter = v.letters[s]
        true = game.kind_at(s)
        if true is None:
            continue
        owner = 0 if game.side_at(s) == "red" else 1
        known = owner == me or game.is_unmasked(s)
        assert (letter != "?") == known, (name(s), letter)
        learned = owner != me and not known and game.piece_at(s) in spies
        assert (s in v.learned) == learned, name(s)
        if learned:
            assert v.learned[s] == true == "S" and v.marks[s] == "unmasking"
    for e, ev, after in zip(game.events, v.events, unmasked_after):
        attack = e.defender is not None
        lost = e.attacker_won is False
        spy = bool(set(e.unmasked) - {e.move.to_square})
        a_known = e.side == me or (attack and lost) or (not lost and after) or spy
        d_known = attack and (e.side != me or e.attacker_won or (lost and after))
        assert ev.kind == (e.kind if a_known else None), (e, ev)
        assert ev.defender == (e.defender if d_known else None), (e, ev)


# -- the properties ----------------------------------------------------------------------


def check_position(game):
    pos = game.position()
    again = Game.from_position(pos, moves_per_turn=game.variant.moves_per_turn)
    assert again.position() == pos
    if game.outcome is None:
        assert again.outcome is None
        legal = [str(m) for m in game.legal_moves()]
        assert [str(m) for m in again.legal_moves()] == legal
        assert sorted(legal) == oracle_moves(pos)
        assert legal, "a game that goes on has a legal move"
    else:
        assert game.legal_moves() == []
        if game.outcome.reason in ("headquarters", "move_limit", "no_legal_move"):
            assert again.outcome == game.outcome
    for viewer in ("red", "blue"):
        view = game.view(viewer)
        assert view.position() == masked(pos, game, viewer)
        if game.outcome is None and viewer == game.turn:
            assert view.legal_moves() == game.legal_moves()
        else:
            assert view.legal_moves() == []


def check_step(before, after, move, game, spy_invariant):
    fb, fa = fields(before), fields(after)
    cb, ca = piece_counts(before), piece_counts(after)
    assert all(ca.get(k, 0) <= n for k, n in cb.items()) and set(ca) <= set(cb)
    removal = sum(ca.values()) < sum(cb.values())
    assert sum(cb.values()) - sum(ca.values()) in (0, 1)
    ended = fb[1] != fa[1]
    assert int(fa[6]) == (0 if removal else int(fb[6])) + (1 if ended else 0)
    assert int(fa[7]) == int(fb[7]) + (1 if ended and fb[1] == "b" else 0)
    if ended:
        assert fa[2] == "-"
    # unmasking is permanent and travels with the piece
    ub, ua = unmasked_squares(before), unmasked_squares(after)
    fr, to = move.split("-")
    cells = expand(fa[0])
    assert all(cells[sq(s)] not in ("", "V") for s in ua)
    for s in ub - {fr, to}:
        assert s in ua
    arrived = mine(cells[sq(to)], fb[1])
    if fr in ub and arrived:
        assert to in ua
    if spy_invariant:
        for s, c in enumerate(cells):
            if c and c.upper() == "S":
                for n in AROUND[s]:
                    if (
                        cells[n]
                        and cells[n] != "V"
                        and cells[n].isupper() != c.isupper()
                    ):
                        assert name(n) in ua, (after, name(n))
    return True


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_random_games(seed):
    rng = random.Random(seed)
    game = start_game(rng)
    check_position(game)
    history = [game.position()]
    unmasked_after = []  # truth, per event: is the piece on the move's square unmasked right after it
    for _ in range(rng.choice([40, 120])):
        if game.events and (game.outcome is not None or rng.random() < 0.08):
            if game.outcome is not None and rng.random() < 0.5:
                break
            game.undo()
            history.pop()
            unmasked_after.pop()
            assert game.position() == history[-1]
        else:
            move = rng.choice(game.legal_moves())
            game.play(move)
            unmasked_after.append(game.is_unmasked(move.to_square))
            check_step(history[-1], game.position(), str(move), game, True)
            history.append(game.position())
        check_position(game)
    for viewer in ("red", "blue"):
        check_view(game, viewer, unmasked_after)


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_views_do_not_depend_on_hidden_kinds(seed):
    """Two games that differ only in kinds the viewer cannot know give byte-identical views."""
    rng = random.Random(seed)
    game = start_game(rng)
    for _ in range(rng.randint(0, 150)):
        if game.outcome is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    viewer = rng.choice(["red", "blue"])
    pos = game.position()
    f = fields(pos)
    cells = expand(f[0])
    enemy_upper = viewer == "blue"
    # the piece on the first move's square keeps its kind: the position says it moved or won there
    fought = sq(f[2].split("-")[1]) if f[2] != "-" else None
    hidden = [
        s
        for s, c in enumerate(cells)
        if c and c not in "V" and c.isupper() == enemy_upper and not game.is_unmasked(s) and s != fought
    ]
    other = list(cells)
    for group in (MOVABLE, set("MH")):
        squares = [s for s in hidden if cells[s].upper() in group]
        letters = [cells[s] for s in squares]
        rng.shuffle(letters)
        for s, c in zip(squares, letters):
            other[s] = c
    twin = " ".join([compress(other)] + f[1:])
    a = Game.from_position(pos, moves_per_turn=game.variant.moves_per_turn)
    b = Game.from_position(twin, moves_per_turn=game.variant.moves_per_turn)
    assert a.view(viewer).position() == b.view(viewer).position()
    assert pickle.dumps(a.view(viewer)) == pickle.dumps(b.view(viewer))
    # and the view of the game with history hides exactly what its fresh twin hides
    assert game.view(viewer).position() == a.view(viewer).position()


def test_undo_walks_back_a_long_game():
    rng = random.Random(7)
    game = Game.random(rng=rng)
    seen = [game.position()]
    while game.outcome is None and len(seen) < 400:
        game.play(rng.choice(game.legal_moves()))
        seen.append(game.position())
    while len(seen) > 1:
        seen.pop()
        game.undo()
        assert game.position() == seen[-1]
