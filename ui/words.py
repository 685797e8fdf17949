"""The words of the game: structured events and outcomes turned into sentences.

The engine gives structured facts (``espionage.observer.SeenMove``); every
sentence a player reads about what happened is made here, in one place."""

from espionage.board import SIDES, square_name
from espionage.pieces import KINDS

REASONS = {
    "headquarters": "{winner} captured {loser}'s Headquarters",
    "no_mobile_pieces": "{loser} has no movable piece left",
    "move_limit": "100 turns passed without a piece being removed",
    "no_legal_move": "{loser} has no legal move",
    "resignation": "{loser} resigned",
    "agreement": "both players agreed",
}


def side_name(side):
    return SIDES[side].capitalize()


def kind_name(kind):
    return KINDS[kind].name if kind in KINDS else "piece"


def piece(kind, side, viewer, capital=False):
    """"your Captain", "Blue's Spy", "Blue's piece" (kind unknown to the viewer)."""
    if side == viewer:
        owner = "Your" if capital else "your"
        return f"{owner} {kind_name(kind) if kind else 'piece'}"
    return f"{side_name(side)}'s {kind_name(kind) if kind else 'piece'}"


def describe(event, viewer, letters=None):
    """One move as a sentence for ``viewer`` (0, 1, or None for a spectator or the replay).

    ``letters``: the board as the viewer saw it right after the move, to name the
    pieces the move unmasked (without it they are "the piece on f6")."""
    m, side = event.move, event.side
    mover = piece(event.kind, side, viewer, capital=True)
    to = square_name(m.to_square)
    if event.pending:
        return f"{mover} attacked {to}: result pending" if event.attack else f"{mover} moved {m}"
    if not event.attack:
        text = f"{mover} moved {m}"
    elif event.attacker_won:
        target = piece(event.defender, 1 - side, viewer)
        text = f"{mover} attacked {target} on {to}: {target} was removed"
    elif event.defender is None:
        text = f"{mover} attacked {to} and was removed"
    else:
        text = f"{mover} attacked {piece(event.defender, 1 - side, viewer)} on {to} and was removed"
    if event.unmasked:
        text += "; " + ", ".join(_unmasked(sq, letters, viewer) for sq in event.unmasked)
    return text


def boards_after(events, letters):
    """For each of ``events`` (the last ones of a game), the board right after it as far as
    ``letters`` (the board now) tells: squares a later event touched are left out."""
    out, touched = [], set()
    for e in reversed(events):
        out.append(tuple(None if sq in touched else x for sq, x in enumerate(letters)))
        touched |= {e.move.from_square, e.move.to_square}
    return out[::-1]


def _unmasked(sq, letters, viewer):
    """"your Captain on f6 is now known to Blue", from the letters the viewer sees (if any)."""
    where = square_name(sq)
    letter = letters[sq] if letters is not None else None
    if not letter or letter in "?V":
        return f"the piece on {where} was unmasked"
    owner = 0 if letter.isupper() else 1
    if owner == viewer:
        return f"your {kind_name(letter.upper())} on {where} is now known to {side_name(1 - owner)}"
    return f"{side_name(owner)}'s {kind_name(letter.upper())} on {where} is unmasked"


def outcome_text(outcome):
    """"Red wins: Blue resigned": the end, naming the sides."""
    if outcome.winner is None:
        return f"Draw: {REASONS[outcome.reason].format(winner='', loser='')}"
    winner = outcome.winner.capitalize()
    loser = side_name(1 - SIDES.index(outcome.winner))
    return f"{winner} wins: {REASONS[outcome.reason].format(winner=winner, loser=loser)}"


# Why a tap on the board did nothing, said where the player looks (see App.refusal).
REFUSALS = {
    "complete": "Your turn is complete: submit it, or undo a move.",
    "enemy": "That is {enemy}'s piece: tap one of yours, then where it goes.",
    "empty": "Tap one of your pieces first, then where it goes.",
    "volcano": "A volcano: nothing ever enters it.",
    "M": "Mines never move.",
    "H": "The Headquarters never moves.",
    "moved": "Each turn moves two different pieces: this one already moved.",
    "boxed": "Your {kind} has nowhere to go now.",
    "far": "A piece moves one square up, down, left or right.",
    "into-volcano": "Nothing may enter a volcano.",
    "attacked": "The second move may not enter {square}: the first move attacked it.",
    "no-return": "No return to {square} this turn: your {kind} came from there last turn.",
}


def refusal(reason, **facts):
    """The sentence for a refused tap; ``facts``: enemy (side), kind (letter), square (name)."""
    if "enemy" in facts:
        facts["enemy"] = side_name(facts["enemy"])
    if "kind" in facts:
        facts["kind"] = kind_name(facts["kind"].upper())
    return REFUSALS[reason].format(**facts)


def selection(kind, square, unmasked, enemy):
    """"Captain (3) on e4 — unmasked: Blue knows it": the selected piece, named."""
    info = KINDS[kind.upper()]
    name = f"{info.name} ({info.rank})" if info.rank else info.name
    known = f" — unmasked: {side_name(enemy)} knows it" if unmasked else ""
    return f"{name} on {square_name(square)}{known}"
