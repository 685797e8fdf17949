"""The engine's errors in the player's words.

The engine says why something failed with a class (each ``LinkError``
subclass) or a code (``IllegalMove.code`` with its ``squares``); its English
messages are for Python users. The page words the class or the code here, in
the player's language, when it draws the screen (so a language switch words
it again). The app's own refusals are :class:`Failure` values."""

from espionage import IllegalMove, SetupError
from espionage.board import SIDES, square_name
from espionage.link import errors as link
from espionage.link.fights import FalseFight
from espionage.sealed.audit import Finding

from .i18n import N_, _
from .words import kind_name, outcome_text, side_name


class Failure(ValueError):
    """Something the app refused, by ``code`` (a key of FAILURES) and the facts the sentence names."""

    def __init__(self, code, **facts):
        super().__init__(code)
        self.code = code
        self.facts = facts


FAILURES = {
    "backup-other-side": N_(
        "This device already holds {side}'s seat in this game; the backup is {other}'s, so it was not restored."
    ),
    "backup-not-newer": N_(
        "The game saved on this device is as new as this backup or newer, so the backup was not restored."
    ),
    "backup-other-history": N_(
        "This backup does not continue the game saved on this device (its history or armies differ), so it was "
        "not restored. To restore it anyway, delete the saved game on the home screen first."
    ),
    "link-unusable": N_("This link could not be used."),
    "saved-unreadable": N_(
        "A game of this link is saved on this device, but this version cannot read it: it is kept untouched, "
        "so the link was not used. To use the link anyway, delete that saved game on the home screen first."
    ),
    "no-seat": N_("This game already has both its players, so this device has no seat in it: you can only watch it."),
    "false-fight": N_("This link was refused: it holds a false claim in {side}'s name about a fight."),
    "false-claim": N_("This link was refused: it holds a claim in {side}'s name that the board shows false."),
}

# By class, most precise first (a subclass before its base).
LINK_ERRORS = (
    (link.NotALink, N_("This is not an Espionage game link: copy the whole link, including everything after '#'.")),
    (link.DamagedLink, N_("This link was changed or damaged on the way: ask for the link again.")),
    (link.IncompleteLink, N_("This link is incomplete: copy the whole link, up to its last character.")),
    (link.OversizedLink, N_("This link is longer than any game can make: it is not a real game link.")),
    (link.UnknownFormat, N_("This link comes from another version of the game, which this version cannot read.")),
    (link.BrokenRules, N_("This link breaks the game's rules: it was made wrongly or changed on the way.")),
    (link.DuplicateLink, N_("You already have this link: nothing changed.")),
    (link.OlderLink, N_("This link is older than your saved game: nothing changed.")),
    (link.OtherGame, N_("This link is from another game: it does not belong to the game you have open.")),
    (link.ConflictingLink, N_("This link does not continue your saved game: your game is unchanged.")),
    (
        link.BackupLink,
        N_("This is a private backup link: open it on your own device to restore the game; never send it to anyone."),
    ),
    (link.NotABackup, N_("This is a game link, not a backup link: open it as a game.")),
    (link.NoSeat, FAILURES["no-seat"]),
    (link.NotJoined, N_("This game is still waiting for its second player: open the link to join it.")),
    (
        link.CrossedLink,
        N_("This link crossed with your resignation: the game is over; send your newest link to your opponent."),
    ),
    (
        link.ForgedLink,
        N_(
            "This link speaks in your name, but this device never wrote it: it was forged, so it was refused "
            "and your game is unchanged (if you moved this game to another device with a backup link, play it there)."
        ),
    ),
    (link.LinkError, FAILURES["link-unusable"]),
)

ILLEGAL = {
    "illegal": N_("That move is not legal now."),
    "not-a-move": N_("That is not a move."),
    "game-over": N_("The game is over."),
    "not-your-turn": N_("It is not your turn."),
    "far": N_("A piece moves one square up, down, left or right."),
    "no-piece": N_("There is no piece to move on {square}."),
    "not-yours": N_("The piece on {square} is not yours."),
    "mine": N_("Mines never move."),
    "headquarters": N_("The Headquarters never moves."),
    "moved": N_("Each turn moves two different pieces: this one already moved."),
    "into-volcano": N_("Nothing may enter a volcano."),
    "own-piece": N_("{square} holds one of your own pieces."),
    "attacked": N_("The second move may not enter {square}: the first move attacked it."),
    "no-return": N_("No return to {square} this turn: that piece came from there last turn."),
    "turn-ended": N_("The turn has already ended."),
    "turn-incomplete": N_("The turn is not complete: it needs a second move by another piece."),
    "turn-complete": N_("The turn is already complete."),
    "empty-turn": N_("A turn needs a move."),
    "nothing-to-undo": N_("There is no move to take back."),
    "no-game": N_("There is no game in progress to resign."),
    "no-draw-offer": N_("There is no draw offer to accept."),
}


# The audit's findings (espionage.sealed.audit.Finding), by code: {side} is the side whose claim was false.
FINDINGS = {
    "unrevealed": N_("{side} has not revealed its army yet."),
    "commitment": N_("{side}'s army does not match the sealed commitment it sent at the start."),
    "end": N_("The game's end does not follow the rules: the links say “{outcome}”, the rules say “{truth}”."),
    "no-legal-move": N_("Turn {turn}: {side} claimed to have no legal move, but it had one."),
    "one-move": N_("Turn {turn}: {side} ended its turn after one move, though another piece could move."),
    "attacker-won": N_(
        "Turn {turn}: {side} claimed the attacking {attacker} beat its {defender} on {square}; the {defender} wins."
    ),
    "defender-won": N_(
        "Turn {turn}: {side} claimed its {defender} on {square} beat the attacking {attacker}; the {attacker} wins."
    ),
    "removed-kind": N_("Turn {turn}: {side} said its piece removed on {square} was a {said}; it was a {truth}."),
    "removed-attacker": N_(
        "Turn {turn}: {side} said the attacker removed on {square} was a {said}; it was a {truth}."
    ),
    "fight": N_("Turn {turn}: {side} sent a sealed fight on {square} that its army does not give."),
    "sender-key": N_("{side}'s sender key for sealed fights does not come from its secret."),
    "watched-without-spy": N_("Turn {turn}: {side} asked for the kind on {square} but has no Spy next to it."),
    "spy-unsaid": N_("Turn {turn}: {side} has a Spy next to {square} but did not say so."),
    "kind": N_("Turn {turn}: {side} said its piece on {square} was a {said}; it is a {truth}."),
    "not-a-spy": N_("Turn {turn}: {side} said its piece on {square} was a Spy; it is a {truth}."),
    "hidden-spy": N_("Turn {turn}: {side}'s Spy moved to {square} but {side} said it was not a Spy."),
    "immovable-moved": N_("Turn {turn}: {side}'s {kind} on {square} moved."),
    "moved-without-move": N_("Turn {turn}: {side} had no legal move but claimed the move {move}."),
    "moved-after-end": N_("Turn {turn}: {side} claimed the move {move} after the game had ended ({outcome})."),
    "illegal": N_("Turn {turn}: {side}'s move {move} is illegal: {reason}"),
    "attacker-kind": N_("Turn {turn}: {side} attacked {square} with its {truth} but said it was a {said}."),
    "asked-without-spy": N_(
        "Turn {turn}: {side} asked for the kinds around {square} but its piece there is a {truth}, not a Spy."
    ),
    "spy-did-not-ask": N_("Turn {turn}: {side}'s Spy moved to {square} but {side} did not ask for the kinds around it."),
}


def finding_text(finding):
    """The audit's first false claim, in the player's words."""
    facts = dict(finding.facts)
    words = {"side": side_name, "square": square_name, "move": str, "error": error_text}
    for name in ("kind", "said", "truth", "attacker", "defender"):
        words[name] = kind_name
    for name in ("outcome", "truth") if finding.code == "end" else ("outcome",):
        words[name] = lambda outcome: outcome_text(outcome) if outcome is not None else _("the game goes on")
    said = {name: words.get(name, str)(value) for name, value in facts.items()}
    said["reason"] = said.pop("error", "")
    return _(FINDINGS[finding.code]).format(**said)


def error_text(error):
    """The sentence for ``error`` (an exception of the engine or a Failure; "" for none)."""
    if not error:
        return ""
    if isinstance(error, Finding) and error.code in FINDINGS:
        return finding_text(error)
    if isinstance(error, Failure):
        facts = dict(error.facts)
        for name in ("side", "other"):
            if name in facts:
                facts[name] = side_name(facts[name])
        return _(FAILURES[error.code]).format(**facts)
    if isinstance(error, IllegalMove):
        text = ILLEGAL.get(error.code, ILLEGAL["illegal"])
        if "{square}" in text and not error.squares:
            text = ILLEGAL["illegal"]
        squares = [square_name(sq) for sq in error.squares]
        return _(text).format(square=squares[-1] if squares else "")
    if isinstance(error, link.FalseClaim) and error.liar.lower() in SIDES:  # it names the liar: "Red" or "Blue"
        code = "false-fight" if isinstance(error, FalseFight) else "false-claim"
        return error_text(Failure(code, side=SIDES.index(error.liar.lower())))
    for cls, text in LINK_ERRORS:
        if isinstance(error, cls):
            return _(text)
    if isinstance(error, SetupError):
        return _("This setup breaks the rules of the army.")
    return _("That is not possible now.")
