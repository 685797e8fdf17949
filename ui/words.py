"""The words of the game: structured events and outcomes turned into sentences.

The engine gives structured facts (``espionage.observer.SeenMove``); every
sentence a player reads about what happened is made here, in one place, in the
player's language (``ui.i18n``). Sentences are whole msgids with named
placeholders, so a translation may put the words in any order."""

from espionage.board import square_name
from espionage.pieces import KINDS
from espionage.rules import Termination

from .i18n import N_, _

# Translators: the two sides; {side} in other sentences is one of these two words.
SIDE_NAMES = (N_("Red"), N_("Blue"))
PIECE_NAMES = {
    # Translators: the pieces' names, as players of the game in your language call them (see the glossary).
    "C": N_("Corporal"),
    "L": N_("Lieutenant"),
    "K": N_("Captain"),
    "O": N_("Colonel"),
    "G": N_("General"),
    "S": N_("Spy"),
    "E": N_("Sapper"),
    "M": N_("Mine"),
    "H": N_("Headquarters"),
}
# "your Captain": one whole phrase per kind, so a language can agree the possessive with the noun.
YOUR_PIECES = {
    "C": N_("your Corporal"),
    "L": N_("your Lieutenant"),
    "K": N_("your Captain"),
    "O": N_("your Colonel"),
    "G": N_("your General"),
    "S": N_("your Spy"),
    "E": N_("your Sapper"),
    "M": N_("your Mine"),
    "H": N_("your Headquarters"),
    None: N_("your piece"),
}
# "Blue's Captain": the piece name goes into the side's phrase.
# Translators: {piece} is a piece's name ("Captain") or "piece" when its kind is unknown.
SIDES_PIECE = (N_("Red's {piece}"), N_("Blue's {piece}"))

# The end of a game, by (winner, reason): each a whole sentence.
ENDINGS = {
    ("red", Termination.HEADQUARTERS): N_("Red wins: Red captured Blue's Headquarters"),
    ("blue", Termination.HEADQUARTERS): N_("Blue wins: Blue captured Red's Headquarters"),
    ("red", Termination.NO_MOBILE_PIECES): N_("Red wins: Blue has no movable piece left"),
    ("blue", Termination.NO_MOBILE_PIECES): N_("Blue wins: Red has no movable piece left"),
    ("red", Termination.NO_LEGAL_MOVE): N_("Red wins: Blue has no legal move"),
    ("blue", Termination.NO_LEGAL_MOVE): N_("Blue wins: Red has no legal move"),
    ("red", Termination.RESIGNATION): N_("Red wins: Blue resigned"),
    ("blue", Termination.RESIGNATION): N_("Blue wins: Red resigned"),
    (None, Termination.MOVE_LIMIT): N_("Draw: 100 turns passed without a piece being removed"),
    (None, Termination.AGREEMENT): N_("Draw: both players agreed"),
}
# An ending the rules never give (a forged link may claim one): just who won.
RESULTS = {"red": N_("Red wins"), "blue": N_("Blue wins"), None: N_("Draw")}


def side_name(side):
    """"Red" or "Blue" (``side`` 0 or 1) in the player's language."""
    return _(SIDE_NAMES[side])


def kind_name(kind):
    """The name of a kind (upper-case letter) in the player's language; "piece" if unknown."""
    return _(PIECE_NAMES[kind]) if kind in PIECE_NAMES else _("piece")


def kind_with_rank(kind):
    """"Captain (3)", "Spy": a kind named with its rank, if it has one."""
    info = KINDS[kind]
    if info.rank:
        return _("{piece} ({rank})").format(piece=kind_name(kind), rank=info.rank)
    return kind_name(kind)


def capital(text):
    """The sentence ``text`` starting with a capital letter."""
    return text[:1].upper() + text[1:]


def piece(kind, side, viewer, first=False):
    """"your Captain", "Blue's Spy", "Blue's piece" (kind unknown to the viewer); ``first``: the
    sentence's first words ("Your Captain")."""
    if side == viewer:
        text = _(YOUR_PIECES[kind if kind in YOUR_PIECES else None])
    else:
        text = _(SIDES_PIECE[side]).format(piece=kind_name(kind) if kind else _("piece"))
    return capital(text) if first else text


def describe(event, viewer, letters=None, first=True):
    """One move as a sentence for ``viewer`` (0, 1, or None for a spectator or the replay).

    ``letters``: the board as the viewer saw it right after the move, to name the
    pieces the move unmasked (without it they are "the piece on f6"). ``first`` False: the
    sentence goes on one already begun ("Your turn was played: your Captain moved e3-e4")."""
    m, side = event.move, event.side
    mover = piece(event.kind, side, viewer, first=first)
    to = square_name(m.to_square)
    if event.pending:
        if event.attack:
            return _("{mover} attacked {square}: result pending").format(mover=mover, square=to)
        return _("{mover} moved {move}").format(mover=mover, move=m)
    if not event.attack:
        text = _("{mover} moved {move}").format(mover=mover, move=m)
    elif event.attacker_won:
        target = piece(event.defender, 1 - side, viewer)
        text = _("{mover} attacked {target} on {square}: {target} was removed").format(
            mover=mover, target=target, square=to
        )
    elif event.defender is None:
        text = _("{mover} attacked {square} and was removed").format(mover=mover, square=to)
    else:
        target = piece(event.defender, 1 - side, viewer)
        text = _("{mover} attacked {target} on {square} and was removed").format(
            mover=mover, target=target, square=to
        )
    if event.unmasked:
        # Translators: a move, then the pieces it unmasked ({unmasked}: a list joined with ", ").
        text = _("{move}; {unmasked}").format(
            move=text, unmasked=_(", ").join(_unmasked(sq, letters, viewer) for sq in event.unmasked)
        )
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
        return _("the piece on {square} was unmasked").format(square=where)
    owner = 0 if letter.isupper() else 1
    if owner == viewer:
        return _("{piece} on {square} is now known to {enemy}").format(
            piece=piece(letter.upper(), owner, viewer), square=where, enemy=side_name(1 - owner)
        )
    return _("{piece} on {square} is unmasked").format(piece=piece(letter.upper(), owner, viewer), square=where)


def outcome_text(outcome):
    """"Red wins: Blue resigned": the end, naming the sides."""
    ending = ENDINGS.get((outcome.winner, outcome.reason))
    return _(ending) if ending else _(RESULTS[outcome.winner])


# Why a tap on the board did nothing, said where the player looks (see App.refusal).
REFUSALS = {
    "complete": N_("Your turn is complete: submit it, or undo a move."),
    "enemy": N_("That is {enemy}'s piece: tap one of yours, then where it goes."),
    "empty": N_("Tap one of your pieces first, then where it goes."),
    "volcano": N_("A volcano: nothing ever enters it."),
    "M": N_("Mines never move."),
    "H": N_("The Headquarters never moves."),
    "moved": N_("Each turn moves two different pieces: this one already moved."),
    "boxed": N_("{piece} has nowhere to go now."),
    "far": N_("A piece moves one square up, down, left or right."),
    "into-volcano": N_("Nothing may enter a volcano."),
    "attacked": N_("The second move may not enter {square}: the first move attacked it."),
    "no-return": N_("No return to {square} this turn: {piece} came from there last turn."),
}


def refusal(reason, **facts):
    """The sentence for a refused tap; ``facts``: enemy (side), kind (letter), square (name)."""
    if "enemy" in facts:
        facts["enemy"] = side_name(facts["enemy"])
    if "kind" in facts:
        kind = facts.pop("kind").upper()
        facts["piece"] = _(YOUR_PIECES[kind])
    text = _(REFUSALS[reason]).format(**facts)
    return capital(text)


def selection(kind, square, unmasked, enemy):
    """"Captain (3) on e4 — unmasked: Blue knows it": the selected piece, named."""
    name, where = kind_with_rank(kind.upper()), square_name(square)
    if unmasked:
        return _("{piece} on {square} — unmasked: {enemy} knows it").format(
            piece=name, square=where, enemy=side_name(enemy)
        )
    return _("{piece} on {square}").format(piece=name, square=where)
