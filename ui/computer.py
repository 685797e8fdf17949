"""Games against the computer: the match (its controller: ui/computerplay.py).

The computer thinks in a worker (``ui/worker_bridge.py``); the match checks its answers
(:meth:`ComputerMatch.receive`) and plays them a move at a time (:meth:`ComputerMatch.step`).

The computer receives only its own view (``ui.botwire``); its army is kept in
the match saved on this device and drawn only at the end.
"""

import json
from dataclasses import dataclass, field

from espionage import IllegalMove, Move
from espionage.board import BLUE, RED, SIDES

from .i18n import N_, _
from .saves import DAMAGED, Match
from .screens import Screen

COMPUTER_PREFIX = "espionage:computer:"
LEVELS = {
    1: N_(
        "Beginner: answers at once; takes the best move it sees, then the best second move, "
        "without weighing your answer."
    ),
    2: N_("Club player: weighs both moves of a turn together against your best answer, and reads Spies and fights."),
    3: N_("Strong: looks further ahead over more guesses of your army; thinks about a second a turn."),
}
TAKE_BACK_LEVELS = (1, 2)
REVEAL_SECONDS = 0.7  # between the computer's two moves, so both are seen
# The worker (ui/worker_bridge.py): its script, its configuration (the page's: the same
# Python files) and the interpreter module it loads: the page's runtime, served from this
# site, started without stack switching (static/worker-python.mjs).
WORKER_SCRIPT = "./bot_worker.py"
WORKER_CONFIG = "./pyscript.toml"
WORKER_RUNTIME = "./static/worker-python.mjs"
FAIRNESS = N_(
    "The computer sees only what you see: it is given its own view of the board, never your army. "
    "It learns your pieces as you learn its: from fights, Spies and moves."
)


@dataclass
class ComputerMatch(Match):
    """A game against the computer on this device.

    ``pending``: the moves of the computer's turn not shown yet (it plays them
    one at a time); ``round`` changes when a question to the worker is void
    (a turn taken back, "ask again"), so a late answer is told from a fresh one."""

    human: int = RED
    level: int = 2
    seed: int = 0
    pending: list = field(default_factory=list)
    round: int = 0
    error: str = ""  # why the last answer was refused; not saved: a reload asks again
    mode: str = "computer"
    PREFIX = COMPUTER_PREFIX

    @property
    def computer(self):
        return 1 - self.human

    @property
    def revision(self):
        return None if self.game is None else (len(self.game.events), self.game.outcome, self.round)

    # -- the computer's turn ----------------------------------------------------------

    @property
    def thinking(self):
        """Whether the computer is choosing a turn (asked, or to be asked)."""
        return self.to_move() == self.computer and not self.pending and not self.error

    def job(self):
        """The name of the question the worker should answer now, or None."""
        if not self.thinking:
            return None
        return f"{self.id}:{len(self.game.events)}:{self.round}"

    def request(self):
        """The text to post to the worker: the computer's view only."""
        from . import botwire  # the computer's modules load only when a game against it needs them

        return botwire.request(self.job(), self.level, self.seed, self.game.view(SIDES[self.computer]))

    def receive(self, answer):
        """Take the worker's answer (a dict) if it answers the question asked now: its moves
        are checked against the computer's view, then wait in ``pending``. True if taken."""
        if answer.get("job") is None or answer.get("job") != self.job():
            return False
        if "error" in answer:
            self.error = str(answer["error"])
            return True
        try:
            moves = [Move.from_str(m) for m in answer["moves"]]
            view = self.game.view(SIDES[self.computer])
            for i, m in enumerate(moves):
                if m not in view.legal_moves_after(moves[:i]):
                    raise IllegalMove(f"{m} is not legal there", "illegal", (m.from_square, m.to_square))
            if not moves or view.legal_moves_after(moves):
                raise IllegalMove("the turn is not complete", "turn-incomplete")
        except (ValueError, KeyError, TypeError) as e:
            self.error = f"its answer was not a legal turn ({e})"
            return True
        self.pending = [str(m) for m in moves]
        return True

    def step(self):
        """Play the next move the computer chose; True if one was played."""
        if not self.pending or self.to_move() != self.computer:
            self.pending = []
            return False
        try:
            self.game.play(self.pending.pop(0))
        except IllegalMove as e:  # only a save changed by hand holds one: ask for the turn again
            self.pending = []
            self.error = f"its saved move was not legal ({e})"
            return False
        if self.game.outcome is not None:
            self.pending = []
        return True

    def ask_again(self):
        """After an error: a new question to the worker."""
        if self.error:
            self.error = ""
            self.round += 1

    # -- taking back ----------------------------------------------------------------------

    def can_take_back(self):
        return (
            self.level in TAKE_BACK_LEVELS
            and self.to_move() == self.human
            and not self.pending
            and any(e.side == self.human for e in self.game.events)
        )

    def take_back(self):
        """Undo the computer's last turn and the player's turn before it."""
        if not self.can_take_back():
            return False
        events = self.game.events
        while events and events[-1].side != self.human:
            self.game.undo()
        last = (events[-1].turn, events[-1].side)
        while events and (events[-1].turn, events[-1].side) == last:
            self.game.undo()
        self.draw_offer = None
        self.round += 1
        return True

    # -- the match interface ----------------------------------------------------------

    def submit(self, side, moves):
        if side != self.human:
            raise IllegalMove("it is not your turn", "not-your-turn")
        super().submit(side, moves)

    def resign(self, side):
        super().resign(side)
        self.pending = []

    def offer_draw(self, side):
        """The computer plays every game out: an offer is not made."""

    def draw_offered_to(self, side):
        return False

    def can_show(self, screen, side):
        """Only the player's own screens: the computer's board is never shown."""
        return side == self.human and super().can_show(screen, side)

    def next_screen(self, side):
        return Screen.OVER if self.outcome is not None else Screen.PLAY

    def status(self):
        if self.game is None:
            return _("setting up your army")
        if self.game.outcome is not None:
            winner = self.game.outcome.winner
            if winner is None:
                return _("finished: draw")
            return _("finished: you won") if SIDES.index(winner) == self.human else _("finished: the computer won")
        if self.to_move() == self.human:
            return _("turn {n}, your move").format(n=self.game.turn_number)
        return _("turn {n}, the computer's move").format(n=self.game.turn_number)

    def summary(self):
        if self.variant.moves_per_turn == 1:
            text = _("Against the computer (level {level}), one move per turn: {status}")
        else:
            text = _("Against the computer (level {level}), two moves per turn: {status}")
        return text.format(level=self.level, status=self.status())

    def to_json(self):
        data = json.loads(super().to_json())
        data.update(human=self.human, level=self.level, seed=self.seed, pending=self.pending, round=self.round)
        return json.dumps(data)

    @classmethod
    def from_json(cls, text):
        match = super().from_json(text)
        try:
            data = json.loads(text)
            match.human, match.level, match.seed = int(data["human"]), int(data["level"]), int(data["seed"])
            match.pending = [str(Move.from_str(m)) for m in data.get("pending", [])]
            match.round = int(data.get("round", 0))
        except DAMAGED as e:
            raise ValueError(f"the save is damaged ({e})") from None
        if match.mode != cls.mode or match.human not in (RED, BLUE) or match.level not in LEVELS:
            raise ValueError("the save is damaged (not a game against the computer)")
        if match.game is None and match.setups[match.computer] is None:  # set up as the game was made
            raise ValueError("the save is damaged (the computer's army is missing)")
        return match

