"""The computer player: ``Bot(level, seed).turn(view)`` and ``Bot.setup(side, seed)``."""

import dataclasses
import random
import time

from ..armies import sensible_setup
from .belief import DECLINES, Belief
from .search import Budget, Search

LEVELS = {
    # Level 1, at once: counts, "moved, so no Mine or Headquarters" and fights; pairs of moves
    # scored against the enemy's best answer on two sampled armies, each capture weighed with
    # our recapture (so the enemy shuns a capture we take back, and a guarded piece counts).
    1: (
        dict(priors=False, spy_inference=False),
        Budget(samples=2, first_moves=2, second_moves=2, reply=1, recapture=True),
    ),
    # Level 2: what Spies' unmasking shows, priors on where the Headquarters stands and who
    # attacks, and what the enemy's pieces beside ours did not dare (Belief's declines); single
    # moves screened against the enemy's answer, more samples and pairs, the enemy's best two
    # moves, then our next turn's Headquarters (Budget.watch), a game lost on a sample told
    # apart from another (Budget.doom); unmasking valued at 0.3 of level 3's figure.
    2: (
        dict(priors=True, spy_inference=True, declines=DECLINES),
        Budget(
            samples=8,
            first_moves=3,
            second_moves=3,
            reply=2,
            screen_reply=True,
            recapture=True,
            info=0.3,
            watch=True,
            doom=True,
        ),
    ),
    # Level 3, by time: level 2's knowledge and search with more pairs, then its best turns
    # scored on fresh samples until the time is up (about a second of the worker's time), so
    # that the turn it plays is the best on many sampled armies, not on a lucky few. It defends
    # its Headquarters against the Sappers that take most of them (soldiers kept near it, the
    # higher ones beside its doors, Sappers valued), the more so the nearer the front it stands
    # (Budget.exposed). Unmasking counts half of its figure: its Spies, sent to unmask, were
    # lost where they stood (docs/computer-strength.md, "Unmasking at half its worth").
    3: (
        dict(priors=True, spy_inference=True, declines=DECLINES),
        Budget(
            samples=8,
            first_moves=5,
            second_moves=4,
            reply=2,
            screen_reply=True,
            recapture=True,
            seconds=1.0,
            watch=True,
            doom=True,
            guard=0.5,
            doors=0.5,
            exposed=2.0,
            sapper=1.0,
            info=0.5,
        ),
    ),
}


class Bot:
    """A computer opponent that sees only a player's view.

    The turn depends on the view's public content, the level and the seed
    alone (and for level 3 on how much its clock lets it think): every random
    choice is drawn from a generator seeded with them."""

    def __init__(self, level=2, seed=0, seconds=None, clock=time.perf_counter):
        """``seconds`` replaces the thinking time of a level that thinks by time (level 3);
        ``clock`` measures it."""
        if level not in LEVELS:
            raise ValueError(f"level must be one of {sorted(LEVELS)}, not {level!r}")
        self.level = level
        self.seed = seed
        self.clock = clock
        _, budget = LEVELS[level]
        if seconds is not None and budget.seconds is not None:
            budget = dataclasses.replace(budget, seconds=seconds)
        self.budget = budget

    def _rng(self, view):
        return random.Random(f"{self.seed}:{self.level}:{view.position()}:{len(view.events)}")

    def belief(self, view):
        """What this bot believes about the enemy army in ``view``."""
        knowledge, _ = LEVELS[self.level]
        return Belief(view, **knowledge)

    def turn(self, view):
        """The moves of a legal turn (one or two) for the view's side, which must be to move."""
        if view.outcome is not None:
            raise ValueError("the game is over")
        if view.viewer != view.side_to_move:
            raise ValueError("it is not this view's side's turn")
        if not view.legal_moves():
            raise ValueError("the side to move has no legal move")
        budget = self.budget
        deadline = None if budget.seconds is None else self.clock() + budget.seconds
        return Search(view, self.belief(view), budget, self._rng(view), deadline, self.clock).choose()

    @staticmethod
    def setup(side, seed=0):
        """An army for ``side`` ("red"/"blue"), placed as strong players do; varies with ``seed``."""
        return sensible_setup(side, random.Random(f"setup:{side}:{seed}"))
