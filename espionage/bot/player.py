"""The computer player: ``Bot(level, seed).turn(view)`` and ``Bot.setup(side, seed)``."""

import random

from ..armies import sensible_setup
from .belief import Belief
from .search import Budget, Search

LEVELS = {
    # Level 1: counts, "moved, so no Mine or Headquarters" and fights; best move, then best second move.
    1: (dict(priors=False, spy_inference=False), Budget(samples=2, first_moves=1, second_moves=0, reply=0)),
    # Level 2: what Spies' unmasking shows too; pairs of moves scored together against the enemy's best answer.
    2: (dict(priors=False, spy_inference=True), Budget(samples=4, first_moves=4, second_moves=4, reply=1)),
    # Level 3: priors on where the Headquarters stands and who attacks; single moves screened
    # against the enemy's answer, more samples and pairs, the enemy's best two moves, each capture
    # weighed with our recapture (so the enemy shuns a capture we take back, and a guarded piece counts).
    3: (
        dict(priors=True, spy_inference=True),
        Budget(samples=16, first_moves=8, second_moves=8, reply=2, screen_reply=True, recapture=True),
    ),
}


class Bot:
    """A computer opponent that sees only a player's view.

    The turn depends on the view's public content, the level and the seed
    alone: every random choice is drawn from a generator seeded with them."""

    def __init__(self, level=2, seed=0):
        if level not in LEVELS:
            raise ValueError(f"level must be one of {sorted(LEVELS)}, not {level!r}")
        self.level = level
        self.seed = seed

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
        _, budget = LEVELS[self.level]
        return Search(view, self.belief(view), budget, self._rng(view)).choose()

    @staticmethod
    def setup(side, seed=0):
        """An army for ``side`` ("red"/"blue"), placed as strong players do; varies with ``seed``."""
        return sensible_setup(side, random.Random(f"setup:{side}:{seed}"))
