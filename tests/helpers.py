"""Small test helpers, written independently of the engine's EPN code."""

FILES = "abcdefghij"


def sq(name):
    """Square index of ``name`` (a1 = 0 ... j10 = 99), computed here, not by the engine."""
    return (int(name[1:]) - 1) * 10 + FILES.index(name[0])


def name(square):
    return FILES[square % 10] + str(square // 10 + 1)


def expand(board):
    """EPN field 1 -> list of 100 one-char strings ('' for empty), indexed by square."""
    cells = [""] * 100
    ranks = board.split("/")
    assert len(ranks) == 10
    for i, row in enumerate(ranks):
        rank = 9 - i
        f = 0
        digits = ""
        for ch in row + " ":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                f += int(digits)
                digits = ""
            if ch != " ":
                cells[rank * 10 + f] = ch
                f += 1
        assert f == 10, row
    return cells


def compress(cells):
    rows = []
    for rank in range(9, -1, -1):
        out, run = "", 0
        for f in range(10):
            c = cells[rank * 10 + f]
            if not c:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += c
        if run:
            out += str(run)
        rows.append(out)
    return "/".join(rows)


def epn(
    pieces,
    side="r",
    first="-",
    red_nr="-",
    blue_nr="-",
    unmasked="-",
    quiet=0,
    turn=1,
    hq=True,
):
    """An EPN line from ``{"e5": "G", "e6": "c", ...}``.

    With ``hq`` (default) Red's Headquarters goes on a1 and Blue's on a10 unless
    the pieces already hold a Headquarters of that side."""
    pieces = dict(pieces)
    letters = set(pieces.values())
    if hq and "H" not in letters:
        pieces.setdefault("a1", "H")
    if hq and "h" not in letters:
        pieces.setdefault("a10", "h")
    cells = [""] * 100
    for square, letter in pieces.items():
        cells[sq(square)] = letter
    return " ".join(
        [compress(cells), side, first, red_nr, blue_nr, unmasked, str(quiet), str(turn)]
    )


def fields(position):
    parts = position.split(" ")
    assert len(parts) == 8, position
    return parts


def board_at(position, square):
    """The letter on ``square`` (a name) in an EPN line, or ''."""
    return expand(fields(position)[0])[sq(square)]


def changed_fields(before, after):
    """1-based numbers of the EPN fields that differ."""
    return {
        i + 1 for i, (a, b) in enumerate(zip(fields(before), fields(after))) if a != b
    }


def counts(position):
    """{letter: count} of the pieces on the board of an EPN line."""
    out = {}
    for c in expand(fields(position)[0]):
        if c and c not in "V?":
            out[c] = out.get(c, 0) + 1
    return out


def english_words(language, root=None):
    """The words of the English interface (the msgids of locale/messages.pot, three letters or
    more, lower case) that no translation into ``language`` uses: any of them on a page in
    that language is English left untranslated."""
    import re
    from pathlib import Path

    from babel.messages.pofile import read_po

    locale = Path(root or Path(__file__).resolve().parent.parent) / "locale"

    def words(texts):
        found = set()
        for text in texts:
            found |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w*\}", " ", text))}
        return found

    with (locale / "messages.pot").open("rb") as f:
        english = [i for m in read_po(f) if m.id for i in (m.id if isinstance(m.id, tuple) else (m.id,))]
    with (locale / language / "LC_MESSAGES" / "messages.po").open("rb") as f:
        translated = [s for m in read_po(f) if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    return words(english) - words(translated)


def public_view(view):
    """Everything a view shows, to compare two views."""
    events = tuple(
        (e.move, e.side, e.kind, e.attack, e.attacker_won, e.defender, e.removed, e.unmasked) for e in view.events
    )
    return view.position(), events, tuple(sorted(view.removed.items()))


def turns_whatever_hidden(red_player, seed, turns=8):
    """How many turns Red's player gave the same turn in two games that differ only in two hidden
    Blue kinds (a General and a Corporal swapped), while Red's views of them were the same."""
    import random

    from espionage import Game, Setup
    from espionage.armies import sensible_setup
    from espionage.bot.reference import RandomPlayer
    from espionage.setup import random_volcanoes

    rng = random.Random(seed)
    red, blue = sensible_setup("red", rng), sensible_setup("blue", rng)
    kinds = dict(blue.items())
    general = min(s for s, k in kinds.items() if k == "G")
    corporal = max(s for s, k in kinds.items() if k == "C")
    kinds[general], kinds[corporal] = "C", "G"
    volcanoes = random_volcanoes(6, rng)
    games = [Game(red, blue, volcanoes), Game(red, Setup("blue", kinds), volcanoes)]
    assert games[0].position() != games[1].position()
    blue_player = RandomPlayer(4)
    compared = 0
    while all(g.outcome is None for g in games) and compared < turns:
        views = [g.view("red") for g in games]
        if public_view(views[0]) != public_view(views[1]):
            break
        if games[0].turn == "red":
            moves = [red_player.turn(v) for v in views]
            assert moves[0] == moves[1]
            compared += 1
        else:
            moves = [blue_player.turn(games[0].view("blue"))] * 2
        for game, turn in zip(games, moves, strict=True):
            game.play_turn(*turn)
    return compared


def variants():
    """The variants every player's turns are tried in, by name."""
    from espionage import SINGLE_MOVE, STANDARD, Variant

    return {
        "standard": STANDARD,
        "single": SINGLE_MOVE,
        "no-volcanoes": Variant(volcanoes=0),
        "single-no-volcanoes": Variant(moves_per_turn=1, volcanoes=0),
    }


class ViewsOnly:
    """Wraps a player and checks that every argument of a turn is a View, never a Game."""

    def __init__(self, player):
        self.player = player

    def turn(self, view):
        from espionage.view import View

        assert type(view) is View
        return self.player.turn(view)
