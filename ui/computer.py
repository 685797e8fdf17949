"""Games against the computer: the match, and the controller of that mode.

The computer thinks in a worker (main.py's binding, ``ui/worker_bridge.py``):
after every action the binding asks :meth:`ComputerControl.job` whether to
send it a question and :meth:`ComputerControl.step_due` which match shows its next move, and
brings the answers back as actions (``computer-answer``, ``computer-step``).
Everything those answers do is decided here, in pure Python.

The computer receives only its own view (``ui.botwire``); its army is kept in
the match saved on this device and drawn only at the end.
"""

import json
from dataclasses import dataclass, field

from espionage import IllegalMove, Move, Setup, random_volcanoes
from espionage.board import BLUE, RED, SIDES

from .controller import Action, Controller
from .i18n import N_, _
from .saves import Match, load_saved
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
# Python files) and the Python runtime it loads, served from this site like the page's.
WORKER_SCRIPT = "./bot_worker.py"
WORKER_CONFIG = "./pyscript.toml"
WORKER_RUNTIME = "./static/vendor/pyodide/pyodide.mjs"
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
        except (KeyError, TypeError) as e:
            raise ValueError(f"the save is damaged ({e})") from None
        if match.mode != cls.mode or match.human not in (RED, BLUE) or match.level not in LEVELS:
            raise ValueError("the save is damaged (not a game against the computer)")
        return match


def load_computer_matches(storage):
    """Every saved game against the computer by id, and the keys of saves that could not be read."""
    return load_saved(storage, ComputerMatch)


class ComputerControl(Controller):
    """Play the computer: the ``computer-*`` actions, and what the worker is asked (main.py's
    binding asks :meth:`wants_worker`, :meth:`job` and :meth:`step_due` after every action)."""

    mode = ComputerMatch.mode
    own_screens = frozenset({Screen.COMPUTER_OPTIONS})

    def __init__(self, app):
        super().__init__(app)
        self.level = 2  # the options of a new game against the computer
        self.colour = RED

    def actions(self):
        return {
            "computer-new": Action(self.new_game),
            "computer-level": Action(self.choose_level),
            "computer-colour": Action(self.choose_colour),
            "computer-start": Action(self.start),
            "computer-ready": Action(self.ready),
            "computer-answer": Action(self.answered),
            "computer-step": Action(self.step),
            "computer-retry": Action(self.retry),
            "take-back": Action(self.take_back),
        }

    def pages(self):
        from . import computerpages  # the computer's modules load only when a game against it needs them

        return computerpages.PAGES

    def _match(self):
        """The open game against the computer, or None."""
        return self.app.match if self.app.controller is self else None

    # -- a new game -------------------------------------------------------------------

    def new_game(self, _arg):
        self.app.show(Screen.COMPUTER_OPTIONS)

    def choose_level(self, arg):
        if self.app.screen == Screen.COMPUTER_OPTIONS and arg.isdigit() and int(arg) in LEVELS:
            self.level = int(arg)

    def choose_colour(self, arg):
        if self.app.screen == Screen.COMPUTER_OPTIONS and arg in SIDES:
            self.colour = SIDES.index(arg)

    def start(self, _arg):
        if self.app.screen == Screen.COMPUTER_OPTIONS:
            self._new_match(self.colour, self.level)

    def _new_match(self, human, level):
        app = self.app
        match = ComputerMatch(
            id=f"{app.rng.getrandbits(40):010x}",
            variant=app.options,
            volcanoes=random_volcanoes(app.options.volcanoes, app.rng),
            human=human,
            level=level,
            seed=app.rng.getrandbits(32),
        )
        from espionage.bot import Bot

        match.setups[match.computer] = Bot.setup(SIDES[match.computer], match.seed)
        app.matches[match.id] = match
        app.save(match)
        app.show(Screen.SETUP, match, human)

    def ready(self, _arg):
        match = self._match()
        if self.app.screen != Screen.SETUP or match is None or match.game is not None or not self.app.setup_complete:
            return
        match.setups[match.human] = Setup(match.human, self.app.placed)
        match.start()
        self.app.save(match)
        self.resume(match)

    def resume(self, match):
        """The screen a game against the computer is at: its setup, the board, or the end."""
        if match.game is None:
            self.app.show(Screen.SETUP, match, match.human)
        elif match.outcome is not None:
            self.app.side = match.human
            self.app.game_over(match)
        else:
            self.app.show(Screen.PLAY, match, match.human)
        self.app.message = ""

    def rematch(self, match):
        """The same options and level, colours swapped."""
        self._new_match(match.computer, match.level)

    def waiting(self, match):
        return _("The computer is thinking: its move comes in a moment.") if match.thinking else ""

    # -- the worker (driven by the browser binding) -------------------------------------

    @property
    def wants_worker(self):
        """Whether the computer's worker should exist now: a game against it is open."""
        match = self._match()
        return match is not None and match.outcome is None

    def job(self):
        """The question the worker should answer now (the open game's computer is to move), or None.
        Cheap: asked after every action; the question's text is made only when it is sent."""
        match = self._match()
        return None if match is None else match.job()

    def request(self):
        """The text of that question, for the worker."""
        return self._match().request()

    def step_due(self):
        """The id of the open match whose computer has a chosen move still to show, or None."""
        match = self._match()
        return match.id if match is not None and match.pending else None

    def answered(self, text):
        """The worker answered: its first move is shown now, the second after a pause."""
        try:
            answer = json.loads(text)
            match = self.app.matches.get(str(answer["job"]).split(":")[0])
        except (ValueError, KeyError, TypeError, AttributeError):
            return
        if not isinstance(match, ComputerMatch) or not match.receive(answer):
            return
        match.step()
        self._moved(match)

    def step(self, match_id):
        match = self.app.matches.get(match_id)
        if isinstance(match, ComputerMatch) and match.step():
            self._moved(match)

    def _moved(self, match):
        self.app.save(match)
        if self.app.match is match and self.app.screen == Screen.PLAY and match.outcome is not None:
            self.app.game_over(match)

    def retry(self, _arg):
        match = self._match()
        if match is not None:
            match.ask_again()
            self.app.save(match)

    def take_back(self, _arg):
        match = self._match()
        if self.app.screen == Screen.PLAY and match is not None and match.take_back():
            self.app.planned, self.app.selected = [], None
            self.app.save(match)
            self.app.message = _("Your last turn and the computer's answer were taken back.")

    def error(self):
        """Why the computer could not play, for the page ("" : it can)."""
        match = self._match()
        return _("The computer could not play.") if match and match.error else ""
