"""Two devices, one game, by links (SPEC §8): seats, the sealed protocol's audit, and views.

    inviter = Seat.new_game("sealed", "red")
    friend = Seat.join(inviter.link())          # on the other device
    inviter.receive(friend.link())
    link = inviter.play_turn(["e3-e4", "f3-f4"])
    friend.receive(link); friend.view(); ...
    friend.verdict                               # "verified fair" or the first false claim

Casual games use the same API over a full Game. Bad links raise a LinkError
subclass with a message for the player and leave the seat as it was.

- :mod:`.seats`: a device's seat (making, joining, receiving, playing, saving);
- :mod:`.audit`: the end-of-game check of a sealed game;
- :mod:`.views`: what a device or a spectator may show.
"""

from ..link import (
    BACKUP,
    CONFLICT,
    CROSSED,
    DUPLICATE,
    NO_SEAT,
    OLDER,
    OTHER_GAME,
    LinkError,
)
from .audit import audit
from .seats import FAIR, FALSE_CLAIM, PLAYING, UNVERIFIED, VERIFIED_FAIR, Seat, spectate
from .views import SealedView

__all__ = [
    "BACKUP",
    "CONFLICT",
    "CROSSED",
    "DUPLICATE",
    "FAIR",
    "FALSE_CLAIM",
    "NO_SEAT",
    "OLDER",
    "OTHER_GAME",
    "PLAYING",
    "UNVERIFIED",
    "VERIFIED_FAIR",
    "LinkError",
    "SealedView",
    "Seat",
    "audit",
    "spectate",
]
