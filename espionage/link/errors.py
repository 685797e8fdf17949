"""Why a link cannot be used: one LinkError subclass per reason, each with a message for the player.

The app decides what to do from the class (``except DuplicateLink``), never
from the message text."""


class LinkError(ValueError):
    """A link that cannot be used; the message tells the player why."""


class NotALink(LinkError):
    """Text that is not an Espionage link at all (empty, foreign characters, far too short)."""


class DamagedLink(LinkError):
    """A link changed on the way: its check code or its encoding does not hold."""


class IncompleteLink(LinkError):
    """A link cut short: fewer characters arrived than it says it has."""


class OversizedLink(LinkError):
    """A link longer than any real game can be: refused before any decoding work."""


class UnknownFormat(LinkError):
    """A link of a format this app does not read (an older or newer app's)."""


class BrokenRules(LinkError):
    """A link whose content breaks the game's rules: made wrongly or tampered with."""


class FalseClaim(BrokenRules):
    """A claim its sender could not honestly have made, shown false by what both devices know;
    ``liar`` names the side ("Red" or "Blue") in whose name it was made. ``game_id``: the game of
    the link it was read from, when known, so that the game's saved seat can judge it (a false
    claim in the seat's own name is a forgery)."""

    def __init__(self, message, liar, game_id=None):
        super().__init__(message)
        self.liar = liar
        self.game_id = game_id


class DuplicateLink(LinkError):
    """The very link this device already has."""


class OlderLink(LinkError):
    """A link this device's saved game already goes beyond."""


class OtherGame(LinkError):
    """A link of another game than the one it was given to."""


class ConflictingLink(LinkError):
    """A link whose history differs from this device's saved game."""


class BackupLink(LinkError):
    """A private backup link where a game link was expected."""


class NotABackup(LinkError):
    """A game link where a backup link was expected."""


class NoSeat(LinkError):
    """A game that already has both its players: this device can only watch it."""


class NotJoined(LinkError):
    """An invitation nobody has joined yet: there is nothing to watch."""


class CrossedLink(LinkError):
    """An opponent's turn that crossed this device's resignation."""


class ForgedLink(LinkError):
    """A link that speaks in this device's name: messages it never wrote, or a reveal of its army that is false."""


DAMAGED = "this link was changed or damaged on the way (its check code does not match): ask for the link again"
TRUNCATED = (
    "this link is incomplete: {have} of {want} characters arrived; copy the whole link, up to its last character"
)
DUPLICATE = "you already have this link: nothing changed"
OLDER = "this link is older than your saved game ({old} messages; you have {new}): nothing changed"
OTHER_GAME = "this link is from another game: it does not belong to the game you have open"
CONFLICT = "this link does not continue your saved game (the two differ from message {k} on): your game is unchanged"
BACKUP = "this is a private backup link: restore it on your own device with 'Restore a backup'; never send it to anyone"
NO_SEAT = "this game already has both its players, so this device has no seat in it: you can only watch it"
CROSSED = "this link crossed with your resignation: the game is over; send your newest link to your opponent"
FORGED = (
    "this link holds {what} in your name ({side}) that this device never wrote: it was forged, "
    "so it was refused and your game is unchanged (if you moved this game to another device "
    "with a backup link, play it there)"
)
FORGED_REVEAL = (
    "this link reveals your army ({side}) differently from the one on this device: it was forged, "
    "so it was refused and your game is unchanged"
)


class MissingHistory(ConflictingLink):
    """A sealed link that leaves out fight values this device should have but has not."""


class ChangedHistory(ConflictingLink):
    """A sealed link whose left-out fight values differ from the ones this device kept."""


MISSING_HISTORY = (
    "this link leaves out earlier fights that this device does not have (it was made for a device "
    "that saw more of this game): your game is unchanged"
)
CHANGED_HISTORY = "this link's earlier fights differ from the ones this device kept: your game is unchanged"
