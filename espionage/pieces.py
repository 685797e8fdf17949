"""Piece kinds, the army and the combat table (SPEC §1, §3)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    letter: str
    name: str
    plural: str
    rank: int | None = None
    count: int = 0
    movable: bool = True

    @property
    def is_soldier(self):
        return self.rank is not None


KINDS = {
    k.letter: k
    for k in (
        Kind("C", "Corporal", "Corporals", rank=1, count=5),
        Kind("L", "Lieutenant", "Lieutenants", rank=2, count=4),
        Kind("K", "Captain", "Captains", rank=3, count=3),
        Kind("O", "Colonel", "Colonels", rank=4, count=2),
        Kind("G", "General", "Generals", rank=5, count=2),
        Kind("S", "Spy", "Spies", count=5),
        Kind("E", "Sapper", "Sappers", count=4),
        Kind("M", "Mine", "Mines", count=4, movable=False),
        Kind("H", "Headquarters", "Headquarters", count=1, movable=False),
    )
}
"""Every kind by its upper-case EPN letter, in the order of the army list."""

ARMY = {letter: kind.count for letter, kind in KINDS.items()}
ARMY_SIZE = sum(ARMY.values())
MOVABLE = frozenset(letter for letter, kind in KINDS.items() if kind.movable)
SPY, SAPPER, MINE, HEADQUARTERS, GENERAL = "S", "E", "M", "H", "G"
VOLCANO = "V"
UNKNOWN = "?"


def _attacker_wins(attacker, defender):
    a, d = KINDS[attacker], KINDS[defender]
    if defender == MINE:
        return attacker == SAPPER
    if d.is_soldier:
        if a.is_soldier:
            return a.rank >= d.rank
        if attacker == SAPPER:
            return defender == GENERAL
        return False
    return True


ATTACKER_WINS = {(a, d): _attacker_wins(a, d) for a in MOVABLE for d in KINDS}
"""Whether the attacker wins, for every (attacker, defender) pair of letters.

There are no ties: if the attacker does not win, it is removed and the
defender stays (a Mine stays too)."""


def letter_of(kind, side):
    """The EPN letter: upper case for Red (side 0), lower case for Blue (side 1)."""
    return kind if side == 0 else kind.lower()
