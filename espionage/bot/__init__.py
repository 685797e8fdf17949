"""The computer opponent: sees only a player's view, at three levels (standard library only).

``Bot(level=1|2|3, seed=0).turn(view)`` returns a legal turn; ``Bot.setup(side, seed)`` an army.
"""

from .player import LEVELS, Bot

__all__ = ["LEVELS", "Bot"]
