"""Reference opponents for the arena: outside yardsticks for the computer's strength.

Both play from a player's view alone (never a Game), like ``Bot``, and their
turn depends only on the seed and the view's public content:

- ``RandomPlayer``: a uniform legal first move, then a uniform legal second move.
- ``GreedyPlayer``: one move at a time, the move with the best expected material
  from what it has seen (the enemy's remaining counts, pieces that moved are no
  Mine or Headquarters, fights it saw; the level-1 belief, nothing more). Ties,
  such as every quiet move, are broken at random.
"""

import random

from .belief import Belief
from .evaluate import BASE
from .kinds import CODE, HEADQUARTERS, WINS, codes_in

CAPTURED_HEADQUARTERS = 1000.0
"""Taking the Headquarters wins the game: worth more than any material."""


def _rng(name, seed, view):
    return random.Random(f"{name}:{seed}:{view.position()}:{len(view.events)}")


class RandomPlayer:
    """Uniform among legal turns: a uniform first move, then a uniform second move."""

    def __init__(self, seed=0):
        self.seed = seed

    def turn(self, view):
        rng = _rng("random", self.seed, view)
        first = rng.choice(view.legal_moves())
        seconds = view.legal_moves_after([first])
        return [first, rng.choice(seconds)] if seconds else [first]


class GreedyPlayer:
    """One move at a time, the best expected material; knows what the level-1 belief knows."""

    def __init__(self, seed=0):
        self.seed = seed

    def turn(self, view):
        rng = _rng("greedy", self.seed, view)
        belief = Belief(view, priors=False, spy_inference=False)
        first = self._best(view, belief, view.legal_moves(), rng)
        seconds = view.legal_moves_after([first])
        return [first, self._best(view, belief, seconds, rng)] if seconds else [first]

    def _best(self, view, belief, moves, rng):
        scored = [(expected_material(view, belief, move), rng.random(), move) for move in moves]
        return max(scored, key=lambda entry: entry[:2])[2]


def kind_chances(belief, square):
    """{kind code: probability} for the enemy piece on ``square``: its possible kinds by their counts left."""
    piece = belief.pieces[square]
    if piece.known is not None:
        return {piece.known: 1.0}
    weights = {k: belief.pool[k] for k in codes_in(piece.mask) if belief.pool[k] > 0}
    total = sum(weights.values())
    return {k: w / total for k, w in weights.items()}


def expected_material(view, belief, move):
    """Material the move wins on average (a quiet move: 0): the defender's worth if
    the attacker wins, minus the attacker's if it loses."""
    if view.owner(move.to_square) != belief.enemy:
        return 0.0
    attacker = CODE[view.letters[move.from_square].upper()]
    total = 0.0
    for kind, chance in kind_chances(belief, move.to_square).items():
        if WINS[attacker][kind]:
            total += chance * (CAPTURED_HEADQUARTERS if kind == HEADQUARTERS else BASE[kind])
        else:
            total -= chance * BASE[attacker]
    return total
