"""The words of the game: structured events and outcomes turned into sentences.

The engine gives structured facts (``espionage.observer.SeenMove``); every
sentence a player reads about what happened is made here, in one place."""

from espionage.board import SIDES, square_name
from espionage.pieces import KINDS

REASONS = {
    "headquarters": "captured the enemy Headquarters",
    "no_mobile_pieces": "the other side has no movable piece left",
    "move_limit": "100 turns passed without a piece being removed",
    "no_legal_move": "the other side has no legal move",
    "resignation": "the other side resigned",
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


def describe(event, viewer):
    """One move as a sentence for ``viewer`` (0, 1, or None for a spectator or the replay)."""
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
        text += "; unmasked: " + ", ".join(square_name(sq) for sq in event.unmasked)
    return text


def outcome_text(outcome):
    if outcome.winner is None:
        return f"Draw: {REASONS[outcome.reason]}"
    return f"{outcome.winner.capitalize()} wins: {REASONS[outcome.reason]}"
